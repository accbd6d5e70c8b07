import { MenuOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { MenuList } from "../menus/MenuList";

/** Menus (spec 2.3 /sys/menu): the menu and button tree; create and edit in a dialog over it. */
export default defineAdminResource({
  name: "sysMenu",
  route: "/sys/menu",
  parent: "sys",
  label: "menu.sysMenu",
  icon: <MenuOutlined />,
  order: 3,
  actions: { create: true, edit: true, delete: true },
  pages: { list: MenuList },
});
