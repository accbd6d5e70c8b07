// Issue 18 (item 3): a session id or sign-in token that arrives in the address (spec 2.4, 2.5:
// /relogin?web_sid=..., ?system=...&sid=..., ?platformFlag=..&sid=.., ?saml2Token=...,
// ?wechattoken=..., ?SAMLResponse=...; /main?system=stageAdmin&sid=...) is taken out of the
// address with history.replaceState before anything can record it: the address bar, the tab's
// session history (Back), the Referer of the page's requests. The values are kept in memory for
// the page that consumes them (/relogin) and, for system with sid, in session storage (spec 2.4).
//
// What comes before this module runs (the HTML, its scripts and styles) is covered by index.html's
// <meta name="referrer" content="no-referrer">; once the address is clean the page's requests go
// back to the server's own policy (same-origin), see restoreReferrerPolicy. From then on a
// navigation inside the app never writes a secret into the address at all (guardHistory).

/** Query parameters that carry a secret (compared without case: none of them is ever kept). */
/** Query parameters that carry a secret (compared without case: none of them is ever kept). The one-time
 * sign-on `code` of /relogin (issue 19) is single use and bound to a cookie, but it leaves too. */
export const ADDRESS_SECRET_PARAMS = ["sid", "web_sid", "token", "saml2Token", "wechattoken", "SAMLResponse", "code"] as const;

const SECRET_NAMES = new Set(ADDRESS_SECRET_PARAMS.map((name) => name.toLowerCase()));

export function isAddressSecret(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

/** The query with every secret removed ("" when nothing is left), or null when it holds none. */
export function withoutAddressSecrets(search: string): string | null {
  const params = new URLSearchParams(search);
  const names = [...new Set(params.keys())];
  if (!names.some(isAddressSecret)) return null;
  for (const name of names) if (isAddressSecret(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The query the page arrived with (secrets included) and the path it arrived at. */
interface Arrival {
  pathname: string;
  params: URLSearchParams;
}

let arrival: Arrival | null = null;

/**
 * Remembers the query a page arrived with (secrets included) and answers the address without its
 * secrets, or null when the query holds none (then nothing is remembered).
 */
export function keepArrival(pathname: string, search: string): string | null {
  const clean = withoutAddressSecrets(search);
  if (clean === null) return null;
  arrival = { pathname, params: new URLSearchParams(search) };
  return clean;
}

/**
 * The query the page at `pathname` arrived with, secrets included, once: /relogin reads its
 * parameters from here (the address no longer has them). Null when nothing was kept for it.
 */
export function takeArrival(pathname: string): URLSearchParams | null {
  if (!arrival || arrival.pathname !== pathname) return null;
  const { params } = arrival;
  arrival = null;
  return params;
}

/** The server's Referrer-Policy (server/src/plugins/web.ts), for the page once its address is clean. */
export const PAGE_REFERRER_POLICY = "same-origin";

/**
 * index.html starts with no-referrer (its scripts are fetched while the address may still hold a
 * secret); a clean page goes back to the server's policy, so a POST keeps its Origin header.
 */
export function restoreReferrerPolicy(doc: Document = document): void {
  doc.querySelector('meta[name="referrer"]')?.setAttribute("content", PAGE_REFERRER_POLICY);
}

/**
 * The page load's part: takes the secrets out of the current address (replaceState keeps the
 * history entry and its state, only the address changes) and returns the full query the page
 * arrived with, secrets included, or null when there were none.
 */
export function scrubArrivalAddress(win: Pick<Window, "location" | "history"> = window): URLSearchParams | null {
  const arrived = scrubAddress(win);
  if (arrived) keepArrival(win.location.pathname, `?${arrived.toString()}`);
  return arrived;
}

/**
 * Takes the secrets out of the current address (the same history entry) and returns the query it
 * had, secrets included, or null when it held none; nothing is remembered. /relogin uses it when it
 * was reached without a page load (arrive.ts then had nothing to take).
 */
export function scrubAddress(win: Pick<Window, "location" | "history"> = window): URLSearchParams | null {
  const { pathname, search, hash } = win.location;
  const clean = withoutAddressSecrets(search);
  if (clean === null) return null;
  win.history.replaceState(win.history.state, "", `${pathname}${clean}${hash}`);
  return new URLSearchParams(search);
}

/**
 * A navigation inside the app (a link, the router's navigate, a pushed address) to an address
 * with a secret never writes that address, not even for an instant: pushState and replaceState get
 * it without its secrets, after `onSecrets` has been given the query (secrets included) for the
 * page. The router then reads the clean address. Before this, the address held the sid from the
 * push until the navigation guard replaced it, and whatever the page fetched in that moment (app
 * icons, in a CI run) carried it as its Referer under the page's same-origin policy.
 */
export function guardHistory(
  win: Pick<Window, "history" | "location">,
  onSecrets: (pathname: string, search: string) => void,
): void {
  const history = win.history;
  for (const method of ["pushState", "replaceState"] as const) {
    const write = history[method].bind(history);
    history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
      if (url !== undefined && url !== null) {
        const target = new URL(String(url), win.location.href);
        const clean = withoutAddressSecrets(target.search);
        if (clean !== null) {
          onSecrets(target.pathname, target.search);
          url = `${target.pathname}${clean}${target.hash}`;
        }
      }
      write(state, unused, url);
    };
  }
}
