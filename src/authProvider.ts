// refine AuthProvider of the portal (spec 3, 4): password login, logout, session check, identity
// and roles, and the "Login session expired" flow for code 4004. The app's one API client is made
// here too, because its onSessionExpired must be this module's expiry flow.
import type { AuthProvider } from "@refinedev/core";
import type { Middleware } from "openapi-fetch";

import {
  ApiError,
  SILENT,
  createPortalClient,
  unwrap,
  type PortalClient,
  type PortalClientOptions,
} from "./api/client";
import type { components } from "./api/schema";
import { i18n } from "./i18n";
import { leaveForSingleLogout } from "./navigation/singleLogout";
import { encryptPassword } from "./shared/crypto";
import { clearPermissionMaps, storeMenuPermissions } from "./shared/permissions";
import {
  EXPIRED_SID,
  LOGGED_IN,
  LOGGED_OUT,
  SESSION_KEYS,
  clearUserSession,
  hasLiveSession,
  isAdminSystem,
  readSessionJson,
  removeSession,
  setLoggedInFlag,
  writeSession,
  writeSessionJson,
} from "./shared/session";

export type UserInfo = components["schemas"]["UserInfo"];

export type LoginParams = {
  userName: string;
  password: string;
  verificationCode?: string;
  challengeId?: string;
  /**
   * Spec 4's "already logged in elsewhere" confirm, asked only once the server has verified the
   * password (issue 20) and answered that another session of the account is live. Resolves true to
   * sign in anyway; false ends the session the login just made and the login is cancelled.
   */
  confirmElsewhere?: () => Promise<boolean>;
};

/** The name of a login's error when the person cancelled the confirm (nothing to report). */
export const LOGIN_CANCELLED = "LoginCancelled";
/** The name of a login's error when the server wants a captcha that was not shown (code 4002). */
export const CAPTCHA_REQUIRED = "CaptchaRequired";
const CAPTCHA_REQUIRED_CODE = 4002;

export const ROUTES = {
  baseLogin: "/baseLogin",
  /** Where quitLogon's confirmed logout goes (spec 2.4). */
  login: "/login",
  loginCopy: "/loginCopy",
  workingSpace: "/main/workingSpace",
  /** Admin landing (spec 4: "people" when system is stageAdmin). */
  adminPeople: "/main/people",
} as const;

/** Body code of an expired or missing session (spec 4, 8). */
export const SESSION_EXPIRED_CODE = 4004;

// ---------------------------------------------------------------------------------------------
// Session expiry (spec 4)

export interface SessionExpiryDeps {
  storage?: Storage;
  /** Shows "Login session expired" and resolves when the person acknowledges it. */
  acknowledge?: () => Promise<void>;
  /** Leaves for a path; a full page load by default, so no state of the old session survives. */
  goTo?: (path: string) => void;
}

export interface SessionExpiry {
  /** Runs the spec 4 flow once; every call while it runs (or after) shares the same outcome. */
  expire: () => Promise<void>;
  /** True from the first 4004 on; the page is about to leave for /loginCopy. */
  isExpiring: () => boolean;
}

// antd's Modal loads when the dialog is first needed, not with every page (issue 9: the login page's
// JavaScript); it is the static Modal, themed by the holder App.tsx registers. Should it fail to
// load, the flow goes on to the login page without the dialog.
export async function showSessionExpiredDialog(): Promise<void> {
  let Modal: typeof import("antd/es/modal").default;
  try {
    Modal = (await import("antd/es/modal")).default;
  } catch (error) {
    console.error("the session expired dialog failed to load", error);
    return;
  }
  return new Promise((resolve) => {
    Modal.warning({
      title: i18n.t("common:session.expired.title"),
      content: i18n.t("common:session.expired.content"),
      okText: i18n.t("common:session.expired.ok"),
      keyboard: false,
      maskClosable: false,
      onOk: () => resolve(),
    });
  });
}

export function createSessionExpiry({
  storage = sessionStorage,
  acknowledge = showSessionExpiredDialog,
  goTo = (path) => window.location.assign(path),
}: SessionExpiryDeps = {}): SessionExpiry {
  // Several calls usually fail together (a page loads in parallel); they get one dialog. The flow
  // is never re-armed: it ends with a full page load, which starts a fresh module.
  let flow: Promise<void> | null = null;

  async function run(): Promise<void> {
    if (storage.getItem(SESSION_KEYS.sid) !== null) {
      await acknowledge();
      if (storage.getItem(SESSION_KEYS.sid) === EXPIRED_SID) storage.removeItem(SESSION_KEYS.sid);
      else storage.setItem(SESSION_KEYS.sid, EXPIRED_SID);
    }
    goTo(ROUTES.loginCopy);
  }

  return {
    expire: () => (flow ??= run()),
    isExpiring: () => flow !== null,
  };
}

/** True for the client's ApiError and refine's HttpError (both carry the body code). */
export function isSessionExpired(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === SESSION_EXPIRED_CODE
  );
}

// ---------------------------------------------------------------------------------------------
// Login helpers

