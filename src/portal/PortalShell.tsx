// The user shell chunk (spec 2.6), loaded lazily under /main: the header, the left sider with the
// menu, the tab bar of visited views and the routed pages, each visited page kept alive while
// another tab shows. Pages a later issue builds keep their address and show the shell with their
// title; unknown children go to the shell's 404.
// Issue 21: a skip link first; the header, the sider and the tab bar stay in place while the page
// scrolls (portal.module.css); one h1 per page, its title; on a phone the sider is a drawer.
import { useRef, useState } from "react";
import { Layout } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, type RouteObject } from "react-router";

import "../shared/dayjsLocale"; // dates in the language in use on every page of the shell
import { loadPageLocales } from "../i18n";
import { LiveProvider } from "../live/LiveProvider";
import { lazyPage } from "../shared/lazyRetry";
import { ROUTE_ALIASES, hasPageBackground } from "../navigation/routes";
import { MAIN_CONTENT_ID, SkipLink } from "../shared/SkipLink";
import { KeepAlive } from "./shell/KeepAlive";
import { NavDrawer } from "./shell/NavDrawer";
import { pageTitle } from "./shell/pageTitle";
import { PortalHeader } from "./shell/PortalHeader";
import { PortalSider } from "./shell/Sider";
import { TabBar } from "./shell/TabBar";
import { usePhoneLayout } from "./shell/usePhoneLayout";
import { useVisitedViews } from "./shell/useVisitedViews";
import styles from "./portal.module.css";

/** A page that needs the words of the shell's other pages (i18n/bundles/*Pages.ts): both load together. */
function withPageWords<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadPageLocales()]).then(([module]) => module);
}

const WorkingSpace = lazyPage(() => import("./workingSpace/WorkingSpace"));
const AppCenter = lazyPage(() => withPageWords(import("./apps/AppCenter")));
const CustomIndex = lazyPage(() => withPageWords(import("./apps/CustomIndex")));
const DataCenter = lazyPage(() => withPageWords(import("./data/DataCenter")));
const TaskCenter = lazyPage(() => withPageWords(import("./tasks/TaskCenter")));
const Schedule = lazyPage(() => withPageWords(import("./schedule/Schedule")));
const HelpCenter = lazyPage(() => withPageWords(import("./help/HelpCenter")));
const HelpCenterInfo = lazyPage(() => withPageWords(import("./help/HelpCenterInfo")));
const HelpDetail = lazyPage(() => withPageWords(import("./help/HelpDetail")));
const TeasingList = lazyPage(() => withPageWords(import("./complaints/TeasingList")));
const SearchResult = lazyPage(() => withPageWords(import("./search/SearchResult")));
const People = lazyPage(() => import("../account/People"));
const SkinPage = lazyPage(() => import("./pages/SkinPage"));
const ChangePassword = lazyPage(() => import("../account/ChangePassword"));
const NotFound = lazyPage(() => import("./pages/NotFound"));
const QuitLogon = lazyPage(() => import("../account/QuitLogon"));

/** The shell's pages (paths under /main): each one visited becomes a tab. */
const PAGE_ROUTES: RouteObject[] = [
  { path: "workingSpace", element: <WorkingSpace /> },
  { path: "people", element: <People /> },
  { path: "skinPage", element: <SkinPage /> },
  { path: "change-Password", element: <ChangePassword /> },
  { path: "appCenterIndex", element: <AppCenter /> },
  { path: "appCenterIndex/customIndex", element: <CustomIndex /> },
  { path: "myDataCenter", element: <DataCenter /> },
  { path: "missionCenterIndex", element: <TaskCenter /> },
  { path: "myProgramme", element: <Schedule /> },
  { path: "helpCenter", element: <HelpCenter /> },
  { path: "helpCenterInfo", element: <HelpCenterInfo /> },
  { path: "helpDetail", element: <HelpDetail /> },
  { path: "teasingList", element: <TeasingList /> },
  { path: "searchResult", element: <SearchResult /> },
];

/** The tab paths: the pages above, nothing else (redirects, 404 and quitLogon are no tabs). */
const TAB_PATHS: readonly string[] = PAGE_ROUTES.map((route) => `/main/${route.path}`);

const SHELL_ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="workingSpace" replace /> },
  ...PAGE_ROUTES,
  // Spec 2.2 "also named ...": the second name opens the same page.
  ...Object.entries(ROUTE_ALIASES).map(
    ([alias, name]): RouteObject => ({ path: alias, element: <Navigate to={`/main/${name}`} replace /> }),
  ),
  { path: "personalCenter", element: <Navigate to="/main/people" replace /> },
  { path: "personalCenter/people", element: <Navigate to="/main/people" replace /> },
  { path: "quitLogon", element: <QuitLogon /> },
  { path: "personalCenter/quitLogon", element: <QuitLogon /> },
  { path: "404", element: <NotFound /> },
  { path: "*", element: <Navigate to="/main/404" replace /> },
];

export default function PortalShell() {
  const { t } = useTranslation("portal");
  const location = useLocation();
  const { views, activePath, liveViews, activate, close, refresh } = useVisitedViews(TAB_PATHS);
  const phone = usePhoneLayout();
  const [navOpen, setNavOpen] = useState(false);
  const navButton = useRef<HTMLButtonElement>(null);
  return (
    // One live stream for the tab (issue 23): the bell, the task card and the task centre hear it.
    <LiveProvider>
      <Layout className={styles.shell}>
        <SkipLink />
        <PortalHeader phone={phone} navOpen={navOpen && phone} onOpenNav={() => setNavOpen(true)} navButton={navButton} />
        {phone && <NavDrawer open={navOpen} onClose={() => setNavOpen(false)} opener={navButton} />}
        {/* hasSider: antd learns of the sider only in an effect after the first render; said here, the
            first render already lays the sider beside the content (a page rendered with the shell
            measures the right height). */}
        <Layout hasSider={!phone}>
          {!phone && <PortalSider />}
          <Layout className={styles.main}>
            <TabBar views={views} activePath={activePath} onActivate={activate} onClose={close} onRefresh={refresh} />
            <Layout.Content
              id={MAIN_CONTENT_ID}
              className={`${styles.content} ${hasPageBackground(location.pathname) ? styles.pageBackground : ""}`}
              data-tour="content"
            >
              <h1 className={styles.srOnly} data-testid="page-title">
                {pageTitle(location.pathname, t)}
              </h1>
              <KeepAlive routes={SHELL_ROUTES} liveViews={liveViews} activePath={activePath} location={location} />
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
    </LiveProvider>
  );
}
