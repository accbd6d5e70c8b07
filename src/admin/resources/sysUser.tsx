import { UserOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { UserCreate } from "../users/UserCreate";
import { UserEdit } from "../users/UserEdit";
import { UserList } from "../users/UserList";

/** Users (spec 2.3 /sys/user): own pages (roles in order, the password shown once). */
export default defineAdminResource({
  name: "sysUser",
  route: "/sys/user",
  parent: "sys",
  label: "menu.sysUser",
  icon: <UserOutlined />,
  order: 1,
  actions: { create: true, edit: true, delete: true, status: true },
  pages: { list: UserList, create: UserCreate, edit: UserEdit },
});
