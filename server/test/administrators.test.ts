import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContract, operations } from "../src/contract.ts";
import { DEMO_POLICY_VERSION } from "../src/db/seed.ts";
import { ADMINISTRATION_URLS } from "../src/lib/administrators.ts";
import { permitted } from "../src/plugins/security.ts";
import { versionOf } from "./support/versions.ts";
import { asOwnPassword, buildTestApp, type TestApp } from "./helper.ts";

// Issue 18, item 5: no change may leave nobody able to manage users and roles - that is, no
// enabled user holding an enabled administrator role (sys_role.is_admin) that grants
// ADMINISTRATION_URLS. Each way in is refused with 409 and a reason in both languages, and the
// same change is allowed while another administrator remains. "Administrator" is a property of
// the role: renaming its code changes nothing.

let t: TestApp;
let admin: string; // the seeded administrator (roles admin, staff), the only administrator
let adminId: number;
let adminRoleId: number;
/** A user manager: a role (not an administrator role) with the user, role and menu buttons. */
let manager: string;

const PASSWORD = "Admin@23456";
const enc = (p: string) => t.app.transportKey.encrypt(p);
const q1 = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows[0];
const menuId = async (url: string) => Number((await q1("SELECT id FROM sys_menu WHERE url = $1", [url])).id);
const grantedUrls = async (roleId: number) =>
  (await t.sql.query("SELECT m.url FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = $1 ORDER BY m.url", [roleId])).rows.map((r) => r.url);
const rolesOf = async (userId: number) =>
  (await t.sql.query("SELECT r.role_code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY ur.sort", [userId])).rows.map((r) => r.role_code);

async function createUser(userName: string, roleCodes: string[]) {
  const made = await t.call("POST", "/sysUserRole", { sid: admin, body: { userName, realName: userName, roleCodes, password: enc(PASSWORD) } });
  expect(made.json().code).toBe(0);
  const id = made.json().data.id as number;
  await asOwnPassword(t, userName);
  const sid = await t.login(userName, PASSWORD);
  expect((await t.call("POST", "/personalStatusRecord", { sid, body: { userId: id, privacyStatus: 1, privacyVersion: DEMO_POLICY_VERSION } })).json().code).toBe(0);
  return { id, sid };
}

/** The answer is the 409 of this rule, in both languages. */
function expectRefused(res: { statusCode: number; json(): any }) {
  expect([res.statusCode, res.json().code]).toEqual([409, 409]);
  expect(res.json().resultMessage).toMatch(/此更改会导致没有可用的管理员来管理用户和角色/);
  expect(res.json().resultEnMessage).toMatch(/would leave no administrator able to manage users and roles/);
}

/** The seeded administrator still manages users and roles with the same session. */
async function adminStillManages() {
  expect((await t.call("POST", "/sysRole/page", { sid: admin, body: {} })).statusCode).toBe(200);
  expect((await t.call("POST", "/sysUserRole/page", { sid: admin, body: {} })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  adminId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: admin })).json().data.id;
  adminRoleId = Number((await q1("SELECT id FROM sys_role WHERE role_code = 'admin'")).id);
  const urls = ["/sys", "/sys/user", "sys:user:edit", "sys:user:status", "sys:user:delete", "/sys/role", "sys:role:edit", "sys:role:status", "/sys/menu", "sys:menu:edit", "sys:menu:delete"];
  const menuIds = await Promise.all(urls.map(menuId));
  expect((await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "用户管理员", roleCode: "userManager", menuIds } })).json().code).toBe(0);
  manager = (await createUser("manny", ["userManager"])).sid;
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts from the seeded state: one administrator, the admin role enabled with every grant.
  expect(await q1("SELECT status, is_admin, role_code FROM sys_role WHERE id = $1", [adminRoleId])).toEqual({ status: 1, is_admin: true, role_code: "admin" });
  expect(await rolesOf(adminId)).toEqual(["admin", "staff"]);
});

describe("what an administrator is", () => {
  it("the seeded admin role is the administrator role (isAdmin), the others are not", async () => {
    const roles = (await t.call("POST", "/sysRole/page", { sid: admin, body: { pageSize: 100 } })).json().data.records;
    expect(Object.fromEntries(roles.map((r: { roleCode: string; isAdmin: boolean }) => [r.roleCode, r.isAdmin]))).toEqual({
      admin: true, staff: false, editor: false, userManager: false,
    });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: admin })).json().data.isAdmin).toBe(true);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: manager })).json().data.isAdmin).toBe(false);
  });

  it("ADMINISTRATION_URLS open every operation needed to manage users and roles (checked against the contract)", async () => {
    const needed = ["sysUserRolePage", "sysUserRoleGetById", "listSysUserRole", "updateSysUserRole", "changeUserStatus",
      "sysRolePage", "sysRoleGetById", "listSysRole", "updateSysRole", "updateRole", "changeRoleStatus", "getRoleMenu", "getMenuListByRoleId"];
    const ops = operations(await loadContract()).filter((o) => needed.includes(o.operationId));
    expect(ops.length).toBe(needed.length);
    for (const o of ops) expect([o.operationId, permitted(new Set(ADMINISTRATION_URLS), o.op["x-permission"])]).toEqual([o.operationId, true]);
  });
});

