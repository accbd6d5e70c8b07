// The admin resources as data (refine's app-crm pattern): routes, menu parent and icon, the
// admin.json key of the menu label (translated by the shell), and the server menu url that the
// access-control provider turns into permission keys (README.md, "Permission keys").
import type { ResourceProps } from "@refinedev/core";
import { SettingOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";

/** The admin shell lives under /main, like the user shell (spec 2.1). */
export const ADMIN_BASE = "/main";

export const adminResources: ResourceProps[] = [
  {
    name: "sys",
    meta: { label: "menu.sys", icon: <SettingOutlined />, menuUrl: "/sys" },
  },
  {
    name: "sysUser",
    list: `${ADMIN_BASE}/sys/user`,
    create: `${ADMIN_BASE}/sys/user/create`,
    edit: `${ADMIN_BASE}/sys/user/edit/:id`,
    meta: { parent: "sys", label: "menu.sysUser", icon: <UserOutlined />, menuUrl: "/sys/user" },
  },
  {
    name: "sysRole",
    list: `${ADMIN_BASE}/sys/role`,
    create: `${ADMIN_BASE}/sys/role/create`,
    edit: `${ADMIN_BASE}/sys/role/edit/:id`,
    show: `${ADMIN_BASE}/sys/role/show/:id`,
    meta: {
      parent: "sys",
      label: "menu.sysRole",
      icon: <TeamOutlined />,
      menuUrl: "/sys/role",
      canDelete: false, // the contract has no role delete
    },
  },
];
