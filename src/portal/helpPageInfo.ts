// Spec 3 store flag helpSubPageInfo: where the help centre is (a sub page or not, the sub page's
// title, the list's current page and the detail being read). The help pages read and write it;
// closing a help-centre tab resets it (spec 2.6). A tiny external store (useSyncExternalStore), in
// memory only: a reload starts the help centre afresh.
import { useSyncExternalStore } from "react";

export interface HelpPageInfo {
  /** A sub page (helpCenterInfo, helpDetail) is showing rather than the help centre's start. */
  isSubPage: boolean;
  /** The sub page's title ("" when none). */
  subTitle: string;
  /** The list's current page (1-based). */
  currentPage: number;
  /** The id of the item the detail page shows (null when none). */
  queryDetailId: string | null;
}

export const INITIAL_HELP_PAGE_INFO: Readonly<HelpPageInfo> = Object.freeze({
  isSubPage: false,
  subTitle: "",
  currentPage: 1,
  queryDetailId: null,
});

export interface HelpPageInfoStore {
  get: () => Readonly<HelpPageInfo>;
  /** Changes some fields; listeners hear of it only when a value differs. */
  set: (patch: Partial<HelpPageInfo>) => void;
  /** Back to the initial values. */
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createHelpPageInfoStore(): HelpPageInfoStore {
  let current: Readonly<HelpPageInfo> = INITIAL_HELP_PAGE_INFO;
  const listeners = new Set<() => void>();
  const replace = (next: Readonly<HelpPageInfo>) => {
    const same = (Object.keys(INITIAL_HELP_PAGE_INFO) as (keyof HelpPageInfo)[]).every((key) => next[key] === current[key]);
    if (same) return;
    current = Object.freeze(next);
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    set: (patch) => replace({ ...current, ...patch }),
    reset: () => replace(INITIAL_HELP_PAGE_INFO),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const helpPageInfoStore = createHelpPageInfoStore();

export const setHelpPageInfo = (patch: Partial<HelpPageInfo>): void => helpPageInfoStore.set(patch);
export const resetHelpPageInfo = (): void => helpPageInfoStore.reset();

/** The current help page info; the component re-renders when it changes. */
export function useHelpPageInfo(): Readonly<HelpPageInfo> {
  return useSyncExternalStore(helpPageInfoStore.subscribe, helpPageInfoStore.get, helpPageInfoStore.get);
}
