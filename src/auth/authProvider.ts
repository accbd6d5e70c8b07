// refine AuthProvider of the portal (spec 3, 4): password login, logout, session check, identity
// and roles, and the "Login session expired" flow for code 4004. It receives the app's client and
// expiry flow (auth/appSession.ts wires the three together); the session steps it shares with the
// single sign-on pages are in src/auth/.
import type { AuthProvider } from "@refinedev/core";
import type { Middleware } from "openapi-fetch";

import { ApiError, SILENT, unwrap, type PortalClient } from "../api/client";
import { ROUTES } from "./routes";
import { createSessionActions, fetchUserInfo, landingPath, type UserInfo } from "./sessionActions";
import { isSessionExpired, type SessionExpiry } from "./sessionExpiry";
import { i18n } from "../i18n";
import { leaveForSingleLogout } from "../navigation/singleLogout";
import { encryptPassword } from "../shared/crypto";
import { clearPermissionMaps } from "../shared/permissions";
import { LOGGED_OUT, clearUserSession, hasLiveSession, readSession, readSessionJson, setLoggedInFlag } from "../shared/session";
import { sessionShare } from "../shared/sessionShare";

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

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === "string" ? error : String(error);

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
      sessionShare().announceLogout(readSession("sid") ?? ""); // the other tabs of this session end too
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
