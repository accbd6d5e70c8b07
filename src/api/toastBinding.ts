// Binds the portal's toast (api/toast.ts) to antd's <App> message API, so toasts take the theme of
// the tree they are raised in. Only the admin shell renders <App> and calls this; the rest of the
// app shows toasts with antd's static message (issue 9).
import { useEffect } from "react";
import { App } from "antd";

import { bindToast, boundToast } from "./toast";

/**
 * Call once in a component rendered inside antd's <App>, so toasts take the current theme. The
 * binding is dropped again when that component unmounts.
 */
export function useToastBinding(): void {
  const { message } = App.useApp();
  useEffect(() => {
    bindToast(message);
    return () => {
      if (boundToast() === message) bindToast(null);
    };
  }, [message]);
}
