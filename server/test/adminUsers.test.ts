// Users as the administrator manages them (issue 7, spec 2.3 /sys/user, 4, 6, 7.9): the page and
// its filters, one user with roles in order, the picker list, create (generated or given password,
// unique account, known roles), update, enable/disable and reset (both end the user's sessions),
// delete, the refusals of one's own account, and 403 for everyone without /sys/user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionOf } from "./support/versions.ts";
import { asOwnPassword, buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  adminId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: admin })).json().data.id;
});
afterAll(() => t.close());

const enc = (p: string) => t.app.transportKey.encrypt(p);
const page = (body: Record<string, unknown>, sid = admin) => t.call("POST", "/sysUserRole/page", { sid, body });
const create = (body: Record<string, unknown>) => t.call("POST", "/sysUserRole", { sid: admin, body });
const alive = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().code !== 4004;

describe("the user list", () => {
  it("pages, filters by account or name, role, BU and status, and sorts", async () => {
    const all = (await page({ page: 1, pageSize: 100, sortField: "userName", sortOrder: "asc" })).json().data;
    const names = all.records.map((u: { userName: string }) => u.userName);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["admin", "zhangwei", "lina"]));
    const zhang = all.records.find((u: { userName: string }) => u.userName === "zhangwei");
    expect(zhang).toMatchObject({ realName: "张伟", roleCodes: ["staff"], roleNames: ["员工"], status: 1 });
    expect(zhang.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await page({ userName: "张" })).json().data.records.map((u: { userName: string }) => u.userName)).toEqual(["zhangwei"]);
    const editors = (await page({ roleCode: "editor" })).json().data.records;
    expect(editors.map((u: { userName: string }) => u.userName)).toEqual(["lina"]);
    // lina's roles in order: the first is her primary role.
    expect(editors[0].roleCodes[0]).toBe("staff");
    expect((await page({ roleCode: "staff", userName: "lina" })).json().data.records.map((u: { userName: string }) => u.userName)).toEqual(["lina"]);
    expect((await page({ roleCode: "noSuchRole" })).json().data).toMatchObject({ records: [], total: 0 });
    expect((await page({ userName: "%" })).json().data.total).toBe(0);
    expect((await page({ status: 0 })).json().data.records).toEqual([]);
    const second = (await page({ page: 2, pageSize: 1, sortField: "id", sortOrder: "asc" })).json().data;
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(second.records[0].id).toBe(all.records.map((u: { id: number }) => u.id).sort((a: number, b: number) => a - b)[1]);
    expect((await page({ pageSize: 1000 })).statusCode).toBe(400);
  });

  it("lists enabled users for pickers, optionally those holding a role", async () => {
    const editors = (await t.call("GET", "/sysUserRole", { sid: admin, query: { roleCode: "editor" } })).json().data;
    expect(editors.map((u: { userName: string }) => u.userName)).toEqual(["lina"]);
    const everyone = (await t.call("GET", "/sysUserRole", { sid: admin })).json().data;
    expect(everyone.every((u: { status: number }) => u.status === 1)).toBe(true);
    expect(everyone.length).toBeGreaterThanOrEqual(3);
  });
});