describe("each way to lock every administrator out is refused (409), nothing changes", () => {
  it("switching the admin role off (status switch, or the edit form's status)", async () => {
    expectRefused(await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: adminRoleId, status: 0 } }));
    expectRefused(await t.call("PUT", "/sysRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), roleName: "管理员", roleCode: "admin", status: 0 } }));
    await adminStillManages();
  });

  it("saving the admin role with no menus, or without a permission administration needs", async () => {
    const before = await grantedUrls(adminRoleId);
    expectRefused(await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: [] } }));
    expectRefused(await t.call("PUT", "/sysRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), roleName: "管理员", roleCode: "admin", menuIds: [] } }));
    const all = (await t.sql.query("SELECT menu_id FROM sys_role_menu WHERE role_id = $1", [adminRoleId])).rows.map((r) => Number(r.menu_id));
    const roleEdit = await menuId("sys:role:edit");
    expectRefused(await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: all.filter((id) => id !== roleEdit) } }));
    expect(await grantedUrls(adminRoleId)).toEqual(before);
    // A button administration does not need may go (and come back).
    const reset = await menuId("sys:user:resetPassword");
    expect((await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: all.filter((id) => id !== reset) } })).json().code).toBe(0);
    expect((await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: all } })).json().code).toBe(0);
    await adminStillManages();
  });

  it("the last administrator removing his own admin role, or anyone else removing it", async () => {
    expectRefused(await t.call("PUT", "/sysUserRole", { sid: admin, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "系统管理员", roleCodes: ["staff"] } }));
    expectRefused(await t.call("PUT", "/sysUserRole", { sid: manager, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "系统管理员", roleCodes: ["staff", "editor"] } }));
    expect(await rolesOf(adminId)).toEqual(["admin", "staff"]);
    await adminStillManages();
  });

  it("disabling or deleting the last administrator's account", async () => {
    expectRefused(await t.call("GET", "/sysUserEx/changeUserStatus", { sid: manager, query: { id: adminId, status: 0 } }));
    expectRefused(await t.call("PUT", "/sysUserRole", { sid: manager, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "系统管理员", roleCodes: ["admin", "staff"], status: 0 } }));
    expectRefused(await t.call("DELETE", "/sysUserRole", { sid: manager, query: { id: adminId } }));
    expect(await q1("SELECT status FROM sys_user WHERE id = $1", [adminId])).toEqual({ status: 1 });
    await adminStillManages(); // the refused disable did not end the session either
  });

  it("deleting or re-addressing a menu administration needs", async () => {
    expectRefused(await t.call("DELETE", "/sysMenu", { sid: admin, query: { id: await menuId("/sys/user") } }));
    expectRefused(await t.call("DELETE", "/sysMenu", { sid: manager, query: { id: await menuId("sys:role:status") } }));
    const role = await q1("SELECT id, menu_code, menu_name, parent_id FROM sys_menu WHERE url = '/sys/role'");
    expectRefused(await t.call("PUT", "/sysMenu", { sid: admin, body: { id: role.id, menuCode: role.menu_code, menuName: role.menu_name, url: "/sys/roles", type: 0, parentId: role.parent_id, version: await versionOf(t, "sys_menu", role.id) } }));
    expect(await q1("SELECT count(*)::int AS n FROM sys_menu WHERE url IN ('/sys/user', '/sys/role', 'sys:role:status', 'sys:role:edit')")).toEqual({ n: 4 });
    await adminStillManages();
  });
});

