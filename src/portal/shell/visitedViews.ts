// The list behind the user shell's tab bar of visited views (spec 2.6). Pure functions over an
// ordered list of tabs, so the rules are pinned by unit tests; useVisitedViews holds the state.
//
// Decisions (the spec is silent):
// - A tab is one page route of the shell (workingSpace and the pages under /main); its identity is
//   the route's path, and it remembers the query it was last shown with. Redirects (/main, the
//   "also named" aliases, personalCenter), /main/404 and /main/quitLogon never become tabs: the
//   page a redirect lands on is the tab, and 404/quitLogon are passing states, not views.
// - workingSpace is the affix tab: always present, always first, never closed.
// - After a close that removes the active tab, the view goes to the last remaining tab, or to the
//   root (/main) when none remain. A close never moves away from a page that is still open.
// - The open tabs are kept in session key visitedViews (paths with their query) and come back
//   after a reload; an entry that is not a string naming a tab page is dropped.

import { WORKING_SPACE_PATH } from "../../navigation/routes";

export interface VisitedView {
  /** The page route's path, e.g. /main/helpCenter: the tab's identity. */
  path: string;
  /** The path with the query the page was last shown with (what clicking the tab opens). */
  fullPath: string;
}

export type CloseAction = "current" | "others" | "left" | "right" | "all";

export const CLOSE_ACTIONS: readonly CloseAction[] = ["current", "others", "left", "right", "all"];

/** Where the view goes when no tab remains (spec 2.6 "the root"). */
export const ROOT_PATH = "/main";

/** Tabs that cannot be closed, in the order they lead the bar. */
export const AFFIX_PATHS: readonly string[] = [WORKING_SPACE_PATH];

/** Spec 2.6: closing one of these resets the help page info. */
export const HELP_CENTRE_PATHS: readonly string[] = ["/main/helpCenter", "/main/helpCenterInfo", "/main/helpDetail"];

/** At most this many stored entries are read back (a bound on a hand-edited value). */
export const MAX_RESTORED = 50;

export function isAffix(path: string): boolean {
  return AFFIX_PATHS.includes(path);
}

export function isHelpCentreView(path: string): boolean {
  return HELP_CENTRE_PATHS.includes(path);
}

/**
 * The tab path of an address's pathname, or null when it is no tab page. Matching is the
 * router's: case-insensitive and with or without a trailing slash; the answer is the canonical
 * spelling from tabPaths.
 */
export function tabPathOf(pathname: string, tabPaths: readonly string[]): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const wanted = trimmed.toLowerCase();
  return tabPaths.find((path) => path.toLowerCase() === wanted) ?? null;
}

/** The affix tabs first (in AFFIX_PATHS order, keeping a stored query), then the others in order. */
export function withAffix(views: readonly VisitedView[]): VisitedView[] {
  const affix = AFFIX_PATHS.map((path) => views.find((view) => view.path === path) ?? { path, fullPath: path });
  return [...affix, ...views.filter((view) => !isAffix(view.path))];
}

/** The list after a visit of `path` with `search`: a new tab at the end, or the tab's query updated. */
export function addView(views: readonly VisitedView[], path: string, search: string): readonly VisitedView[] {
  const fullPath = path + search;
  const index = views.findIndex((view) => view.path === path);
  if (index === -1) return [...views, { path, fullPath }];
  if (views[index].fullPath === fullPath) return views;
  return views.map((view, i) => (i === index ? { path, fullPath } : view));
}

/**
 * The list after a close action on the tab `target` (the tab the menu was opened on). Affix tabs
 * always stay; "others", "left" and "right" keep the target itself. The same list comes back when
 * nothing would close (an unknown target, an affix "current", nothing on that side).
 */
export function closeViews(views: readonly VisitedView[], target: string, action: CloseAction): readonly VisitedView[] {
  const at = views.findIndex((view) => view.path === target);
  if (at === -1 && action !== "all") return views;
  const keep = (view: VisitedView, index: number): boolean => {
    if (isAffix(view.path)) return true;
    switch (action) {
      case "current":
        return index !== at;
      case "others":
        return index === at;
      case "left":
        return index >= at;
      case "right":
        return index <= at;
      case "all":
        return false;
    }
  };
  const next = views.filter(keep);
  return next.length === views.length ? views : next;
}

/** Whether the action on `target` would close anything (the menu disables it otherwise). */
export function canClose(views: readonly VisitedView[], target: string, action: CloseAction): boolean {
  return closeViews(views, target, action) !== views;
}

/** The tabs in `before` that `after` no longer has. */
export function removedViews(before: readonly VisitedView[], after: readonly VisitedView[]): VisitedView[] {
  const kept = new Set(after.map((view) => view.path));
  return before.filter((view) => !kept.has(view.path));
}

/**
 * Where to go after a close: null when the active tab is still open (or no tab was active, e.g.
 * on the 404 page), else the last remaining tab, or the root when none remain.
 */
export function nextPathAfterClose(remaining: readonly VisitedView[], activePath: string | null): string | null {
  if (activePath === null || remaining.some((view) => view.path === activePath)) return null;
  return remaining.length ? remaining[remaining.length - 1].fullPath : ROOT_PATH;
}

/** What is stored: each tab's full path, in order. */
export function serializeViews(views: readonly VisitedView[]): string[] {
  return views.map((view) => view.fullPath);
}

const PARSE_BASE = "http://portal.invalid";

/**
 * The tabs of a stored value (the parsed session value, anything at all). Entries that are not a
 * same-site path of a tab page ("/main/x?q=1"; no host, no fragment) or repeat a tab are dropped;
 * the affix tabs are always there.
 */
export function restoreViews(stored: unknown, tabPaths: readonly string[]): VisitedView[] {
  if (!Array.isArray(stored)) return withAffix([]);
  const views: VisitedView[] = [];
  for (const entry of stored.slice(0, MAX_RESTORED)) {
    if (typeof entry !== "string" || !entry.startsWith("/") || entry.startsWith("//") || entry.length > 2048) continue;
    let url: URL;
    try {
      url = new URL(entry, PARSE_BASE);
    } catch {
      continue;
    }
    if (url.origin !== PARSE_BASE || url.hash) continue;
    const path = tabPathOf(url.pathname, tabPaths);
    if (path === null || views.some((view) => view.path === path)) continue;
    views.push({ path, fullPath: path + url.search });
  }
  return withAffix(views);
}
