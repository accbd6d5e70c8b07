// The navigation guard (spec 2.4) around the app's routes. Each location first passes
// decideNavigation (a sid or token taken out of the address, h5 redirect, single sign-on for the
// listed routes without a session); then
// the address's system/sid are stored, guide info is cleared on the login pages, the route's card
// meta is stored and the page scrolls to top. The page title is set once; after a lazy-load
// retry's reload the app returns to the saved path.
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { Spin } from "antd";
import { useLocation, useNavigate } from "react-router";

import { usePortalClient } from "../api/ClientProvider";

import { i18n } from "../i18n";
import { captureUrlSession, hasLiveSession, removeSession } from "../shared/session";
import { keepArrival } from "./addressSecrets";
import { clearsGuideInfo, decideNavigation } from "./guard";
import { takeReturnPath } from "../shared/lazyRetry";
import { routeMetaStore } from "./routeMeta";
import { routeNameOfPath } from "./routes";
import { startSingleSignOn } from "./sso";

/** VITE_H5_BASE: the mobile site's base address (build-time); unset means no h5 redirect. */
const H5_BASE = (import.meta.env.VITE_H5_BASE as string | undefined) ?? "";

export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = usePortalClient();
  const { pathname, search, hash, state } = location;
  const decision = decideNavigation({
    pathname,
    search,
    hasSession: hasLiveSession(),
    userAgent: navigator.userAgent,
    h5Base: H5_BASE,
  });
  const leaving = decision.kind !== "pass";

  // The fixed product name, set once (spec 2.4).
  const titled = useRef(false);
  useEffect(() => {
    if (titled.current) return;
    titled.current = true;
    document.title = i18n.t("common:productName");
  }, []);

  // Back to the path a failed lazy load was going to, once, after its reload.
  useEffect(() => {
    const path = takeReturnPath(sessionStorage, Date.now());
    if (path && path !== window.location.pathname + window.location.search) void navigate(path, { replace: true });
  }, [navigate]);

  // A sid or token in the address of a navigation inside the app: arrive.ts's guardHistory keeps
  // the history from ever writing one, so this is the second line (a location that arrives with
  // one all the same): kept for the page (system with sid in the session), then the same entry
  // gets the address without it, before the page renders.
  const scrubTo = decision.kind === "scrub" ? decision.address : null;
  useLayoutEffect(() => {
    if (scrubTo === null) return;
    keepArrival(pathname, search);
    captureUrlSession(search);
    void navigate(`${scrubTo}${hash}`, { replace: true, state });
    // Once per address to leave: the location it was decided on is the one read above.
  }, [scrubTo]);

  useEffect(() => {
    if (decision.kind === "scrub") return;
    if (decision.kind === "h5") {
      window.location.replace(decision.address);
      return;
    }
    if (decision.kind === "sso") {
      // A failure has been shown by the client; the pre-login page is where to go from there.
      startSingleSignOn(client, decision.route).catch(() => void navigate("/loginCopy", { replace: true }));
      return;
    }
    captureUrlSession(search);
    if (clearsGuideInfo(pathname)) removeSession("guideInfo");
    routeMetaStore.set(routeNameOfPath(pathname));
    window.scrollTo(0, 0);
  }, [client, pathname, search, decision.kind]);

  if (leaving) return <Spin size="large" fullscreen />;
  return children;
}
