// Spec 2.6: the user shell's left sider. Collapsible (collapsed width 78): the avatar with its
// dropdown (system state management only with the `system` button permission; log out), the
// greeting by hour with the user's name, and the side menu built from the server's menu tree.
import { Suspense, lazy, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Avatar, Button, Dropdown, Layout, Menu, Typography, type MenuProps } from "antd";
import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CommentOutlined,
  DashboardOutlined,
  EditOutlined,
  FileTextOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

import { useIdentity } from "../../auth/hooks";
import { SILENT, unwrap } from "../../api/client";
import { portalClient } from "../../authProvider";
import { useHasPermission } from "../../shared/Permission";
import { SYSTEM_PERMISSION, type SysMenu } from "../../shared/permissions";
import { retryingImport } from "../../navigation/lazyRetry";
import { useHeadIcon } from "../personal/avatar";
import { openStageAdmin } from "./header";
import { greetingKey } from "./greeting";
import { buildMenuTree, openMenuKeys, selectedMenuKey, type SideMenuEntry } from "./menuTree";
import styles from "../portal.module.css";

// The upload dialog (antd Upload, Progress) loads when it is first opened, not with the shell (issue 9).
const AvatarUploadDialog = lazy(
  retryingImport(() => import("../personal/AvatarUploadDialog").then((m) => ({ default: m.AvatarUploadDialog }))),
);

export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 78;
const QUIT_LOGON_PATH = "/main/quitLogon";

const ICONS: Readonly<Record<string, ReactNode>> = {
  AppstoreOutlined: <AppstoreOutlined />,
  AppstoreAddOutlined: <AppstoreAddOutlined />,
  QuestionCircleOutlined: <QuestionCircleOutlined />,
  CheckSquareOutlined: <CheckSquareOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CalendarOutlined: <CalendarOutlined />,
  CommentOutlined: <CommentOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  UserOutlined: <UserOutlined />,
};

type MenuItem = Required<MenuProps>["items"][number];

function toItems(entries: readonly SideMenuEntry[], depth = 1): MenuItem[] {
  return entries.map((entry) => {
    const icon = depth === 1 ? (ICONS[entry.icon ?? ""] ?? <AppstoreOutlined />) : undefined;
    return entry.children
      ? { key: entry.key, icon, label: entry.title, children: toItems(entry.children, depth + 1) }
      : { key: entry.key, icon, label: entry.title };
  });
}

/**
 * The menu tree of the session's role (reloaded on a role change); null until it answers. The
 * answer is drawn as a transition: the menu is a large render that arrives while the workspace's
 * cards get their data, and it yields to them (issue 9, LCP).
 */
function useRoleMenus(roleCode: string | undefined): SysMenu[] | null {
  const [menus, setMenus] = useState<SysMenu[] | null>(null);
  useEffect(() => {
    if (roleCode === undefined) return;
    let live = true;
    unwrap(portalClient.POST("/api/RoleMenuController/getRoleMenuVOByRoles", { body: {}, headers: SILENT }))
      .then((data) => live && startTransition(() => setMenus(data)))
      .catch(() => live && startTransition(() => setMenus([]))); // the default entries
    return () => {
      live = false;
    };
  }, [roleCode]);
  return menus;
}

export function PortalSider() {
  const { t, i18n } = useTranslation(["portal", "common"]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useIdentity();
  const [collapsed, setCollapsed] = useState(false);
  const headIcon = useHeadIcon(user?.id);
  const [editingAvatar, setEditingAvatar] = useState(false);
  // Mounted from its first opening on, so it closes with its animation like before.
  const avatarOpened = useRef(false);
  if (editingAvatar) avatarOpened.current = true;
  const menus = useRoleMenus(user?.roleCode);
  const canManageSystem = useHasPermission(SYSTEM_PERMISSION);

  const tree = useMemo(
    () =>
      buildMenuTree(menus, (name) => {
        const key = `portal:menu.${name}`;
        return i18n.exists(key) ? t(key) : null;
      }),
    // i18n.language: titles follow the language toggle.
    [menus, t, i18n.language],
  );
  const selected = selectedMenuKey(tree, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const above = openMenuKeys(tree, selected);
    if (above.length) setOpenKeys((open) => Array.from(new Set([...open, ...above])));
  }, [tree, selected]);

  const avatarItems: MenuProps["items"] = [
    ...(canManageSystem
      ? [{ key: "system", icon: <DashboardOutlined />, label: t("portal:sider.systemState") }]
      : []),
    { key: "avatar", icon: <EditOutlined />, label: t("portal:sider.editAvatar") },
    { key: "logout", icon: <LogoutOutlined />, label: t("portal:sider.logout") },
  ];
  const onAvatarMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") void navigate(QUIT_LOGON_PATH);
    else if (key === "avatar") setEditingAvatar(true);
    // Decision: system state management is the admin backend, opened like the stage-admin link.
    else if (key === "system") openStageAdmin();
  };

  const leafPaths = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (entries: readonly SideMenuEntry[]) =>
      entries.forEach((e) => (e.children ? walk(e.children) : map.set(e.key, e.path)));
    walk(tree);
    return map;
  }, [tree]);

  return (
    <Layout.Sider
      className={styles.sider}
      data-testid="portal-sider"
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
    >
      <div className={styles.siderProfile}>
        <Dropdown menu={{ items: avatarItems, onClick: onAvatarMenu }} trigger={["click", "hover"]}>
          <Avatar
            data-testid="sider-avatar"
            data-tour="sider-avatar"
            size={collapsed ? 40 : 64}
            src={headIcon ?? undefined}
            icon={headIcon ? undefined : <UserOutlined />}
            alt={user?.realName ?? ""}
            className={styles.siderAvatar}
          />
        </Dropdown>
        {!collapsed && user && (
          <Typography.Text data-testid="sider-greeting" className={styles.siderGreeting}>
            {t(greetingKey(), { realName: user.realName })}
          </Typography.Text>
        )}
      </div>
      <Menu
        data-testid="sider-menu"
        data-tour="sider-menu"
        mode="inline"
        items={toItems(tree)}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          const path = leafPaths.get(key);
          if (path) void navigate(path);
        }}
      />
      <div className={styles.siderTrigger}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? t("portal:sider.expand") : t("portal:sider.collapse")}
          onClick={() => setCollapsed((c) => !c)}
        />
      </div>
      {avatarOpened.current && (
        <Suspense fallback={null}>
          <AvatarUploadDialog open={editingAvatar} onClose={() => setEditingAvatar(false)} />
        </Suspense>
      )}
    </Layout.Sider>
  );
}
