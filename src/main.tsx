// First: the address loses any sid or token it arrived with, before anything else runs (issue 18).
import "./navigation/arrive";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { unstableSetRender } from "antd";
import "antd/dist/reset.css";

import { loadLanguage, storedLanguage } from "./i18n";
import App, { preloadFirstPage } from "./App";
import { retryingImport } from "./shared/lazyRetry";
import { hasLiveSession } from "./shared/session";
import { joinSessionShare } from "./shared/sessionShare";

// antd 5's static Modal/message helpers render with the React 18 API, which React 19 removed;
// this hands them React 19's root API instead (https://u.ant.design/v5-for-19).
type RootHolder = Element & { _portalRoot?: ReturnType<typeof createRoot> };
unstableSetRender((node, container) => {
  const holder = container as RootHolder;
  holder._portalRoot ??= createRoot(container);
  const root = holder._portalRoot;
  root.render(node);
  return async () => {
    // Let the closing animation finish its frame before the root goes away.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete holder._portalRoot;
  };
});

// A new tab of a signed-in browser takes the session of an open tab (issue 21), before the
// navigation guard decides whether this page needs a sign-in.
await joinSessionShare(window.location.pathname, hasLiveSession());
preloadFirstPage(window.location.pathname);
// Only the language in use is fetched, before the first render (src/i18n/index.ts); a failed fetch
// reloads the page once, as a page chunk's does (spec 2.4 / 8, shared/lazyRetry.ts).
await retryingImport(() => loadLanguage(storedLanguage()))().catch((error: unknown) => console.error("the words of the page failed to load", error));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
