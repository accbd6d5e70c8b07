// The navigation guard's decisions (spec 2.4), free of React and the browser so each bullet has a
// unit test. NavigationGuard.tsx carries them out.
import { withoutAddressSecrets } from "./addressSecrets";
import { LOGIN_PATHS, isSsoRoute, routeNameOfPath, type SsoRoute } from "./routes";

export type GuardDecision =
  /**
   * The address carries a sid or token (issue 18): keep it, then replace the address with this
   * one without it before the page shows (NavigationGuard.tsx).
   */
  | { kind: "scrub"; address: string }
  /** Leave for the mobile (h5) address. */
  | { kind: "h5"; address: string }
  /** Ask webSSO for the sign-on address of this route and go there. */
  | { kind: "sso"; route: SsoRoute }
  | { kind: "pass" };

export interface GuardInput {
  pathname: string;
  search: string;
  /** A live sid is stored (not the `timeout` marker). */
  hasSession: boolean;
  userAgent: string;
  /** VITE_H5_BASE: the mobile site's base address; empty means there is none. */
  h5Base?: string | null;
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** The h5 address for a path: the configured base plus the same path and query. */
export function h5Address(h5Base: string, pathname: string, search: string): string {
  return `${h5Base.replace(/\/+$/, "")}${pathname}${search}`;
}

/** Spec 2.4: opening baseLogin or loginCopy clears the stored guide info. */
export function clearsGuideInfo(pathname: string): boolean {
  return pathname === LOGIN_PATHS.baseLogin || pathname === LOGIN_PATHS.loginCopy;
}

const NEVER_SSO = new Set(["baseLogin", "login", "loginCopy", "relogin"]);

/**
 * Before a navigation shows its page:
 *  1. an address with a sid or token in its query loses it first (issue 18; on a page load
 *     navigation/arrive.ts has done so already, this is for a navigation inside the app), so
 *     neither the h5 site nor single sign-on ever receives it;
 *  2. a mobile browser goes to the h5 site when one is configured (the h5 site signs in itself);
 *  3. a listed route (spec 2.4) with no stored session starts single sign-on for that route (a
 *     system with sid in the address has been stored by then); the login pages and /relogin never do;
 *  4. anything else shows.
 */
export function decideNavigation({ pathname, search, hasSession, userAgent, h5Base }: GuardInput): GuardDecision {
  const clean = withoutAddressSecrets(search);
  if (clean !== null) return { kind: "scrub", address: `${pathname}${clean}` };
  if (h5Base && h5Base.trim() !== "" && isMobileUserAgent(userAgent)) {
    return { kind: "h5", address: h5Address(h5Base.trim(), pathname, search) };
  }
  const name = routeNameOfPath(pathname);
  if (name === null || NEVER_SSO.has(name)) return { kind: "pass" };
  if (hasSession) return { kind: "pass" };
  return isSsoRoute(name) ? { kind: "sso", route: name } : { kind: "pass" };
}

/**
 * Spec 2.4: pushing the route already shown is silently ignored. True when `target` (a path with
 * an optional query and hash) names the current location.
 */
export function isSameLocation(current: { pathname: string; search: string; hash: string }, target: string): boolean {
  const url = new URL(target, "http://portal.invalid" + current.pathname);
  return url.pathname === current.pathname && url.search === current.search && url.hash === current.hash;
}
