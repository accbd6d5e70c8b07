// Spec 2.4 / 8: a lazily loaded page that fails to load (a new deployment removed its chunk) saves
// the target path, reloads the page once, then goes to the saved path. A second failure soon after
// the reload is a real error and is thrown (the page's error boundary shows it).
// Issue 18: with the server down a reload cures nothing and lands on the browser's "site can't be
// reached" page. So a failure first asks whether the server answers (serverProbe.ts): when it does
// not, the person gets spec 8's network-failure message, the page they are on stays, and the chunk
// is tried again once the server answers (no reload); when it does, the chunk is missing and the
// reload above follows. The message and this module are in the entry bundle: nothing here needs a
// chunk from the server.
import { createElement, lazy, type ComponentProps, type ComponentType } from "react";

import { networkError } from "../api/errors";
import { toast } from "../api/toast";
import { currentLanguage, i18n } from "../i18n";
import { SESSION_KEYS } from "./session";
import { PageLoadBoundary } from "./PageLoadBoundary";
import { serverAnswers, untilServerAnswers } from "./serverProbe";

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
  /** Whether the server that serves the app answers now (serverProbe.ts). */
  serverAnswers: () => Promise<boolean>;
  /** Resolves once the server answers again. */
  untilServerAnswers: () => Promise<void>;
  /** Spec 8's network-failure message. */
  notifyNetworkFailure: () => void;
  /** Mends what a failed attempt left behind before the next one (failed <link>s). */
  beforeRetry: () => Promise<void>;
}

/** What a chunk does while the server is down: wait for it (a page, a dialog), or fail at once. */
export type WhileServerDown = "wait" | "fail";

const KEY = SESSION_KEYS.lazyRetry;

function read(storage: Storage): SavedRetry | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? "null") as SavedRetry | null;
    return parsed && typeof parsed.path === "string" && typeof parsed.at === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The <link>s that failed to load (a chunk's stylesheet, its modulepreloads). Vite's preload helper
 * asks for each file once per page: a chunk's stylesheet that failed with the server down is never
 * asked for again, and the chunk tried again after the outage would render without its styles.
 */
const failedLinks = new Set<HTMLLinkElement>();
if (typeof document !== "undefined")
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target);
    },
    true, // a resource's error event does not bubble
  );

/**
 * Before a retry: each failed stylesheet is asked for again (a fresh <link> in its place, awaited
 * as Vite awaits a chunk's CSS, so the page does not show unstyled); a failed modulepreload is
 * dropped (the import fetches the module itself).
 */
export function retryFailedLinks(): Promise<void> {
  const loading: Promise<void>[] = [];
  for (const link of failedLinks) {
    if (link.rel === "stylesheet" && link.isConnected) {
      const again = link.cloneNode() as HTMLLinkElement;
      loading.push(
        new Promise((resolve) => {
          again.addEventListener("load", () => resolve(), { once: true });
          again.addEventListener("error", () => resolve(), { once: true }); // the chunk's own retry decides
        }),
      );
      link.replaceWith(again);
    } else link.remove();
  }
  failedLinks.clear();
  return Promise.all(loading).then(() => undefined);
}

export const browserRetryDeps = (): LazyRetryDeps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  currentPath: () => window.location.pathname + window.location.search,
  now: () => Date.now(),
  serverAnswers: () => serverAnswers(),
  untilServerAnswers: () => untilServerAnswers(),
  notifyNetworkFailure: () => {
    // Only the words loaded before the first render (main.tsx) can fail before they are there:
    // no message then rather than its key, on a page that has not drawn anything yet.
    if (i18n.exists("api.network", { ns: "errors" })) toast(networkError(currentLanguage()).message);
  },
  beforeRetry: retryFailedLinks,
});

/**
 * Wraps an import. A failure with the server down shows the network-failure message, then either
 * waits for the server and tries again ("wait", the default: the pending import keeps its page's
 * loading state, and React.lazy would keep a rejection for good) or rejects ("fail", for a caller
 * that handles the rejection). A failure with the server up saves the path and reloads once; a
 * repeat failure within RETRY_WINDOW_MS throws.
 */
export function retryingImport<T>(
  importer: () => Promise<T>,
  deps: () => LazyRetryDeps = browserRetryDeps,
  whileServerDown: WhileServerDown = "wait",
): () => Promise<T> {
  const attempt = async (): Promise<T> => {
    try {
      return await importer();
    } catch (error) {
      const d = deps();
      if (!(await d.serverAnswers())) {
        d.notifyNetworkFailure();
        if (whileServerDown === "fail") throw error;
        await d.untilServerAnswers();
        await d.beforeRetry();
        return attempt();
      }
      const saved = read(d.storage);
      if (saved && d.now() - saved.at < RETRY_WINDOW_MS) throw error; // reloaded once already
      d.storage.setItem(KEY, JSON.stringify({ path: d.currentPath(), at: d.now() } satisfies SavedRetry));
      d.reload();
      return new Promise<T>(() => undefined); // the page is going away
    }
  };
  return attempt;
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
