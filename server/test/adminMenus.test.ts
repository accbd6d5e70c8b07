import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionOf } from "./support/versions.ts";
import { asOwnPassword, buildTestApp, type TestApp } from "./helper.ts";

type Node = { id: number; url: string; menuName: string; type: number; menuCode: number; parentId: number | null; version: number; children?: Node[] };

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

const flat = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
const tree = async (sid = admin) => (await t.call("GET", "/sysMenu", { sid })).json().data as Node[];
const byUrl = async (url: string) => flat(await tree()).find((n) => n.url === url)!;
const create = (body: Record<string, unknown>) => t.call("POST", "/sysMenu", { sid: admin, body });
const errorOf = (res: { statusCode: number; json(): any }) => [res.statusCode, res.json().errors?.[0]?.field, res.json().errors?.[0]?.rule];

describe("sysMenu: the menu and button tree", () => {
  it("lists every menu and button, hidden ones included, ordered by menuCode", async () => {
    const roots = await tree();
    const codes = roots.map((n) => n.menuCode);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    const sys = roots.find((n) => n.url === "/sys")!;
    expect(sys.children!.map((n) => n.url)).toEqual(["/sys/user", "/sys/role", "/sys/menu", "/sys/audit", "/sys/auditTrail"]);
    const user = sys.children![0];
    expect(user.children!.every((b) => b.type === 1 && b.url.startsWith("sys:user:"))).toBe(true);
    expect(roots.find((n) => n.url === "/home")).toMatchObject({ hidden: 1, type: 0, img: "HomeOutlined" });
  });

  it("creates a menu and a button, with the url rules", async () => {
    const sys = await byUrl("/sys");
    const res = await create({ menuCode: 115, menuName: "报表", url: "/sys/report", interfaceUrl: "/api/report", img: "BarChartOutlined", type: 0, parentId: sys.id, hidden: 1 });
    expect(res.json().code).toBe(0);
    const id = res.json().data;
    const made = await byUrl("/sys/report");
    expect(made).toMatchObject({ id, menuName: "报表", interfaceUrl: "/api/report", img: "BarChartOutlined", hidden: 1, parentId: sys.id, type: 0 });
    const btn = await create({ menuCode: 1151, menuName: "导出", url: "sys:report:export", type: 1, parentId: id });
    expect(btn.json().code).toBe(0);
    expect((await byUrl("/sys")).children!.map((n: Node) => n.url)).toContain("/sys/report");

    // The audit log holds the write.
    const audit = await t.sql.query("SELECT operation_id, entity_id FROM sys_audit_log WHERE entity_id = $1 AND operation_id = 'createSysMenu'", [String(id)]);
    expect(audit.rowCount).toBe(1);

    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "/sys/report", type: 0 }))).toEqual([400, "url", "unique"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "sys:user:delete", type: 1, parentId: (await byUrl("/sys/user")).id }))).toEqual([400, "url", "unique"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "report", type: 0 }))).toEqual([400, "url", "pattern"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "sys:user:print", type: 1, parentId: id }))).toEqual([400, "url", "pattern"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "sys:report:", type: 1, parentId: id }))).toEqual([400, "url", "pattern"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "sys:report:print", type: 1 }))).toEqual([400, "parentId", "required"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "/nowhere", type: 0, parentId: 999999 }))).toEqual([400, "parentId", "exists"]);
    expect(errorOf(await create({ menuCode: 1, menuName: "x", url: "/sys/report/x", type: 0, parentId: btn.json().data }))).toEqual([400, "parentId", "button"]);
    // Three menu levels at most: /sys > /sys/report > a third is fine, a fourth is not.
    const third = await create({ menuCode: 1, menuName: "三级", url: "/sys/report/daily", type: 0, parentId: id });
    expect(third.json().code).toBe(0);
    expect(errorOf(await create({ menuCode: 1, menuName: "四级", url: "/sys/report/daily/x", type: 0, parentId: third.json().data }))).toEqual([400, "parentId", "depth"]);
    // ...but a button under a third-level menu is allowed.
    expect((await create({ menuCode: 1, menuName: "b", url: "sys:report:daily:view", type: 1, parentId: third.json().data })).json().code).toBe(0);
    // Contract validation: type, blank url, missing name.
    expect((await create({ menuCode: 1, menuName: "x", url: "/a", type: 2 })).statusCode).toBe(400);
    expect((await create({ menuCode: 1, menuName: "x", url: "/a b", type: 0 })).statusCode).toBe(400);
    expect((await create({ menuCode: 1, url: "/a", type: 0 })).statusCode).toBe(400);
  });

  it("updates every field; refuses cycles and a menu with children becoming a button; re-keys buttons on a new url", async () => {
    const sys = await byUrl("/sys");
    const id = (await create({ menuCode: 116, menuName: "看板", url: "/sys/board", type: 0, parentId: sys.id })).json().data;
    const btnId = (await create({ menuCode: 1161, menuName: "sys:board:add", url: "sys:board:add", type: 1, parentId: id })).json().data;
    const [{ id: adminRoleId }] = (await t.sql.query("SELECT id FROM sys_role WHERE role_code = 'admin'")).rows;
    await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2), ($1, $3)", [adminRoleId, id, btnId]);

    const v = (menuId: number) => versionOf(t, "sys_menu", menuId);
    const upd = await t.call("PUT", "/sysMenu", { sid: admin, body: { id, menuCode: 99, menuName: "大屏", url: "/sys/screen", interfaceUrl: "/api/screen", img: "DesktopOutlined", type: 0, parentId: sys.id, hidden: 1, version: await v(id) } });
    expect(upd.json()).toMatchObject({ code: 0, data: id });
    const after = await byUrl("/sys/screen");
    expect(after).toMatchObject({ id, menuCode: 99, menuName: "大屏", interfaceUrl: "/api/screen", img: "DesktopOutlined", hidden: 1 });
    expect(after.children!.map((b) => [b.id, b.url, b.menuName])).toEqual([[btnId, "sys:screen:add", "sys:screen:add"]]);
    // menuCode 99 sorts it first among /sys's children.
    expect((await byUrl("/sys")).children![0].id).toBe(id);
    // The grant followed the id: the admin's permissions now carry the new key.
    const mine = flat((await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: admin, body: {} })).json().data).map((n) => n.url);
    expect(mine).toContain("sys:screen:add");

    const put = async (body: Record<string, unknown>) =>
      t.call("PUT", "/sysMenu", { sid: admin, body: { id, menuCode: 1, menuName: "x", url: "/sys/screen", type: 0, parentId: sys.id, version: await v(id), ...body } });
    expect(errorOf(await put({ parentId: id }))).toEqual([400, "parentId", "cycle"]);
    expect(errorOf(await put({ type: 1, url: "sys:screen" }))).toEqual([400, "type", "children"]);
    expect(errorOf(await put({ url: "/sys/user" }))).toEqual([400, "url", "unique"]);
    expect(errorOf(await t.call("PUT", "/sysMenu", { sid: admin, body: { id: sys.id, menuCode: 110, menuName: "sys", url: "/sys", type: 0, parentId: id, version: await v(sys.id) } }))).toEqual([400, "parentId", "cycle"]);
    expect((await t.call("PUT", "/sysMenu", { sid: admin, body: { id: 999999, menuCode: 1, menuName: "x", url: "/zz", type: 0, version: 1 } })).statusCode).toBe(404);
    // A button moved under another menu must take that menu's prefix.
    const user = await byUrl("/sys/user");
    expect(errorOf(await t.call("PUT", "/sysMenu", { sid: admin, body: { id: btnId, menuCode: 1, menuName: "b", url: "sys:screen:add", type: 1, parentId: user.id, version: await v(btnId) } }))).toEqual([400, "url", "pattern"]);
    expect((await t.call("PUT", "/sysMenu", { sid: admin, body: { id: btnId, menuCode: 1, menuName: "b", url: "sys:user:screen", type: 1, parentId: user.id, version: await v(btnId) } })).json().code).toBe(0);
    // The spec 6 system button stays top level.
    const system = await byUrl("system");
    expect((await t.call("PUT", "/sysMenu", { sid: admin, body: { id: system.id, menuCode: 901, menuName: "system", url: "system", type: 1, parentId: null, version: system.version } })).json().code).toBe(0);
  });

  it("deletes an entry with its descendants and their grants", async () => {
    const sys = await byUrl("/sys");
    const id = (await create({ menuCode: 117, menuName: "临时", url: "/sys/tmp", type: 0, parentId: sys.id })).json().data;
    const child = (await create({ menuCode: 1, menuName: "子", url: "/sys/tmp/sub", type: 0, parentId: id })).json().data;
    const btn = (await create({ menuCode: 2, menuName: "btn", url: "sys:tmp:add", type: 1, parentId: id })).json().data;
    const [{ id: adminRoleId }] = (await t.sql.query("SELECT id FROM sys_role WHERE role_code = 'admin'")).rows;
    await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2), ($1, $3), ($1, $4)", [adminRoleId, id, child, btn]);

    expect((await t.call("DELETE", "/sysMenu", { sid: admin, query: { id } })).json()).toMatchObject({ code: 0, data: id });
    const urls = flat(await tree()).map((n) => n.url);
    expect(urls).not.toContain("/sys/tmp");
    expect(urls).not.toContain("/sys/tmp/sub");
    expect(urls).not.toContain("sys:tmp:add");
    const grants = await t.sql.query("SELECT 1 FROM sys_role_menu WHERE menu_id = ANY($1)", [[id, child, btn]]);
    expect(grants.rowCount).toBe(0);
    const audit = await t.sql.query("SELECT before FROM sys_audit_log WHERE entity_id = $1 AND operation_id = 'deleteSysMenu'", [String(id)]);
    expect(audit.rows[0].before.map((r: { url: string }) => r.url).sort()).toEqual(["/sys/tmp", "/sys/tmp/sub", "sys:tmp:add"]);
    expect((await t.call("DELETE", "/sysMenu", { sid: admin, query: { id } })).statusCode).toBe(404);
  });

  it("every menu operation refuses an ordinary user with 403, code 4003", async () => {
    const calls: [string, object?][] = [
      ["GET"],
      ["POST", { body: { menuCode: 1, menuName: "x", url: "/x", type: 0 } }],
      ["PUT", { body: { id: 1, menuCode: 1, menuName: "x", url: "/x", type: 0 } }],
      ["DELETE", { query: { id: 1 } }],
    ];
    for (const [method, opts] of calls) {
      const res = await t.call(method, "/sysMenu", { sid: staff, ...opts });
      expect([method, res.statusCode, res.json().code]).toEqual([method, 403, 4003]);
    }
    // Nothing changed: entry 1 still exists as it was.
    const [row] = (await t.sql.query("SELECT url FROM sys_menu WHERE id = 1")).rows;
    expect(row.url).not.toBe("/x");
  });
});