/** Where a successful login lands (spec 4). */
export function landingPath(menusLoaded: boolean): string {
  return isAdminSystem() && menusLoaded ? ROUTES.adminPeople : ROUTES.workingSpace;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === "string" ? error : String(error);

/** Stores who signed in (spec 3 keys) and marks the login complete (isLoggedIn 2). */
export function storeUserInfo(user: UserInfo): void {
  writeSessionJson("userInfo", user);
  writeSession("userId", String(user.id));
  writeSession("username", user.userName);
  writeSession("roleCode", user.roleCode);
}

async function fetchUserInfo(client: PortalClient, quiet: boolean): Promise<UserInfo> {
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

// ---------------------------------------------------------------------------------------------
// Sessions that start elsewhere (single sign-on, tokens, /relogin) and role change (spec 2.5, 4)

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

/**
 * Cancel on the "already logged in elsewhere" confirm: the session baseLogin just made is ended
 * with its own sid, never the tab's stored sid or token (an earlier session is left alone), so the
 * request's headers are set after the client's own. If this fails the session idles out (30 min).
 */
async function endUnconfirmedSession(client: PortalClient, sid: string): Promise<void> {
  const asThisSession: Middleware = {
    onRequest({ request }) {
      request.headers.set("sid", sid);
      request.headers.set("Authorization", sid);
      return request;
    },
  };
  try {
    await unwrap(client.GET("/sysUserEx/logout", { headers: SILENT, middleware: [asThisSession] }));
  } catch {
    // silent: the person chose not to sign in, and nothing of the session is stored
  }
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface AuthProviderDeps {
  client: PortalClient;
  expiry: SessionExpiry;
  /** Leaves the page for an address (single logout at the IdP); a full page load by default. */
  goTo?: (address: string) => void;
}

export function createAuthProvider({ client, expiry, goTo = (address) => window.location.assign(address) }: AuthProviderDeps): AuthProvider {
  const session = createSessionActions(client);
  return {
    login: async ({ userName, password, verificationCode, challengeId, confirmElsewhere }: LoginParams) => {
      try {
        // Every step is silent: the login page shows one "登录失败:" message for all of them.
        const { publicKey } = await unwrap(
          client.GET("/sysUserEx/getPublicKey", { headers: SILENT }),
        );
        const { sid, loggedInElsewhere } = await unwrap(
          client.POST("/sysUserEx/baseLogin", {
            body: {
              userName,
              password: await encryptPassword(publicKey, password),
              ...(verificationCode ? { verificationCode } : {}),
              ...(challengeId ? { challengeId } : {}),
            },
            headers: SILENT,
          }),
        );
        if (loggedInElsewhere && confirmElsewhere && !(await confirmElsewhere())) {
          await endUnconfirmedSession(client, sid);
          return { success: false, error: { name: LOGIN_CANCELLED, message: "" } };
        }
        const { menusLoaded } = await session.establish(sid);
        return { success: true, redirectTo: landingPath(menusLoaded) };
      } catch (error) {
        if (!(error instanceof ApiError)) console.error("login failed", error);
        // Before baseLogin answers an earlier session is left alone; establish cleans up after.
        return {
          success: false,
          error: {
            name: error instanceof ApiError && error.code === CAPTCHA_REQUIRED_CODE ? CAPTCHA_REQUIRED : "LoginError",
            message: `${i18n.t("login:baseLogin.failed")}${messageOf(error)}`,
          },
        };
      }
    },

    logout: async () => {
      let idpLogoutUrl: string | undefined;
      try {
        idpLogoutUrl = (await unwrap(client.GET("/sysUserEx/logout")))?.idpLogoutUrl;
      } catch (error) {
        // An expired session is already over on the server; the expiry dialog takes it from here.
        // Any other failure keeps the person signed in (spec 2.4: the message is shown).
        if (!isSessionExpired(error)) return { success: false, error: error as Error };
      }
      clearUserSession();
      clearPermissionMaps();
      setLoggedInFlag(LOGGED_OUT);
      // Single logout (issue 19): the IdP ends its session too and sends the browser back to
      // /loginCopy. The page is leaving: no caller may navigate elsewhere meanwhile.
      if (idpLogoutUrl) return leaveForSingleLogout(idpLogoutUrl, goTo);
      return { success: true, redirectTo: ROUTES.loginCopy };
    },

    check: async () =>
      hasLiveSession()
        ? { authenticated: true }
        : { authenticated: false, redirectTo: ROUTES.loginCopy, logout: false },

    getIdentity: async () => {
      if (!hasLiveSession()) return null;
      try {
        return await fetchUserInfo(client, false);
      } catch {
        return null; // the client has shown why (or the expiry dialog is up)
      }
    },

    getPermissions: async () => {
      const stored = readSessionJson<UserInfo>("userInfo");
      if (stored?.roleCodes) return stored.roleCodes;
      if (!hasLiveSession()) return null;
      try {
        return (await fetchUserInfo(client, true)).roleCodes;
      } catch {
        return null;
      }
    },

    onError: async (error) => {
      if (isSessionExpired(error)) {
        // The client has started the same flow already; this joins it instead of a second dialog.
        await expiry.expire();
        return {};
      }
      return { error };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The app's instances

export interface AuthSetup {
  client: PortalClient;
  expiry: SessionExpiry;
  authProvider: AuthProvider;
  session: SessionActions;
}

/** Wires one client, one expiry flow and one provider together (tests pass their own parts). */
export function createAuthSetup(
  options: SessionExpiryDeps & { client?: Omit<PortalClientOptions, "onSessionExpired"> } = {},
): AuthSetup {
  const { client: clientOptions, ...expiryDeps } = options;
  const expiry = createSessionExpiry(expiryDeps);
  const client = createPortalClient({ ...clientOptions, onSessionExpired: () => void expiry.expire() });
  return {
    client,
    expiry,
    authProvider: createAuthProvider({ client, expiry, goTo: expiryDeps.goTo }),
    session: createSessionActions(client),
  };
}

const setup = createAuthSetup();

/** The portal's API client: import this one, never make a second (its 4004 flow lives here). */
export const portalClient = setup.client;
export const sessionExpiry = setup.expiry;
export const authProvider = setup.authProvider;
export const sessionActions = setup.session;
