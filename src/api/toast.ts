// The one message toast of the portal (spec 8: only one at a time, a new one closes the previous).
// Every toast uses the same antd message key, so antd replaces the notice on screen instead of
// stacking a second one. The API client's error messages default to it; success messages
// (operateSuccess and the like) should use it too so they also replace whatever is showing.
import { useEffect } from "react";
import { App, message as staticMessage, type MessageArgsProps } from "antd";

export const TOAST_KEY = "portal-toast";

export type ToastType = NonNullable<MessageArgsProps["type"]>;
type MessageApi = ReturnType<typeof App.useApp>["message"];

// The App-bound API renders inside the app's ConfigProvider (theme colours); the static API is the
// fallback for toasts raised before the shell has mounted.
let bound: MessageApi | null = null;

export function toast(content: string, type: ToastType = "error"): void {
  (bound ?? staticMessage).open({ key: TOAST_KEY, type, content });
}

/**
 * Call once in a component rendered inside antd's <App>, so toasts take the current theme. The
 * binding is dropped again when that component unmounts.
 */
export function useToastBinding(): void {
  const { message } = App.useApp();
  useEffect(() => {
    bound = message;
    return () => {
      if (bound === message) bound = null;
    };
  }, [message]);
}