describe("a role losing a button permission", () => {
  it("refuses its users the operation at once and drops the button from their menu tree", async () => {
    // A dedicated administrator-like role (not `admin`, so only its grants count).
    const wanted = ["/sys", "/sys/user", "sys:user:add", "sys:user:delete"];
    const all = flat(await tree());
    const menuIds = wanted.map((u) => all.find((n) => n.url === u)!.id);
    const roleId = (await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "用户管理员", roleCode: "userAdmin", menuIds } })).json().data;
    const made = (await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "ua01", realName: "用户管理员", roleCodes: ["userAdmin"] } })).json().data;
    const victim = (await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "victim1", realName: "V1", roleCodes: ["staff"] } })).json().data;
    const victim2 = (await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "victim2", realName: "V2", roleCodes: ["staff"] } })).json().data;
    await asOwnPassword(t, "ua01");
    const sid = await t.login("ua01", made.initialPassword);
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId: made.id, privacyStatus: 1, privacyVersion: "1.0.0" } });

    const menusOf = async () => flat((await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid, body: {} })).json().data).map((n) => n.url);
    expect(await menusOf()).toContain("sys:user:delete");
    expect((await t.call("DELETE", "/sysUserRole", { sid, query: { id: victim.id } })).json().code).toBe(0);

    // The administrator saves the role without sys:user:delete (the preview's affected users: 1).
    const holders = (await t.call("POST", "/sysUserRole/page", { sid: admin, body: { roleCode: "userAdmin" } })).json().data;
    expect(holders.total).toBe(1);
    const kept = menuIds.filter((_, i) => wanted[i] !== "sys:user:delete");
    expect((await t.call("PUT", "/sysRole/updateRole", { sid: admin, body: { id: roleId, menuIds: kept, version: await versionOf(t, "sys_role", roleId) } })).json().code).toBe(0);

    // Same session, no re-login: the operation is refused and the button is gone.
    const refused = await t.call("DELETE", "/sysUserRole", { sid, query: { id: victim2.id } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 4003]);
    const urls = await menusOf();
    expect(urls).not.toContain("sys:user:delete");
    expect(urls).toContain("sys:user:add");
    expect((await t.call("GET", "/sysUserRole/getById", { sid: admin, query: { id: victim2.id } })).statusCode).toBe(200);

    // Deleting the button entry itself has the same effect for every role (the admin's too).
    const delBtn = all.find((n) => n.url === "sys:user:delete")!;
    expect((await t.call("DELETE", "/sysMenu", { sid: admin, query: { id: delBtn.id } })).json().code).toBe(0);
    expect((await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id: victim2.id } })).statusCode).toBe(403);
  });
});
