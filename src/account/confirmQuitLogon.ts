// The quitLogon confirm (spec 2.4): "Are you sure to log out" with Confirm and Cancel; Confirm
// logs out and loads `destination`. The user shell's quitLogon page and the admin shell's side
// menu (issue 22) ask with this one dialog.
import type { AuthProvider } from "@refinedev/core";
import type { TFunction } from "i18next";

import { openConfirm, type ConfirmHandle } from "../shared/confirm";

export interface QuitLogonChoice {
  /** Where a confirmed, successful logout goes (a full page load). */
  destination: string;
  /** Cancel, or a refused logout (the client has shown its message; the session stays). */
  onStay?: () => void;
}

export function confirmQuitLogon(
  authProvider: Pick<AuthProvider, "logout">,
  t: TFunction, { destination, onStay }: QuitLogonChoice): ConfirmHandle {
  return openConfirm({
    title: t("portal:quitLogon.title"),
    okText: t("common:actions.confirm"),
    cancelText: t("common:actions.cancel"),
    keyboard: false,
    maskClosable: false,
    onOk: async () => {
      // The auth provider's logout (clears the session, isLoggedIn 0); not refine's useLogout,
      // whose auth re-check would send the shell to its fallback (/loginCopy) first.
      const result = await authProvider.logout({}).catch(() => ({ success: false }));
      if (!result.success) return onStay?.();
      // A full page load, as after an expired session: nothing of the ended session (cached
      // identity, a pending auth re-check of the shell) survives to redirect elsewhere.
      window.location.replace(destination);
    },
    onCancel: () => onStay?.(),
  });
}
