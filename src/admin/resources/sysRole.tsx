import { TeamOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { RoleCreate } from "../roles/RoleCreate";
import { RoleEdit } from "../roles/RoleEdit";
import { RoleList } from "../roles/RoleList";
import { RoleShow } from "../roles/RoleShow";

/** Roles (spec 2.3 /sys/role): own pages; the contract has no role delete. */
export default defineAdminResource({
  name: "sysRole",
  route: "/sys/role",
  parent: "sys",
  label: "menu.sysRole",
  icon: <TeamOutlined />,
  order: 2,
  actions: { create: true, edit: true, status: true },
  pages: { list: RoleList, create: RoleCreate, edit: RoleEdit, show: RoleShow },
});
