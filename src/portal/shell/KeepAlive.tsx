// Spec 2.6 "the content area keeps visited views alive": one React <Activity> per living tab, each
// rendering the shell's route table at that tab's own location. The active tab's Activity is
// visible; the others are hidden, which keeps their state and DOM (a typed value, an open panel)
// while their effects are paused. A closed tab's view unmounts; Refresh remounts it (the key
// carries its generation). An address that is no tab (a redirect, 404, quitLogon) renders as the
// current view beside the hidden ones.
import { Activity, Suspense, memo } from "react";
import { Spin } from "antd";
import { useRoutes, type Location, type RouteObject } from "react-router";

import type { LiveView } from "./useVisitedViews";
import styles from "./tabBar.module.css";

/** The route table at a given location (a hidden view keeps the location it was last shown with). */
const RoutedView = memo(function RoutedView({ routes, location }: { routes: RouteObject[]; location: Location }) {
  const element = useRoutes(routes, location);
  return <Suspense fallback={<Spin className={styles.viewLoading} />}>{element}</Suspense>;
});

export interface KeepAliveProps {
  routes: RouteObject[];
  liveViews: readonly LiveView[];
  activePath: string | null;
  /** The address shown (rendered on its own when it is no tab). */
  location: Location;
}

export function KeepAlive({ routes, liveViews, activePath, location }: KeepAliveProps) {
  return (
    <>
      {liveViews.map((view) => (
        <Activity key={`${view.path}#${view.generation}`} mode={view.path === activePath ? "visible" : "hidden"}>
          <div className={styles.view} data-tab-view={view.path}>
            <RoutedView routes={routes} location={view.location} />
          </div>
        </Activity>
      ))}
      {activePath === null && (
        <div key="@current" className={styles.view}>
          <RoutedView routes={routes} location={location} />
        </div>
      )}
    </>
  );
}
