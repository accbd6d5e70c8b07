// Making a sid this tab's session (password login, single sign-on, tokens, /relogin) and the role
// switch (spec 2.5, 4, 6). Plain functions over a client given as an argument: the auth provider
// and the pages that start a session share them.
import { SILENT, unwrap, type PortalClient } from "../api/client";
import type { components } from "../api/schema";
import { clearPermissionMaps, storeMenuPermissions } from "../shared/permissions";
import {
  LOGGED_IN,
  clearUserSession,
  isAdminSystem,
  removeSession,
  setLoggedInFlag,
  writeSession,
  writeSessionJson,
} from "../shared/session";
import { ROUTES } from "./routes";

export type UserInfo = components["schemas"]["UserInfo"];

/** Where a successful login lands (spec 4). */
export function landingPath(menusLoaded: boolean): string {
  return isAdminSystem() && menusLoaded ? ROUTES.adminPeople : ROUTES.workingSpace;
}

/** Stores who signed in (spec 3 keys) and marks the login complete (isLoggedIn 2). */
export function storeUserInfo(user: UserInfo): void {
  writeSessionJson("userInfo", user);
  writeSession("userId", String(user.id));
  writeSession("username", user.userName);
  writeSession("roleCode", user.roleCode);
}

export async function fetchUserInfo(client: PortalClient, quiet: boolean): Promise<UserInfo> {
  const user = await unwrap(
    client.GET("/sysUserEx/getUserInfo", quiet ? { headers: SILENT } : {}),
  );
  storeUserInfo(user);
  setLoggedInFlag(LOGGED_IN);
  return user;
}

/** Menu tree of the session's roles -> the spec 6 permission maps. False when it failed. */
async function loadMenuPermissions(client: PortalClient): Promise<boolean> {
  try {
    const menus = await unwrap(
      client.POST("/api/RoleMenuController/getRoleMenuVOByRoles", { body: {}, headers: SILENT }),
    );
    storeMenuPermissions(menus);
    return true;
  } catch {
    // Without a map every element shows (spec 6); the server still checks each call.
    clearPermissionMaps();
    return false;
  }
}

export interface SessionActions {
  /**
   * Makes `sid` this tab's session the way the password login does: earlier user keys cleared,
   * the sid stored, user info and the menu permission maps loaded (all calls silent; the caller
   * shows one message). Throws when the sid does not verify, and then leaves no half session.
   */
  establish: (sid: string) => Promise<{ user: UserInfo; menusLoaded: boolean }>;
  /**
   * Spec 4, 6: switches the session to another of the user's roles. The new sid is stored, user
   * info and the menu maps reload; isChangeRole is set while it runs. A refusal is shown by the
   * client (resultMessage) and rethrown.
   */
  changeRole: (roleCode: string) => Promise<UserInfo>;
}

export function createSessionActions(client: PortalClient): SessionActions {
  return {
    establish: async (sid) => {
      clearUserSession(); // nothing of an earlier session (its token above all) outlives it
      writeSession("sid", sid);
      try {
        const user = await fetchUserInfo(client, true);
        const menusLoaded = await loadMenuPermissions(client);
        return { user, menusLoaded };
      } catch (error) {
        clearUserSession(); // half a login (a sid without user info) is no login
        throw error;
      }
    },

    changeRole: async (roleCode) => {
      writeSession("isChangeRole", "1");
      try {
        const { sid } = await unwrap(client.GET("/sysUserEx/changeRole", { params: { query: { roleCode } } }));
        writeSession("sid", sid); // the old sid no longer works
        const user = await fetchUserInfo(client, false);
        await loadMenuPermissions(client);
        return user;
      } finally {
        removeSession("isChangeRole");
      }
    },
  };
}
