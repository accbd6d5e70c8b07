// A confirm dialog loaded on demand (issue 9): antd's Modal comes only when a confirm is opened,
// not with the login pages or the workspace. It is antd's static Modal.confirm, which takes the
// app's theme and locale from the holder App.tsx registers (ConfigProvider.config holderRender),
// as antd's <App> context did for the hook version.
import type { ModalFuncProps } from "antd";

import { browserRetryDeps, retryingImport } from "./lazyRetry";

// With the server down the network-failure message shows and no dialog opens (a confirm that
// popped up once the server is back would ask about something long gone): closed answers false.
const loadModal = retryingImport(() => import("antd/es/modal"), browserRetryDeps, "fail");

export interface ConfirmHandle {
  /** true when OK was chosen (after its onOk finished), false when cancelled. */
  readonly closed: Promise<boolean>;
  /** Closes the dialog without a choice (also before it has loaded: it then never opens). */
  destroy(): void;
}

export function openConfirm(props: ModalFuncProps): ConfirmHandle {
  let destroyed = false;
  let opened: { destroy: () => void } | null = null;
  let settle: (ok: boolean) => void = () => undefined;
  const closed = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  loadModal()
    .then(({ default: Modal }) => {
      if (destroyed) return;
      opened = Modal.confirm({
        ...props,
        onOk: async (...args: unknown[]) => {
          await (props.onOk as ((...a: unknown[]) => unknown) | undefined)?.(...args);
          settle(true);
        },
        onCancel: (...args: unknown[]) => {
          settle(false);
          return (props.onCancel as ((...a: unknown[]) => unknown) | undefined)?.(...args);
        },
      });
    })
    .catch((error: unknown) => {
      console.error("the confirm dialog failed to load", error);
      settle(false);
    });
  return {
    closed,
    destroy() {
      destroyed = true;
      opened?.destroy();
    },
  };
}

/** Opens a confirm and answers whether OK was chosen. */
export function confirm(props: ModalFuncProps): Promise<boolean> {
  return openConfirm(props).closed;
}
