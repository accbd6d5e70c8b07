import { SettingOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";

/** Group: system management (spec 2.3 /sys: users, roles, menus; and the audit log). */
export default defineAdminResource({ name: "sys", label: "menu.sys", icon: <SettingOutlined />, menuUrl: "/sys", order: 10 });
