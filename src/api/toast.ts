// The one message toast of the portal (spec 8: only one at a time, a new one closes the previous).
// Every toast uses the same antd message key, so antd replaces the notice on screen instead of
// stacking a second one. The API client's error messages default to it; success messages
// (operateSuccess and the like) should use it too so they also replace whatever is showing.
import type { MessageArgsProps } from "antd";
import type { MessageInstance } from "antd/es/message/interface";

export const TOAST_KEY = "portal-toast";

export type ToastType = NonNullable<MessageArgsProps["type"]>;

// The App-bound API (the admin shell renders antd's <App>) renders inside the app's ConfigProvider;
// elsewhere antd's static message, which takes the theme and locale from the holder App.tsx
// registers (ConfigProvider.config holderRender). It is loaded with the first toast, in order.
let bound: MessageInstance | null = null;
let staticMessage: Promise<MessageInstance> | null = null;

function loadStaticMessage(): Promise<MessageInstance> {
  staticMessage ??= import("antd/es/message").then(({ default: message }) => message as MessageInstance);
  staticMessage.catch(() => (staticMessage = null)); // tried again with the next toast
  return staticMessage;
}

export function toast(content: string, type: ToastType = "error"): void {
  if (bound) {
    bound.open({ key: TOAST_KEY, type, content });
    return;
  }
  loadStaticMessage()
    .then((message) => (bound ?? message).open({ key: TOAST_KEY, type, content }))
    .catch((error: unknown) => console.error("the message toast failed to load", content, error));
}

/** The admin shell's binding (api/toastBinding.ts): toasts go to this API while it is set. */
export function bindToast(message: MessageInstance | null): void {
  bound = message;
}
export function boundToast(): MessageInstance | null {
  return bound;
}
// The hook that binds it is useToastBinding in api/toastBinding.ts, a module of its own: antd's
// <App> stays out of the pages that only show toasts (issue 9).
