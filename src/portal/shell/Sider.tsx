// Spec 2.6: the user shell's left sider. Collapsible (collapsed width 78): the avatar with its
// menu (system state management only with the `system` button permission; edit avatar; log out),
// the greeting by hour with the user's name, and the side menu built from the server's menu tree.
// Issue 21: the avatar menu is a menu button (keyboard too); until the role's menu answers the
// menu shows a placeholder, never the default entries (they are for a failed or empty answer);
// on a phone the same content is the navigation drawer (NavDrawer.tsx).
import { Suspense, lazy, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Avatar, Button, ConfigProvider, Layout, Menu, Skeleton, Typography, theme, type MenuProps } from "antd";
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
import { useLocation } from "react-router";

import { useIdentity } from "../../auth/hooks";
import { SILENT, unwrap } from "../../api/client";
import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { useHasPermission } from "../../shared/Permission";
import { SYSTEM_PERMISSION, type SysMenu } from "../../shared/permissions";
import { retryingImport } from "../../shared/lazyRetry";
import { useHeadIcon } from "../../account/avatar";
import { QUIT_LOGON_PATH, openStageAdmin } from "./header";
import { greetingKey } from "./greeting";
import { MenuButton } from "./MenuButton";
import { portalMenuTranslate } from "../../navigation/menuTitle";
import { buildMenuTree, openMenuKeys, selectedMenuKey, type SideMenuEntry } from "./menuTree";
import { selectedMenuColors } from "./selectedMenuColors";
import styles from "../portal.module.css";
import { usePortalClient } from "../../api/ClientProvider";

// The upload dialog (antd Upload, Progress) loads when it is first opened, not with the shell (issue 9).
const AvatarUploadDialog = lazy(
  retryingImport(() => import("../../account/AvatarUploadDialog").then((m) => ({ default: m.AvatarUploadDialog }))),
);

export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 78;

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
 * The menu tree of the session's role (reloaded on a role change); null until it answers (the
 * previous role's stays shown while a new role's loads). The answer is drawn as a transition: the
 * menu is a large render that arrives while the workspace's cards get their data, and it yields to
 * them (issue 9, LCP).
 */
function useRoleMenus(roleCode: string | undefined): SysMenu[] | null {
  const client = usePortalClient();
  const [menus, setMenus] = useState<SysMenu[] | null>(null);
  useEffect(() => {
    if (roleCode === undefined) return;
    let live = true;
    unwrap(client.POST("/api/RoleMenuController/getRoleMenuVOByRoles", { body: {}, headers: SILENT }))
      .then((data) => live && startTransition(() => setMenus(data)))
      .catch(() => live && startTransition(() => setMenus([]))); // the default entries
    return () => {
      live = false;
    };
  }, [roleCode, client]);
  return menus;
}

