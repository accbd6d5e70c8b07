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
]);
