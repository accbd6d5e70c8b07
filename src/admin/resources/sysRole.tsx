import { TeamOutlined } from "@ant-design/icons";

import type { components } from "../../api/schema";
import { defineAdminResource } from "../crud";
import { RoleCreate } from "../roles/RoleCreate";
import { RoleEdit } from "../roles/RoleEdit";
import { roleLabel } from "../roles/roleLabel";
import { RolePermissions } from "../roles/RolePermissions";

type SysRole = components["schemas"]["SysRole"];

/**
 * Roles (spec 2.3 /sys/role): the generic list and show view (with the role's permissions); own
 * create and edit pages (the permission tree and the preview of what a change grants and revokes).
 * The contract has no role delete.
 */
export default defineAdminResource<SysRole>({
  name: "sysRole",
  route: "/sys/role",
  parent: "sys",
  label: "menu.sysRole",
  icon: <TeamOutlined />,
  order: 2,
  fields: [
    {
      name: "roleName",
      label: "roles.fields.roleName",
      list: { sorter: true, width: 160 },
      text: (name: string, role, t) => roleLabel(role.roleCode, name, t),
      filter: { placeholder: "roles.placeholders.search" },
    },
    { name: "roleCode", label: "roles.fields.roleCode", list: { sorter: true, width: 140 } },
    { name: "description", label: "roles.fields.description", list: { width: 200, ellipsis: true } },
    { name: "remark", label: "roles.fields.remark", list: { width: 160, ellipsis: true } },
    {
      name: "status",
      label: "roles.fields.status",
      kind: "status",
      options: [
        { value: 1, label: "roles.status.enabled" },
        { value: 0, label: "roles.status.disabled" },
      ],
      list: { sorter: true },
      filter: { placeholder: "roles.placeholders.status", width: 140 },
    },
    { name: "createTime", label: "roles.fields.createTime", kind: "datetime", list: { sorter: true } },
  ],
  actions: { create: true, edit: true, status: true, export: true },
  show: { sections: [RolePermissions] },
  pages: { create: RoleCreate, edit: RoleEdit },
  texts: {
    title: "roles.titles.list",
    showTitle: "roles.titles.show",
    total: "roles.pagination.total",
    empty: "roles.empty",
    nameField: "roleName",
    statusKeys: "roles",
  },
});
