// The admin shell (system=stageAdmin), a lazy chunk mounted by the app for /main/*. Its resources
// and routes come from the definitions in src/admin/resources/ (crud/registry.tsx): refine's antd
// ThemedLayout builds the side menu from them; the routes below are relative to /main.
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import type { RefineLayoutThemedTitleProps } from "@refinedev/antd";
import { NavigateToResource } from "@refinedev/react-router";
import { AppstoreOutlined } from "@ant-design/icons";
import { Outlet, Route, Routes } from "react-router";
import { useTranslation } from "react-i18next";

import { AdminI18n } from "./AdminI18n";
import { TranslatedResources } from "./TranslatedResources";
import { adminDefinitions, adminRefineResources, routesOf } from "./crud/registry";
import { registerAdminResources } from "../shared/adminResourceStore";

// The admin <Refine> (AdminRefine, AdminApp.tsx) learns the admin resources when this chunk loads (before the shell renders).
registerAdminResources(adminRefineResources);

/** The admin landing (spec 4: the admin home), or the first list while there is none. */
const LANDING = adminDefinitions.some((d) => d.name === "home") ? "home" : "sysRole";

function AdminTitle({ collapsed }: RefineLayoutThemedTitleProps) {
  const { t } = useTranslation("admin");
  return <ThemedTitle collapsed={collapsed} text={t("shell.title")} icon={<AppstoreOutlined />} />;
}

function Layout() {
  return (
    <ThemedLayout Title={AdminTitle}>
      <Outlet />
    </ThemedLayout>
  );
}

export default function AdminShell() {
  return (
    <AdminI18n>
      <TranslatedResources resources={adminRefineResources}>
        <Routes>
          <Route element={<Layout />}>
            {adminDefinitions.map(routesOf)}
            {/* /main, a group's path and unknown admin paths land on the admin home. */}
            <Route path="*" element={<NavigateToResource resource={LANDING} />} />
          </Route>
        </Routes>
      </TranslatedResources>
    </AdminI18n>
  );
}