describe("create, read, update", () => {
  it("creates a user with a generated password shown once; the first role is primary", async () => {
    const res = await create({ userName: "wangfang", realName: "王芳", roleCodes: ["editor", "staff"], bu: "Quality", email: "wang.fang@example.com", phone: "13800000001" });
    expect(res.json().code).toBe(0);
    const { id, initialPassword } = res.json().data;
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,64}$/);
    const got = (await t.call("GET", "/sysUserRole/getById", { sid: admin, query: { id } })).json().data;
    expect(got).toMatchObject({ id, userName: "wangfang", realName: "王芳", roleCodes: ["editor", "staff"], bu: "Quality", status: 1 });
    const sid = await t.login("wangfang", initialPassword);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.roleCode).toBe("editor");
  });

  it("takes an administrator's password when it meets the rule", async () => {
    const weak = await create({ userName: "weakpw", realName: "Weak", roleCodes: ["staff"], password: enc("short1") });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ field: "password", rule: "strength" });
    const res = await create({ userName: "given", realName: "Given", roleCodes: ["staff"], password: enc("Given@2026x") });
    expect(res.json().data.initialPassword).toBeNull();
    await t.login("given", "Given@2026x");
  });

  it("refuses a taken account, an unknown role, no role and a bad phone", async () => {
    const dup = await create({ userName: "zhangwei", realName: "Again", roleCodes: ["staff"] });
    expect([dup.statusCode, dup.json().errors[0].field, dup.json().errors[0].rule]).toEqual([400, "userName", "unique"]);
    const unknown = await create({ userName: "nobody1", realName: "N", roleCodes: ["staff", "ghost"] });
    expect([unknown.statusCode, unknown.json().errors[0].field]).toEqual([400, "roleCodes"]);
    expect(unknown.json().resultEnMessage).toContain("ghost");
    expect((await create({ userName: "nobody2", realName: "N", roleCodes: [] })).statusCode).toBe(400);
    expect((await create({ userName: "nobody3", realName: "N", roleCodes: ["staff"], phone: "12345" })).statusCode).toBe(400);
    expect((await page({ userName: "nobody" })).json().data.total).toBe(0);
  });

  it("updates the fields and the roles in their new order", async () => {
    const { id } = (await create({ userName: "liqiang", realName: "李强", roleCodes: ["staff"] })).json().data;
    const upd = await t.call("PUT", "/sysUserRole", { sid: admin, body: { id, version: await versionOf(t, "sys_user", id), realName: "李强强", roleCodes: ["editor", "staff"], bu: "R&D", email: null, phone: null } });
    expect(upd.json()).toMatchObject({ code: 0, data: id });
    expect((await t.call("GET", "/sysUserRole/getById", { sid: admin, query: { id } })).json().data).toMatchObject({ realName: "李强强", roleCodes: ["editor", "staff"], bu: "R&D" });
    const missing = await t.call("PUT", "/sysUserRole", { sid: admin, body: { id: 999999, realName: "X", roleCodes: ["staff"], version: 1 } });
    expect(missing.statusCode).toBe(404);
  });
});

describe("status, reset and delete", () => {
  it("disabling ends the user's sessions and stops sign-in; enabling lets them back", async () => {
    const { id, initialPassword } = (await create({ userName: "zhaolei", realName: "赵磊", roleCodes: ["staff"] })).json().data;
    const sid = await t.login("zhaolei", initialPassword);
    expect(await alive(sid)).toBe(true);
    expect((await t.call("GET", "/sysUserEx/changeUserStatus", { sid: admin, query: { id, status: 0 } })).json()).toMatchObject({ code: 0, data: id });
    expect(await alive(sid)).toBe(false);
    await expect(t.login("zhaolei", initialPassword)).rejects.toThrow();
    await t.call("GET", "/sysUserEx/changeUserStatus", { sid: admin, query: { id, status: 1 } });
    await t.login("zhaolei", initialPassword);
  });

  it("setting status 0 in an update ends the sessions too", async () => {
    const { id, initialPassword } = (await create({ userName: "sunli", realName: "孙丽", roleCodes: ["staff"] })).json().data;
    const sid = await t.login("sunli", initialPassword);
    await t.call("PUT", "/sysUserRole", { sid: admin, body: { id, version: await versionOf(t, "sys_user", id), realName: "孙丽", roleCodes: ["staff"], status: 0 } });
    expect(await alive(sid)).toBe(false);
  });

  it("a reset sets a new password (generated or given) and ends the sessions", async () => {
    const { id, initialPassword } = (await create({ userName: "zhouyu", realName: "周瑜", roleCodes: ["staff"] })).json().data;
    const sid = await t.login("zhouyu", initialPassword);
    const reset = (await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: id } })).json().data;
    expect(reset.userId).toBe(id);
    expect(reset.password).not.toBe(initialPassword);
    expect(await alive(sid)).toBe(false);
    await expect(t.login("zhouyu", initialPassword)).rejects.toThrow();
    await t.login("zhouyu", reset.password);

    const given = (await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: id, password: enc("Zhou@2026yu") } })).json().data;
    expect(given).toEqual({ userId: id, password: null });
    await t.login("zhouyu", "Zhou@2026yu");
    const weak = await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: id, password: enc("abcdefgh") } });
    expect(weak.json().errors[0]).toMatchObject({ field: "password", rule: "strength" });
    expect((await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: 999999 } })).statusCode).toBe(404);
  });

  it("deletes a user with their sessions; the administrator's own account is refused", async () => {
    const { id, initialPassword } = (await create({ userName: "wuhao", realName: "吴昊", roleCodes: ["staff"] })).json().data;
    const sid = await t.login("wuhao", initialPassword);
    expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id } })).json()).toMatchObject({ code: 0, data: id });
    expect(await alive(sid)).toBe(false);
    expect((await t.call("GET", "/sysUserRole/getById", { sid: admin, query: { id } })).statusCode).toBe(404);
    expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id } })).statusCode).toBe(404);

    for (const res of [
      await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id: adminId } }),
      await t.call("GET", "/sysUserEx/changeUserStatus", { sid: admin, query: { id: adminId, status: 0 } }),
      await t.call("PUT", "/sysUserRole", { sid: admin, body: { id: adminId, version: await versionOf(t, "sys_user", adminId), realName: "管理员", roleCodes: ["admin"], status: 0 } }),
    ]) {
      expect([res.statusCode, res.json().errors[0].field, res.json().errors[0].rule]).toEqual([400, "id", "self"]);
    }
    expect(await alive(admin)).toBe(true);
  });
});

