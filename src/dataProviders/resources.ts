// The admin resources the data provider serves: one line each (issue 2, section 3).
import { createRegistry, defineResource } from "./resource";

export const resourceRegistry = createRegistry([
  defineResource("sysRole", {
    page: "/sysRole/page",
    getById: "/sysRole/getById",
    create: "/sysRole",
    update: "/sysRole",
    status: { path: "/sysUserEx/changeRoleStatus", method: "get" },
  }),
  defineResource("sysUser", {
    page: "/sysUserRole/page",
    getById: "/sysUserRole/getById",
    create: "/sysUserRole",
    update: "/sysUserRole",
    removeById: "/sysUserRole",
    status: { path: "/sysUserEx/changeUserStatus", method: "get" },
  }),
]);