describe("administrator is a property of the role, not of its code", () => {
  it("renaming the admin role's code keeps it the administrator role, for open and new sessions", async () => {
    expect((await t.call("PUT", "/sysRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), roleName: "超级管理员", roleCode: "superuser" } })).json().code).toBe(0);
    try {
      expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: admin })).json().data).toMatchObject({ roleCode: "superuser", isAdmin: true });
      await adminStillManages();
      // An administrator may still act for another user (assertSelfOrAdmin).
      const lina = Number((await q1("SELECT id FROM sys_user WHERE user_name = 'lina'")).id);
      expect((await t.call("GET", "/personalStatusRecord", { sid: admin, query: { userId: lina } })).statusCode).toBe(200);
      const fresh = await t.login("admin", "Admin@12345");
      expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: fresh })).json().data).toMatchObject({ roleCode: "superuser", isAdmin: true });
      // Renamed, it is still the last administrator role: still protected.
      expectRefused(await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: adminRoleId, status: 0 } }));
    } finally {
      await t.call("PUT", "/sysRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), roleName: "管理员", roleCode: "admin" } });
    }
  });

  it("a role coded 'admin' that is not an administrator role makes nobody an administrator", async () => {
    await t.sql.query("UPDATE sys_role SET role_code = 'admin0' WHERE id = $1", [adminRoleId]);
    try {
      expect((await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "冒名", roleCode: "admin", menuIds: [await menuId("/workingSpace")] } })).json().code).toBe(0);
      const { id, sid } = await createUser("mallory", ["admin"]);
      expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data).toMatchObject({ roleCode: "admin", isAdmin: false });
      expect((await t.call("GET", "/personalStatusRecord", { sid, query: { userId: adminId } })).statusCode).toBe(403);
      expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id } })).json().code).toBe(0);
    } finally {
      await t.sql.query("DELETE FROM sys_role WHERE role_code = 'admin'");
      await t.sql.query("UPDATE sys_role SET role_code = 'admin' WHERE id = $1", [adminRoleId]);
    }
  });
});

describe("the same changes are allowed while another administrator remains", () => {
  it("another user holding the admin role: the first may lose his role, be disabled, and a spare administrator be deleted", async () => {
    const bella = await createUser("bella", ["admin"]);
    const carl = await createUser("carl", ["admin"]);
    // A spare administrator may be deleted: bella and the seeded one remain.
    expect((await t.call("DELETE", "/sysUserRole", { sid: manager, query: { id: carl.id } })).json().code).toBe(0);
    // The seeded administrator may be disabled (bella remains), then enabled again.
    expect((await t.call("GET", "/sysUserEx/changeUserStatus", { sid: manager, query: { id: adminId, status: 0 } })).json().code).toBe(0);
    expect((await t.call("GET", "/sysUserEx/changeUserStatus", { sid: bella.sid, query: { id: adminId, status: 1 } })).json().code).toBe(0);
    // He may drop his own admin role (bella remains): his session under it ends at once.
    expect((await t.call("PUT", "/sysUserRole", { sid: bella.sid, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "系统管理员", roleCodes: ["staff"] } })).json().code).toBe(0);
    // Now bella is the last one: her own removal is refused.
    expectRefused(await t.call("PUT", "/sysUserRole", { sid: bella.sid, body: { id: bella.id, version: await versionOf(t, "sys_user", bella.id), realName: "bella", roleCodes: ["staff"] } }));
    // Back to the seeded state.
    expect((await t.call("PUT", "/sysUserRole", { sid: bella.sid, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "系统管理员", roleCodes: ["admin", "staff"] } })).json().code).toBe(0);
    admin = await t.login("admin", "Admin@12345");
    expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id: bella.id } })).json().code).toBe(0);
  });

  it("a second administrator role: the admin role may be disabled and emptied, then restored from the other", async () => {
    // No operation marks a role as administrator (the seed and admin:reset do): arranged in SQL.
    const second = Number((await q1("INSERT INTO sys_role (role_name, role_code, is_admin) VALUES ('备用管理员', 'admin2', true) RETURNING id")).id);
    await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, id FROM sys_menu WHERE url = ANY($2)", [second, [...ADMINISTRATION_URLS]]);
    const dora = await createUser("dora", ["admin2"]);
    const menus = (await t.sql.query("SELECT menu_id FROM sys_role_menu WHERE role_id = $1", [adminRoleId])).rows.map((r) => Number(r.menu_id));

    expect((await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: [] } })).json().code).toBe(0);
    expect((await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: dora.sid, query: { id: adminRoleId, status: 0 } })).json().code).toBe(0);
    // Now admin2 is the last administrator role: switching it off is refused.
    expectRefused(await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: dora.sid, query: { id: second, status: 0 } }));

    expect((await t.call("PUT", "/sysRole/updateRole", { sid: dora.sid, body: { id: adminRoleId, version: await versionOf(t, "sys_role", adminRoleId), menuIds: menus } })).json().code).toBe(0);
    expect((await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: dora.sid, query: { id: adminRoleId, status: 1 } })).json().code).toBe(0);
    admin = await t.login("admin", "Admin@12345"); // his session ended with its role
    expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id: dora.id } })).json().code).toBe(0);
    await t.sql.query("DELETE FROM sys_role WHERE id = $1", [second]);
    await adminStillManages();
  });
});
