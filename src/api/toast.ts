// The one message toast of the portal (spec 8: only one at a time, a new one closes the previous).
// Each toast closes the one on screen and opens under a key of its own. It does not reuse one key:
// rc-notification (antd's message) keeps a replaced notice's elapsed time and takes it off the new
// one's duration, so a toast that replaced one shown for nearly 3 s vanished after a few
// milliseconds (seen as a lost toast on a slow machine; toast.test.tsx reproduces it). The API
// client's error messages default to this; success messages (operateSuccess and the like) use it
// too so they also replace whatever is showing.
import type { MessageArgsProps } from "antd";
import type { MessageInstance } from "antd/es/message/interface";

import { showFallbackToast } from "./toastFallback";

export type ToastType = NonNullable<MessageArgsProps["type"]>;

const KEY_PREFIX = "portal-toast-";
let serial = 0;
/** Closes the toast on screen (or the last one shown). */
let closeShown: (() => void) | null = null;

// The App-bound API (the admin shell renders antd's <App>) renders inside the app's ConfigProvider;
// elsewhere antd's static message, which takes the theme and locale from the holder App.tsx
// registers (ConfigProvider.config holderRender). It is loaded with the first toast, in order. When
// it cannot be loaded (the server is down: issue 18) the toast shows with toastFallback.ts.
let bound: MessageInstance | null = null;
let staticMessage: Promise<MessageInstance> | null = null;

const importAntdMessage = (): Promise<MessageInstance> => import("antd/es/message").then(({ default: message }) => message as MessageInstance);
/** How antd's static message is loaded (tests make it fail). */
let importMessage = importAntdMessage;

function loadStaticMessage(): Promise<MessageInstance> {
  staticMessage ??= importMessage();
  staticMessage.catch(() => (staticMessage = null)); // tried again with the next toast
  return staticMessage;
}

function replaceShown(close: () => void): void {
  closeShown?.();
  closeShown = close;
}

function show(api: MessageInstance, content: string, type: ToastType): void {
  serial += 1;
  const key = `${KEY_PREFIX}${serial}`;
  replaceShown(() => api.destroy(key));
  api.open({ key, type, content });
}

export function toast(content: string, type: ToastType = "error"): void {
  if (bound) {
    show(bound, content, type);
    return;
  }
  loadStaticMessage()
    .then((message) => show(bound ?? message, content, type))
    .catch(() => replaceShown(showFallbackToast(content, type)));
}

/** The admin shell's binding (api/toastBinding.ts): toasts go to this API while it is set. */
export function bindToast(message: MessageInstance | null): void {
  bound = message;
}
export function boundToast(): MessageInstance | null {
  return bound;
}
/** Tests: how antd's static message is loaded (the default when null). */
export function setMessageImporter(importer: (() => Promise<MessageInstance>) | null): void {
  importMessage = importer ?? importAntdMessage;
  staticMessage = null;
}
// The hook that binds it is useToastBinding in api/toastBinding.ts, a module of its own: antd's
// <App> stays out of the pages that only show toasts (issue 9).
