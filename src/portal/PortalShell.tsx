// The user shell chunk (spec 2.6), loaded lazily under /main. For now a header and the routed
// pages; the sider, menu and tab bar come with the full shell.
import { lazy } from "react";
import { Layout } from "antd";
import { Navigate, Route, Routes } from "react-router";

import { PortalHeader } from "./shell/PortalHeader";
import styles from "./portal.module.css";

const WorkingSpace = lazy(() => import("./workingSpace/WorkingSpace"));

export default function PortalShell() {
  return (
    <Layout className={styles.shell}>
      <PortalHeader />
      <Layout.Content className={styles.content}>
        <Routes>
          <Route index element={<Navigate to="workingSpace" replace />} />
          <Route path="workingSpace" element={<WorkingSpace />} />
          {/* Spec 2.1: /loginCopy is the catch-all for unknown paths. */}
          <Route path="*" element={<Navigate to="/loginCopy" replace />} />
        </Routes>
      </Layout.Content>
    </Layout>
  );
}
