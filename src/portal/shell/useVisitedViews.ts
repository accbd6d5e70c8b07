// The state of the tab bar of visited views (spec 2.6): the open tabs (restored from and kept in
// session key visitedViews), which views are alive (shown once since the shell mounted; a tab
// restored after a reload mounts its page when first opened), and a generation per tab that
// Refresh bumps so its view remounts. The list rules are in visitedViews.ts.
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, type Location } from "react-router";

import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { readSessionJson, writeSessionJson } from "../../shared/session";
import { resetHelpPageInfo } from "../helpPageInfo";
import {
  addView,
  closeViews,
  isHelpCentreView,
  nextPathAfterClose,
  removedViews,
  restoreViews,
  serializeViews,
  tabPathOf,
  type CloseAction,
  type VisitedView,
} from "./visitedViews";

/** A view the content area renders: its tab path, the location it shows, its generation. */
export interface LiveView {
  path: string;
  location: Location;
  generation: number;
}

interface State {
  views: readonly VisitedView[];
  /** The location each living view was last shown with, by tab path. */
  alive: ReadonlyMap<string, Location>;
  generations: ReadonlyMap<string, number>;
}

export interface VisitedViewsApi {
  views: readonly VisitedView[];
  /** The tab of the address shown, or null (a redirect, 404, quitLogon). */
  activePath: string | null;
  /** The views to keep rendered, in tab order; the active one is always among them. */
  liveViews: LiveView[];
  activate: (path: string) => void;
  close: (target: string, action: CloseAction) => void;
  /** Remounts the tab's view (its kept state is dropped) and shows it. */
  refresh: (target: string) => void;
}

function without<V>(map: ReadonlyMap<string, V>, paths: readonly string[]): ReadonlyMap<string, V> {
  if (!paths.some((path) => map.has(path))) return map;
  const next = new Map(map);
  for (const path of paths) next.delete(path);
  return next;
}

/**
 * The address the browser is at. The router renders a navigation in a transition, so for a moment
 * (longer while a page's code loads) its location lags behind the address; a close or a click in
 * that moment must act on the address, or it would keep a tab that is about to show.
 */
function addressNow(): { pathname: string; path: string } {
  return { pathname: window.location.pathname, path: window.location.pathname + window.location.search };
}

export function useVisitedViews(tabPaths: readonly string[]): VisitedViewsApi {
  const location = useLocation();
  const navigate = useNavigateOnce();
  const [state, setState] = useState<State>(() => ({
    views: restoreViews(readSessionJson("visitedViews"), tabPaths),
    alive: new Map(),
    generations: new Map(),
  }));
  // The newest state asked for: an update made in a transition has not rendered yet when the next
  // click or key comes, and that one must build on it (two quick closes both stay closed).
  const latest = useRef(state);
  const change = useCallback((next: State) => {
    latest.current = next;
    setState(next);
  }, []);
  const activePath = tabPathOf(location.pathname, tabPaths);

  // A visit adds its tab (or updates the tab's query) before the browser paints. Only a change of
  // address visits: a close that removed the tab shown is never undone by a stale address.
  useLayoutEffect(() => {
    if (activePath === null) return;
    const s = latest.current;
    const views = addView(s.views, activePath, location.search);
    const alive = s.alive.get(activePath) === location ? s.alive : new Map(s.alive).set(activePath, location);
    if (views !== s.views || alive !== s.alive) change({ ...s, views, alive });
  }, [activePath, location, change]);

  useEffect(() => writeSessionJson("visitedViews", serializeViews(state.views)), [state.views]);

  const activate = useCallback(
    (path: string) => {
      const view = latest.current.views.find((v) => v.path === path);
      if (view) navigate(view.fullPath); // nothing when it is shown already
    },
    [navigate],
  );

  const close = useCallback(
    (target: string, action: CloseAction) => {
      const s = latest.current;
      const next = closeViews(s.views, target, action);
      if (next === s.views) return;
      const removed = removedViews(s.views, next).map((view) => view.path);
      if (removed.some(isHelpCentreView)) resetHelpPageInfo();
      const to = nextPathAfterClose(next, tabPathOf(addressNow().pathname, tabPaths));
      // One transition with the router's own update: the closed views unmount as the next one shows.
      startTransition(() => {
        change({ views: next, alive: without(s.alive, removed), generations: without(s.generations, removed) });
        if (to !== null) navigate(to);
      });
    },
    [tabPaths, navigate, change],
  );

  const refresh = useCallback(
    (target: string) => {
      const s = latest.current;
      const view = s.views.find((v) => v.path === target);
      if (!view) return;
      startTransition(() => {
        change({ ...s, generations: new Map(s.generations).set(target, (s.generations.get(target) ?? 0) + 1) });
        if (target !== tabPathOf(addressNow().pathname, tabPaths)) navigate(view.fullPath);
      });
    },
    [tabPaths, navigate, change],
  );

  const liveViews = useMemo(() => {
    const live: LiveView[] = [];
    const generation = (path: string) => state.generations.get(path) ?? 0;
    for (const view of state.views) {
      const kept = view.path === activePath ? location : state.alive.get(view.path);
      if (kept) live.push({ path: view.path, location: kept, generation: generation(view.path) });
    }
    // The first render of a new tab's address, before its visit is recorded.
    if (activePath !== null && !live.some((view) => view.path === activePath)) {
      live.push({ path: activePath, location, generation: generation(activePath) });
    }
    return live;
  }, [state, activePath, location]);

  return { views: state.views, activePath, liveViews, activate, close, refresh };
}