/** The avatar and its menu, and the greeting (hidden in a collapsed sider). */
function SiderProfile({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation(["portal", "common"]);
  const navigate = useNavigateOnce();
  const { data: user } = useIdentity();
  const headIcon = useHeadIcon(user?.id);
  const canManageSystem = useHasPermission(SYSTEM_PERMISSION);
  const [editingAvatar, setEditingAvatar] = useState(false);
  // Mounted from its first opening on, so it closes with its animation like before.
  const avatarOpened = useRef(false);
  if (editingAvatar) avatarOpened.current = true;

  const avatarItems: MenuProps["items"] = [
    ...(canManageSystem ? [{ key: "system", icon: <DashboardOutlined />, label: t("portal:sider.systemState") }] : []),
    { key: "avatar", icon: <EditOutlined />, label: t("portal:sider.editAvatar") },
    { key: "logout", icon: <LogoutOutlined />, label: t("portal:sider.logout") },
  ];
  const onAvatarMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") navigate(QUIT_LOGON_PATH);
    else if (key === "avatar") setEditingAvatar(true);
    // Decision: system state management is the admin backend, opened like the stage-admin link.
    else if (key === "system") openStageAdmin();
  };

  return (
    <div className={styles.siderProfile}>
      <MenuButton
        placement="bottomLeft"
        menu={{ items: avatarItems, onClick: onAvatarMenu, "aria-label": t("portal:sider.avatarMenu") }}
        button={{ type: "text", className: styles.siderAvatarButton, "aria-label": t("portal:sider.avatarMenu") }}
      >
        <Avatar
          data-testid="sider-avatar"
          data-tour="sider-avatar"
          size={collapsed ? 40 : 64}
          src={headIcon ?? undefined}
          icon={headIcon ? undefined : <UserOutlined />}
          alt=""
        />
      </MenuButton>
      {!collapsed && user && (
        <Typography.Text data-testid="sider-greeting" className={styles.siderGreeting}>
          {t(greetingKey(), { realName: user.realName })}
        </Typography.Text>
      )}
      {avatarOpened.current && (
        <Suspense fallback={null}>
          <AvatarUploadDialog open={editingAvatar} onClose={() => setEditingAvatar(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The side menu of the role's pages; a placeholder while the role's menu loads. */
function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation(["portal", "common"]);
  const navigate = useNavigateOnce();
  const { pathname } = useLocation();
  const { data: user } = useIdentity();
  const menus = useRoleMenus(user?.roleCode);
  const { token } = theme.useToken();
  const selectedColors = selectedMenuColors(token.colorPrimary);

  const tree = useMemo(
    () =>
      buildMenuTree(menus, portalMenuTranslate(i18n)),
    // i18n.language: titles follow the language toggle.
    [menus, t, i18n.language],
  );
  const selected = selectedMenuKey(tree, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const above = openMenuKeys(tree, selected);
    if (above.length) setOpenKeys((open) => Array.from(new Set([...open, ...above])));
  }, [tree, selected]);

  const leafPaths = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (entries: readonly SideMenuEntry[]) =>
      entries.forEach((e) => (e.children ? walk(e.children) : map.set(e.key, e.path)));
    walk(tree);
    return map;
  }, [tree]);

  // Before the role's menu answers (and while nobody is known yet) the entries are not known: the
  // defaults of spec 2.6 are for an answer that failed or listed nothing.
  if (menus === null && user !== null) {
    return (
      <div className={styles.siderMenuLoading} data-testid="sider-menu-loading" aria-busy="true">
        <span className={styles.srOnly}>{t("common:loading")}</span>
        <Skeleton active title={false} paragraph={{ rows: 3, width: "100%" }} />
      </div>
    );
  }

  return (
    <ConfigProvider
      theme={{ components: { Menu: { itemSelectedBg: selectedColors.background, itemSelectedColor: selectedColors.text } } }}
    >
      <Menu
        data-testid="sider-menu"
        data-tour="sider-menu"
        className={styles.sideMenu}
        mode="inline"
        items={toItems(tree)}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          const path = leafPaths.get(key);
          if (path) navigate(path);
          onNavigate?.();
        }}
      />
    </ConfigProvider>
  );
}

/** The sider's content: the profile and the menu (in the sider, or in the drawer on a phone). */
export function SiderContent({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  return (
    <>
      <SiderProfile collapsed={collapsed} />
      <SideMenu collapsed={collapsed} onNavigate={onNavigate} />
    </>
  );
}

/** Below antd's lg breakpoint (a tablet, a zoomed laptop) the sider starts collapsed. */
const NARROW_QUERY = "(max-width: 991.98px)";

export function PortalSider() {
  const { t } = useTranslation("portal");
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(NARROW_QUERY).matches ?? false);
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
      <div className={styles.siderScroll}>
        <SiderContent collapsed={collapsed} />
      </div>
      <div className={styles.siderTrigger}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? t("sider.expand") : t("sider.collapse")}
          onClick={() => setCollapsed((c) => !c)}
        />
      </div>
    </Layout.Sider>
  );
}
