// /relogin (spec 2.5): which sign-in the query asks for, in the spec's order, and carrying it out
// with injected calls so the order and the fallbacks have unit tests.
import { landingPathOfRoute, ssoRouteOf, type SsoRoute } from "../navigation/routes";
import { decideHandoff, type HandoffAction, type IdpStatus } from "./handoff";

export type TokenKind = "saml2" | "wechat";

export type ReloginAction =
  | { kind: "token"; tokenKind: TokenKind; token: string; route: string | null }
  | { kind: "samlResponse"; samlResponse: string; route: string | null }
  /** system with sid: both stored, then the admin (or user) page of pageType. */
  | { kind: "systemSid"; system: string; sid: string; target: string }
  /**
   * system with account. Decided: never a password-less login by account name; single sign-on
   * starts (the identity provider decides who signs in), with the route.
   */
  | { kind: "systemAccount"; system: string; account: string; route: string | null }
  /** platformFlag with sid, or web_sid: the sid is stored and verified by loading user info. */
  | { kind: "sid"; sid: string; source: "platformFlag" | "web_sid"; route: string | null }
  | { kind: "sso"; route: string | null }
  | HandoffAction;

/** Spec 2.5: pageType 1 -> roastList, 2 -> commentList, anything else people (under /main). */
export function pageTypeTarget(pageType: string | null): string {
  if (pageType === "1") return "/main/roastList";
  if (pageType === "2") return "/main/commentList";
  return "/main/people";
}

const value = (params: URLSearchParams, name: string) => {
  const v = params.get(name);
  return v !== null && v.trim() !== "" ? v : null;
};

/** The parameters in spec 2.5's order: the first that is present decides. */
export function decideRelogin(params: URLSearchParams): ReloginAction {
  const route = value(params, "route");
  const saml2Token = value(params, "saml2Token");
  if (saml2Token) return { kind: "token", tokenKind: "saml2", token: saml2Token, route };
  const wechattoken = value(params, "wechattoken");
  if (wechattoken) return { kind: "token", tokenKind: "wechat", token: wechattoken, route };
  const samlResponse = value(params, "SAMLResponse");
  if (samlResponse) return { kind: "samlResponse", samlResponse, route };
  const handoff = decideHandoff(params, route);
  if (handoff) return handoff;
  const system = value(params, "system");
  const sid = value(params, "sid");
  if (system && sid) return { kind: "systemSid", system, sid, target: pageTypeTarget(params.get("pageType")) };
  const account = value(params, "account");
  if (system && account) return { kind: "systemAccount", system, account, route };
  if (value(params, "platformFlag") && sid) return { kind: "sid", sid, source: "platformFlag", route };
  const webSid = value(params, "web_sid");
  if (webSid) return { kind: "sid", sid: webSid, source: "web_sid", route };
  return { kind: "sso", route };
}

export type ReloginOutcome =
  /** Signed in: land on this path. */
  | { kind: "land"; path: string }
  /** Start single sign-on for this route. */
  | { kind: "sso"; route: SsoRoute }
  /** Show this reason (already prefixed "登录失败:" where it is a login failure). */
  | { kind: "failed"; error: unknown }
  /** The IdP did not sign the person in: show why, with a way to start again (never automatically). */
  | { kind: "idpStatus"; status: IdpStatus; route: SsoRoute };

export interface ReloginDeps {
  /** saml2TokenLogin / wechattokenLogin -> the new sid. */
  tokenLogin: (kind: TokenKind, token: string) => Promise<string>;
  /** ssoLoginResolve -> the new sid. */
  resolveSamlResponse: (samlResponse: string, relayState: string | null) => Promise<string>;
  /** ssoCodeLogin (the ACS's one-time code) -> the new sid. */
  redeemCode: (code: string) => Promise<string>;
  /** Stores the sid and loads user info and menus (authProvider's establish). */
  establish: (sid: string) => Promise<unknown>;
  storeSystem: (system: string) => void;
}

export async function performRelogin(action: ReloginAction, deps: ReloginDeps): Promise<ReloginOutcome> {
  switch (action.kind) {
    case "token": {
      let sid: string;
      try {
        sid = await deps.tokenLogin(action.tokenKind, action.token);
      } catch {
        // Spec 2.5: a failed token login falls back to single sign-on.
        return { kind: "sso", route: ssoRouteOf(action.route) };
      }
      return signIn(deps, sid, landingPathOfRoute(action.route));
    }
    case "samlResponse": {
      let sid: string;
      try {
        sid = await deps.resolveSamlResponse(action.samlResponse, action.route);
      } catch (error) {
        // No fallback here: starting sign-on again after a refused answer could loop.
        return { kind: "failed", error };
      }
      return signIn(deps, sid, landingPathOfRoute(action.route));
    }
    case "code": {
      let sid: string;
      try {
        sid = await deps.redeemCode(action.code);
      } catch (error) {
        return { kind: "failed", error }; // no new sign-on after a refusal (no loop)
      }
      return signIn(deps, sid, landingPathOfRoute(action.route));
    }
    case "idpStatus":
      return { kind: "idpStatus", status: action.status, route: ssoRouteOf(action.route) };
    case "systemSid":
      deps.storeSystem(action.system);
      return signIn(deps, action.sid, action.target);
    case "sid":
      return signIn(deps, action.sid, landingPathOfRoute(action.route));
    case "systemAccount":
      deps.storeSystem(action.system);
      return { kind: "sso", route: ssoRouteOf(action.route) };
    case "sso":
      return { kind: "sso", route: ssoRouteOf(action.route) };
  }
}

async function signIn(deps: ReloginDeps, sid: string, path: string): Promise<ReloginOutcome> {
  try {
    await deps.establish(sid);
    return { kind: "land", path };
  } catch (error) {
    return { kind: "failed", error };
  }
}