describe("permissions", () => {
  it("answers 403 (code 4003) to a user without /sys/user on every operation", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    const calls = [
      page({}, staff),
      t.call("GET", "/sysUserRole/getById", { sid: staff, query: { id: adminId } }),
      t.call("GET", "/sysUserRole", { sid: staff }),
      t.call("POST", "/sysUserRole", { sid: staff, body: { userName: "x1", realName: "X", roleCodes: ["admin"] } }),
      t.call("PUT", "/sysUserRole", { sid: staff, body: { id: adminId, realName: "X", roleCodes: ["staff"] } }),
      t.call("DELETE", "/sysUserRole", { sid: staff, query: { id: adminId } }),
      t.call("GET", "/sysUserEx/changeUserStatus", { sid: staff, query: { id: adminId, status: 0 } }),
      t.call("POST", "/api/user/resetPassword", { sid: staff, body: { userId: adminId } }),
    ];
    for (const res of await Promise.all(calls)) expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
    expect(await alive(admin)).toBe(true);
  });

  it("lets a user administrator without the role menu read the role picker list, not the role pages", async () => {
    type Node = { id: number; url: string; children?: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const menus = flat((await t.call("GET", "/sysMenu", { sid: admin })).json().data);
    const ids = menus.filter((m) => m.url === "/sys" || m.url === "/sys/user").map((m) => m.id);
    expect(ids).toHaveLength(2);
    const role = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "用户管理员", roleCode: "useradmin", menuIds: ids } });
    expect(role.json().code).toBe(0);
    const made = (await create({ userName: "ua1", realName: "用户管理员", roleCodes: ["useradmin"], password: enc("Users@2026x") })).json().data;
    expect(made.id).toBeGreaterThan(0);
    await asOwnPassword(t, "ua1");
    const sid = await t.login("ua1", "Users@2026x");
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId: made.id, privacyStatus: 1, privacyVersion: "1.0.0" } });
    const list = await t.call("GET", "/sysRole", { sid });
    expect(list.json().code).toBe(0);
    expect(list.json().data.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(["admin", "staff", "useradmin"]));
    expect((await t.call("POST", "/sysRole/page", { sid, body: {} })).statusCode).toBe(403);
    // Neither menu: refused.
    const staff = await t.login("zhangwei", "Staff@12345");
    expect([(await t.call("GET", "/sysRole", { sid: staff })).statusCode]).toEqual([403]);
  });
});
