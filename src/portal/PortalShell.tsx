// The user shell chunk (spec 2.6), loaded lazily under /main: the header, the left sider with the
// menu, and the routed pages; the tab bar comes with the full shell. Pages a later issue builds keep
// their address and show the shell with their title; unknown children go to the shell's 404.
import { Layout } from "antd";
import { Navigate, Route, Routes } from "react-router";

import { lazyPage } from "../navigation/lazyRetry";
import { PENDING_USER_PAGES, ROUTE_ALIASES } from "../navigation/routes";
import { PortalHeader } from "./shell/PortalHeader";
import { PortalSider } from "./shell/Sider";
import styles from "./portal.module.css";

const WorkingSpace = lazyPage(() => import("./workingSpace/WorkingSpace"));
const PendingPage = lazyPage(() => import("./pages/PendingPage"));
const NotFound = lazyPage(() => import("./pages/NotFound"));
const QuitLogon = lazyPage(() => import("./pages/QuitLogon"));

export default function PortalShell() {
  return (
    <Layout className={styles.shell}>
      <PortalHeader />
      <Layout>
        <PortalSider />
        <Layout.Content className={styles.content}>
          <Routes>
            <Route index element={<Navigate to="workingSpace" replace />} />
            <Route path="workingSpace" element={<WorkingSpace />} />
            {PENDING_USER_PAGES.map((path) => (
              <Route key={path} path={path} element={<PendingPage />} />
            ))}
            {/* Spec 2.2 "also named ...": the second name opens the same page. */}
            {Object.entries(ROUTE_ALIASES).map(([alias, name]) => (
              <Route key={alias} path={alias} element={<Navigate to={`/main/${name}`} replace />} />
            ))}
            <Route path="personalCenter" element={<Navigate to="/main/people" replace />} />
            <Route path="personalCenter/people" element={<Navigate to="/main/people" replace />} />
            <Route path="quitLogon" element={<QuitLogon />} />
            <Route path="personalCenter/quitLogon" element={<QuitLogon />} />
            <Route path="404" element={<NotFound />} />
            <Route path="*" element={<Navigate to="/main/404" replace />} />
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
