// The admin shell (system=stageAdmin), a lazy chunk mounted by the app for /main/*. refine's antd
// ThemedLayout builds the side menu from the resources in resources.tsx; the routes below are
// relative to /main and match the resources' paths.
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import type { RefineLayoutThemedTitleProps } from "@refinedev/antd";
import { NavigateToResource } from "@refinedev/react-router";
import { AppstoreOutlined } from "@ant-design/icons";
import { Outlet, Route, Routes } from "react-router";
import { useTranslation } from "react-i18next";

import { AdminI18n } from "./AdminI18n";
import { TranslatedResources } from "./TranslatedResources";
import { RoleCreate } from "./roles/RoleCreate";
import { RoleEdit } from "./roles/RoleEdit";
import { RoleList } from "./roles/RoleList";
import { RoleShow } from "./roles/RoleShow";
import { UserCreate } from "./users/UserCreate";
import { UserEdit } from "./users/UserEdit";
import { UserList } from "./users/UserList";

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
      <TranslatedResources>
        <Routes>
          <Route element={<Layout />}>
            <Route path="sys/user">
              <Route index element={<UserList />} />
              <Route path="create" element={<UserCreate />} />
              <Route path="edit/:id" element={<UserEdit />} />
            </Route>
            <Route path="sys/role">
              <Route index element={<RoleList />} />
              <Route path="create" element={<RoleCreate />} />
              <Route path="edit/:id" element={<RoleEdit />} />
              <Route path="show/:id" element={<RoleShow />} />
            </Route>
            {/* /main, /sys and admin pages not built yet land on the first admin resource. */}
            <Route path="*" element={<NavigateToResource resource="sysRole" />} />
          </Route>
        </Routes>
      </TranslatedResources>
    </AdminI18n>
  );
}
