import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

describe("sysRole through the generic resource layer", () => {
  it("pages, filters and sorts", async () => {
    const all = await t.call("POST", "/sysRole/page", { sid: admin, body: { page: 1, pageSize: 10, sortField: "roleCode", sortOrder: "asc" } });
    expect(all.json().data).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(all.json().data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(["admin", "editor", "staff"]);
    const filtered = await t.call("POST", "/sysRole/page", { sid: admin, body: { roleName: "edit" } });
    expect(filtered.json().data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(["editor"]);
    // What the user types is matched literally: % and _ are not wildcards.
    for (const typed of ["%", "_", "\\"]) {
      const literal = await t.call("POST", "/sysRole/page", { sid: admin, body: { roleName: typed } });
      expect(literal.json().data.total).toBe(0);
    }
    const second = await t.call("POST", "/sysRole/page", { sid: admin, body: { page: 2, pageSize: 2, sortField: "roleCode", sortOrder: "asc" } });
    expect(second.json().data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(["staff"]);
    expect((await t.call("POST", "/sysRole/page", { sid: admin, body: { pageSize: 1000 } })).statusCode).toBe(400);
  });

  it("creates, reads with menu ids, updates and refuses a duplicate code", async () => {
    const tree = (await t.call("GET", "/sysRole/getRoleMenu", { sid: admin })).json().data;
    const work = tree.find((m: { url: string }) => m.url === "/workingSpace");
    const created = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "Auditor", roleCode: "auditor", description: "reads", menuIds: [work.id] } });
    expect(created.json().code).toBe(0);
    const id = created.json().data;
    const got = (await t.call("GET", "/sysRole/getById", { sid: admin, query: { id } })).json().data;
    expect(got).toMatchObject({ id, roleName: "Auditor", roleCode: "auditor", status: 1, menuIds: [work.id] });
    expect((await t.call("GET", "/sysRole/getMenuListByRoleId", { sid: admin, query: { roleId: id } })).json().data).toEqual([work.id]);

    const dup = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "Again", roleCode: "auditor" } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0]).toMatchObject({ field: "roleCode", rule: "unique" });

    expect(got.version).toBe(1);
    const upd = await t.call("PUT", "/sysRole", { sid: admin, body: { id, roleName: "Auditors", roleCode: "auditor", remark: "changed", version: got.version } });
    expect(upd.json().code).toBe(0);
    const after = (await t.call("GET", "/sysRole/getById", { sid: admin, query: { id } })).json().data;
    expect(after).toMatchObject({ roleName: "Auditors", remark: "changed", menuIds: [work.id] }); // menuIds untouched when absent

    expect(after.version).toBe(2);
    expect((await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id, menuIds: [], version: after.version } })).json().code).toBe(0);
    expect((await t.call("GET", "/sysRole/getById", { sid: admin, query: { id } })).json().data).toMatchObject({ menuIds: [], version: 3 });
    const unknown = await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id, menuIds: [999999], version: 3 } });
    expect([unknown.statusCode, unknown.json().errors?.[0]?.field]).toEqual([400, "menuIds"]);
    expect((await t.call("GET", "/sysRole/getById", { sid: admin, query: { id: 999999 } })).statusCode).toBe(404);
  });

  it("a disabled role ends its open sessions at their next request; enabled again, they stay ended", async () => {
    const [{ id: staffRoleId }] = (await t.sql.query("SELECT id FROM sys_role WHERE role_code = 'staff'")).rows;
    const menusBefore = (await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: staff, body: {} })).json().data;
    expect(menusBefore.length).toBeGreaterThan(0);
    expect((await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: staffRoleId, status: 0 } })).json().code).toBe(0);
    const listed = (await t.call("GET", "/sysRole", { sid: admin })).json().data.map((r: { roleCode: string }) => r.roleCode);
    expect(listed).not.toContain("staff");
    // Not a session with no grants (which the portal would read as "show everything"): no session.
    const after = await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: staff, body: {} });
    expect([after.statusCode, after.json().code]).toEqual([401, 4004]);
    // zhangwei has no other role: no sign-in while it is disabled.
    const login = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "zhangwei", password: t.app.transportKey.encrypt("Staff@12345") } });
    expect([login.statusCode, login.json().code]).toEqual([403, 4003]);
    await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: staffRoleId, status: 1 } });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: staff })).statusCode).toBe(401);
    staff = await t.login("zhangwei", "Staff@12345");
  });

  it("every role operation refuses an ordinary user with 403, code 4003", async () => {
    const calls: [string, string, object?][] = [
      ["POST", "/sysRole/page", { body: {} }],
      ["GET", "/sysRole"],
      ["POST", "/sysRole", { body: { roleName: "x", roleCode: "x" } }],
      ["PUT", "/sysRole", { body: { id: 1, roleName: "x", roleCode: "x" } }],
      ["PUT", "/sysRole/updateRole", { body: { id: 1, menuIds: [] } }],
      ["GET", "/sysRole/getById", { query: { id: 1 } }],
      ["GET", "/sysRole/getRoleMenu"],
      ["GET", "/sysRole/getMenuListByRoleId", { query: { roleId: 1 } }],
      ["GET", "/sysUserEx/changeRoleStatus", { query: { id: 1, status: 0 } }],
    ];
    for (const [method, url, opts] of calls) {
      const res = await t.call(method, url, { sid: staff, ...opts });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 4003]);
    }
    expect((await t.call("GET", "/sysRole/getById", { sid: admin, query: { id: 1 } })).statusCode).toBe(200);
  });
});
