// Spec 2.4 / 8: a lazily loaded page that fails to load (a new deployment removed its chunk, the
// network dropped) saves the target path, reloads the page once, then goes to the saved path. A
// second failure soon after the reload is a real error and is thrown (the page's error boundary shows it).
import { createElement, lazy, type ComponentProps, type ComponentType } from "react";

import { SESSION_KEYS } from "../shared/session";
import { PageLoadBoundary } from "./PageLoadBoundary";

/** Within this long after a retry's reload, a failure is not retried again. */
export const RETRY_WINDOW_MS = 30_000;

interface SavedRetry {
  path: string;
  at: number;
  /** The app has gone back to the path after the reload. */
  returned?: boolean;
}

export interface LazyRetryDeps {
  storage: Storage;
  reload: () => void;
  /** The path the failed navigation was going to (the address bar already shows it). */
  currentPath: () => string;
  now: () => number;
}

const KEY = SESSION_KEYS.lazyRetry;

function read(storage: Storage): SavedRetry | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? "null") as SavedRetry | null;
    return parsed && typeof parsed.path === "string" && typeof parsed.at === "number" ? parsed : null;
  } catch {
    return null;
  }
}

export const browserRetryDeps = (): LazyRetryDeps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  currentPath: () => window.location.pathname + window.location.search,
  now: () => Date.now(),
});

/** Wraps an import: its first failure saves the path and reloads; a repeat failure throws. */
export function retryingImport<T>(importer: () => Promise<T>, deps: () => LazyRetryDeps = browserRetryDeps): () => Promise<T> {
  return async () => {
    try {
      return await importer();
    } catch (error) {
      const d = deps();
      const saved = read(d.storage);
      if (saved && d.now() - saved.at < RETRY_WINDOW_MS) throw error; // reloaded once already
      d.storage.setItem(KEY, JSON.stringify({ path: d.currentPath(), at: d.now() } satisfies SavedRetry));
      d.reload();
      return new Promise<T>(() => undefined); // the page is going away
    }
  };
}

/**
 * After the reload: the saved path to go to, once (null when there is none or it was taken). The
 * record stays until its window ends, so a repeat failure does not reload in a loop.
 */
export function takeReturnPath(storage: Storage, now: number): string | null {
  const saved = read(storage);
  if (!saved) return null;
  if (now - saved.at >= RETRY_WINDOW_MS) {
    storage.removeItem(KEY);
    return null;
  }
  if (saved.returned) return null;
  storage.setItem(KEY, JSON.stringify({ ...saved, returned: true } satisfies SavedRetry));
  return saved.path;
}

/**
 * React.lazy with the retry above, inside an error boundary of its own: a page whose chunk keeps
 * failing, or that throws while rendering, shows "page failed to load" where the page would be,
 * and the shell around it (header, menu, the other tabs) keeps working.
 */
export function lazyPage<T extends ComponentType<object>>(importer: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const Page = lazy(retryingImport(importer)) as ComponentType<ComponentProps<T>>;
  function LazyPage(props: ComponentProps<T>) {
    return createElement(PageLoadBoundary, null, createElement(Page, props));
  }
  return LazyPage;
}
