// Spec 2.4: after each navigation the route's card title and card extra are stored. A tiny
// external store (useSyncExternalStore), so any page or the shell can read the current values.
import { useSyncExternalStore } from "react";

import { routeMetaOf, type RouteMeta } from "./routes";

export interface RouteMetaStore {
  get: () => RouteMeta;
  /** Stores the meta of a route name (null: no route). */
  set: (routeName: string | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createRouteMetaStore(): RouteMetaStore {
  let current: RouteMeta = routeMetaOf(null);
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (routeName) => {
      const next = routeMetaOf(routeName);
      if (next.cardTitle === current.cardTitle && next.cardExtra === current.cardExtra) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const routeMetaStore = createRouteMetaStore();

/** The current route's card title and extra (i18n keys, or null). */
export function useRouteMeta(): RouteMeta {
  return useSyncExternalStore(routeMetaStore.subscribe, routeMetaStore.get, routeMetaStore.get);
}
