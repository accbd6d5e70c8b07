// The admin shell (system=stageAdmin), a lazy chunk mounted by the app for /main/*. Its resources
// and routes come from the definitions in src/admin/resources/ (crud/registry.tsx): refine's antd
// ThemedLayout builds the side menu from them (hiding what the session's menus do not grant, via
// accessControl.ts); the routes below are relative to /main.
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import type { RefineLayoutThemedTitleProps } from "@refinedev/antd";
import { AppstoreOutlined } from "@ant-design/icons";
import { Navigate, Route, Routes } from "react-router";
import { useTranslation } from "react-i18next";

import { AdminI18n } from "./AdminI18n";
import { ForbiddenOutlet } from "./AdminForbidden";
import { AdminHeader } from "./AdminHeader";
import { AdminSider } from "./AdminSider";
import styles from "./adminShell.module.css";
import { TranslatedResources } from "./TranslatedResources";
import { adminLanding } from "./adminAccess";
import { adminDefinitions, adminRefineResources, bareRoutesOf, routesOf } from "./crud/registry";
import type { AdminResourceDef } from "./crud/types";
import { registerAdminResources } from "../shared/adminResourceStore";
import { SkipLink } from "../shared/SkipLink";

// The admin <Refine> (AdminRefine, AdminApp.tsx) learns the admin resources when this chunk loads (before the shell renders).
registerAdminResources(adminRefineResources);


function AdminTitle({ collapsed }: RefineLayoutThemedTitleProps) {
  const { t } = useTranslation("admin");
  return <ThemedTitle collapsed={collapsed} text={t("shell.title")} icon={<AppstoreOutlined />} />;
}

/** refine's layout, after a skip link to its main landmark (issue 21, WCAG 2.4.1). */
function Layout() {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <ThemedLayout Title={AdminTitle} Sider={AdminSider} Header={AdminHeader}>
        {/* A screen whose query the server refuses (403) shows a 403 page at once (issue 22). */}
        <ForbiddenOutlet />
      </ThemedLayout>
    </div>
  );
}

/**
 * `definitions`: the screens the session's menus grant (AdminMenuGate, issue 18); only those are
 * routed, so an address of another screen lands like an unknown one. Left out (the screen tests,
 * which bring their own refine), every screen is routed.
 */
export default function AdminShell({ definitions = adminDefinitions }: { definitions?: readonly AdminResourceDef[] }) {
  // The admin home when granted (spec 4), else the first granted screen.
  const landing = adminLanding(definitions);
  return (
    <AdminI18n>
      <TranslatedResources resources={adminRefineResources}>
        <Routes>
          {/* Print views: the same screens' data without the side menu and header (issue 24). */}
          {definitions.map(bareRoutesOf)}
          <Route element={<Layout />}>
            {definitions.map(routesOf)}
            {/* /main, a group's path and unknown admin paths land on the landing screen, in place
                of the address they came with (so Back does not come back here to be sent on again). */}
            {landing && <Route path="*" element={<Navigate to={landing.path} replace />} />}
          </Route>
        </Routes>
      </TranslatedResources>
    </AdminI18n>
  );
}
