// The admin shell's side menu: refine's ThemedSider with its own 退出登录 (issue 22). refine's item
// logs out at once; spec 2.4's quitLogon confirm asks first everywhere else (the personal centre,
// the user shell's header and avatar), so the admin's item asks with the same dialog. A confirmed
// logout goes to /loginCopy, where refine's logout went.
import { LogoutOutlined } from "@ant-design/icons";
import { ThemedSider } from "@refinedev/antd";
import type { RefineThemedLayoutSiderProps } from "@refinedev/antd";
import { Menu } from "antd";
import { useTranslation } from "react-i18next";

import { ROUTES } from "../auth/routes";
import { useAppSession } from "../auth/SessionProvider";
import { confirmQuitLogon } from "../account/confirmQuitLogon";

export function AdminSider(props: RefineThemedLayoutSiderProps) {
  const { t } = useTranslation(["admin", "portal", "common"]);
  const { authProvider } = useAppSession();
  return (
    <ThemedSider
      {...props}
      render={({ items, logout }) => [
        ...items,
        // refine renders its logout only for a signed-in session; ours replaces it there.
        logout ? (
          <Menu.Item key="logout" icon={<LogoutOutlined />} onClick={() => confirmQuitLogon(authProvider, t, { destination: ROUTES.loginCopy })}>
            {t("admin:refine.buttons.logout")}
          </Menu.Item>
        ) : null,
      ]}
    />
  );
}
