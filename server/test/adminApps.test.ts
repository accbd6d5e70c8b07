// Applications, portal applications and data sources as the administrator manages them (issue 7,
// spec 2.3 /applicationManagement and /outAppList, 3, 4, 5, 7.4): paged lists with filters and
// sorting, create and update with the unique keyword ("Keyword existed, please input a new one",
// per catalogue, ignoring case), tags (at most 8, existing), the URL format, on/off shelf (what
// listAll shows), data-source create/update/read/delete, the audit rows, and 403 (code 4003) for
// an ordinary user on every admin operation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionOf } from "./support/versions.ts";
import { DEMO_POLICY_VERSION } from "../src/db/seed.ts";
import { asOwnPassword, buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

const app = (over: Record<string, unknown> = {}) => ({ name: "Expense", url: "https://expense.example.com", keyword: "t7-expense", userDevice: "all", ...over });
const ids = (res: { json(): any }) => res.json().data.records.map((r: { id: number }) => r.id);
const auditRows = async (operationId: string, entityId: number) =>
  (await t.sql.query("SELECT entity, before, after FROM sys_audit_log WHERE operation_id = $1 AND entity_id = $2 ORDER BY id", [operationId, String(entityId)])).rows;

describe("applications (bscApp)", () => {
  it("creates with tags, lists, filters, sorts and pages", async () => {
    const [l1, l2] = (await t.sql.query("SELECT id FROM bsc_label ORDER BY id LIMIT 2")).rows.map((r) => r.id as number);
    const created = await t.call("POST", "/bscApp", { sid: admin, body: app({ name: "  Zeta Expense  ", keyword: " t7-zeta ", description: "Claims", image: "/app-icons/x.svg", userDevice: "pc", labelIds: [l1, l2] }) });
    expect(created.json()).toMatchObject({ code: 0 });
    const id = created.json().data as number;
    const b = await t.call("POST", "/bscApp", { sid: admin, body: app({ name: "Alpha Leave", keyword: "t7-alpha", userDevice: "mobile", status: 0 }) });
    const alpha = b.json().data as number;

    const found = await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-zeta" } });
    expect(found.json().data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(found.json().data.records[0]).toEqual(
      expect.objectContaining({ id, name: "Zeta Expense", keyword: "t7-zeta", url: "https://expense.example.com", description: "Claims", image: "/app-icons/x.svg", status: 1, userDevice: "pc", labelIds: [l1, l2] }),
    );
    // name matches part of the name too, literally (no wildcards)
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "alpha lea" } }))).toEqual([alpha]);
    expect((await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "%" } })).json().data.total).toBe(0);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", status: 0 } }))).toEqual([alpha]);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", userDevice: "pc" } }))).toEqual([id]);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", labelId: l2 } }))).toEqual([id]);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", sortField: "name", sortOrder: "asc" } }))).toEqual([alpha, id]);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", sortField: "name", sortOrder: "desc" } }))).toEqual([id, alpha]);
    const p2 = await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-", page: 2, pageSize: 1, sortField: "name", sortOrder: "asc" } });
    expect(p2.json().data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(ids(p2)).toEqual([id]);
    expect((await t.call("POST", "/bscApp/searchList", { sid: admin, body: { pageSize: 1000 } })).statusCode).toBe(400);

    // The write is in the audit log.
    const [row] = await auditRows("createBscApp", id);
    expect(row).toMatchObject({ entity: "bscApp", before: null, after: expect.objectContaining({ keyword: "t7-zeta", labelIds: [l1, l2] }) });
  });

  it("keeps the keyword unique (ignoring case), checks the URL, name, image and tags", async () => {
    const first = (await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-Unique" }) })).json().data as number;
    for (const keyword of ["t7-Unique", "T7-UNIQUE", "  t7-unique "]) {
      const dup = await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword }) });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({ resultEnMessage: "Keyword existed, please input a new one", resultMessage: "关键字已存在，请重新输入" });
      expect(dup.json().errors[0]).toMatchObject({ field: "keyword", rule: "unique" });
    }
    const other = (await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-other" }) })).json().data as number;
    const clash = await t.call("PUT", "/bscApp", { sid: admin, body: app({ id: other, version: await versionOf(t, "bsc_app", other), keyword: "T7-unique" }) });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().resultEnMessage).toBe("Keyword existed, please input a new one");
    // Keeping one's own keyword (in another case) is not a clash.
    expect((await t.call("PUT", "/bscApp", { sid: admin, body: app({ id: first, version: await versionOf(t, "bsc_app", first), keyword: "T7-unique" }) })).json().code).toBe(0);

    for (const bad of [{ url: "expense.example.com" }, { url: "javascript:alert(1)" }, { url: "" }, { name: "   " }, { keyword: "  " }, { image: "data:image/png;base64,AAAA" }, { userDevice: "tablet" }, { keyword: "k".repeat(51) }, { status: 2 }, { extra: 1 }]) {
      const res = await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-bad", ...bad }) });
      expect([bad, res.statusCode]).toEqual([bad, 400]);
    }
    const labelIds = (await t.sql.query("SELECT id FROM bsc_label ORDER BY id")).rows.map((r) => r.id as number);
    expect(labelIds.length).toBeGreaterThanOrEqual(2);
    const nine = Array.from({ length: 9 }, (_, i) => 900000 + i);
    expect((await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-nine", labelIds: nine }) })).statusCode).toBe(400);
    const unknown = await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-unknown-tag", labelIds: [labelIds[0], 999999] }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: "labelIds", rule: "exists" });
    expect((await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-unknown-tag" } })).json().data.total).toBe(0);
  });

  it("updates (tags replaced when sent, kept when absent) and 404s an unknown id", async () => {
    const [l1, l2, l3] = (await t.sql.query("SELECT id FROM bsc_label ORDER BY id LIMIT 3")).rows.map((r) => r.id as number);
    const id = (await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-upd", labelIds: [l1], status: 0 }) })).json().data as number;
    const upd = await t.call("PUT", "/bscApp", { sid: admin, body: app({ id, version: await versionOf(t, "bsc_app", id), name: "Renamed", keyword: "t7-upd2", url: "/internal/app", userDevice: "mobile", description: "New" }) });
    expect(upd.json()).toMatchObject({ code: 0, data: id });
    const after = (await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-upd2" } })).json().data.records[0];
    expect(after).toMatchObject({ id, name: "Renamed", url: "/internal/app", userDevice: "mobile", description: "New", status: 0, labelIds: [l1] });
    await t.call("PUT", "/bscApp", { sid: admin, body: app({ id, version: await versionOf(t, "bsc_app", id), name: "Renamed", keyword: "t7-upd2", labelIds: [l2, l3] }) });
    expect((await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t7-upd2" } })).json().data.records[0].labelIds).toEqual([l2, l3]);
    const [row] = await auditRows("updateBscApp", id);
    expect(row.before).toMatchObject({ name: "Expense", keyword: "t7-upd" });
    expect(row.after).toMatchObject({ name: "Renamed", keyword: "t7-upd2" });
    expect((await t.call("PUT", "/bscApp", { sid: admin, body: app({ id: 999999, version: 1, keyword: "t7-ghost" }) })).statusCode).toBe(404);
  });

  it("puts an application on and off shelf: the app centre (listAll) follows", async () => {
    const id = (await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-shelf" }) })).json().data as number;
    const listed = async () => (await t.call("GET", "/bscApp/listAll", { sid: staff })).json().data.map((a: { id: number }) => a.id);
    expect(await listed()).toContain(id);
    expect((await t.call("PUT", "/bscApp/updateAppStatus", { sid: admin, body: { id, status: 0 } })).json()).toMatchObject({ code: 0, data: id });
    expect(await listed()).not.toContain(id);
    const [row] = await auditRows("bscAppUpdateAppStatus", id);
    expect(row).toMatchObject({ entity: "bscApp", before: expect.objectContaining({ status: 1 }), after: expect.objectContaining({ status: 0 }) });
    await t.call("PUT", "/bscApp/updateAppStatus", { sid: admin, body: { id, status: 1 } });
    expect(await listed()).toContain(id);
    expect((await t.call("PUT", "/bscApp/updateAppStatus", { sid: admin, body: { id: 999999, status: 1 } })).statusCode).toBe(404);
    expect((await t.call("PUT", "/bscApp/updateAppStatus", { sid: admin, body: { id, status: 3 } })).statusCode).toBe(400);
  });
});

describe("portal applications (bscPortalApp)", () => {
  it("creates, lists, filters, updates and keeps its own unique keyword", async () => {
    // The same keyword as an application is fine: each catalogue has its own.
    await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-shared" }) });
    const created = await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ name: "CRM", keyword: "t7-shared", image: "https://cdn.example.com/crm.png", userDevice: "pc" }) });
    expect(created.json().code).toBe(0);
    const id = created.json().data as number;
    const dup = await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ keyword: "T7-Shared" }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ resultEnMessage: "Keyword existed, please input a new one" });
    // No tags on portal applications.
    expect((await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ keyword: "t7-tagged", labelIds: [1] }) })).statusCode).toBe(400);
    expect((await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ keyword: "t7-badurl", url: "ftp://x" }) })).statusCode).toBe(400);

    const other = (await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ name: "BI", keyword: "t7-bi", userDevice: "mobile", status: 0 }) })).json().data as number;
    const rec = (await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { name: "crm" } })).json().data.records;
    expect(rec).toEqual([expect.objectContaining({ id, name: "CRM", keyword: "t7-shared", image: "https://cdn.example.com/crm.png", userDevice: "pc", status: 1 })]);
    expect(rec[0]).not.toHaveProperty("labelIds");
    expect(ids(await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { status: 0, name: "t7-" } }))).toEqual([other]);
    expect(ids(await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { userDevice: "mobile" } }))).toEqual([other]);
    expect(ids(await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { sortField: "keyword", sortOrder: "asc" } }))).toEqual([other, id]);
    expect((await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { labelId: 1 } })).statusCode).toBe(400);

    expect((await t.call("PUT", "/bscPortalApp", { sid: admin, body: app({ id: other, version: await versionOf(t, "bsc_portal_app", other), keyword: "t7-shared" }) })).statusCode).toBe(400);
    expect((await t.call("PUT", "/bscPortalApp", { sid: admin, body: app({ id: other, version: await versionOf(t, "bsc_portal_app", other), name: "BI Reports", keyword: "t7-bi", userDevice: "all" }) })).json().code).toBe(0);
    expect((await t.call("POST", "/bscPortalApp/searchList", { sid: admin, body: { name: "t7-bi" } })).json().data.records[0]).toMatchObject({ name: "BI Reports", userDevice: "all", status: 0 });
    expect((await t.call("PUT", "/bscPortalApp", { sid: admin, body: app({ id: 999999, version: 1, keyword: "t7-ghost" }) })).statusCode).toBe(404);
    expect((await auditRows("updateBscPortalApp", other))[0]).toMatchObject({ entity: "bscPortalApp" });
  });

  it("listAll gives every signed-in user the on-shelf ones only; the switch moves them", async () => {
    const id = (await t.call("POST", "/bscPortalApp", { sid: admin, body: app({ name: "Mail", keyword: "t7-mail" }) })).json().data as number;
    const listed = async () => (await t.call("GET", "/bscPortalApp/listAll", { sid: staff })).json().data as { id: number; status: number }[];
    expect((await listed()).map((a) => a.id)).toContain(id);
    expect((await listed()).every((a) => a.status === 1)).toBe(true);
    expect((await t.call("PUT", "/bscPortalApp/updateAppStatus", { sid: admin, body: { id, status: 0 } })).json()).toMatchObject({ code: 0, data: id });
    expect((await listed()).map((a) => a.id)).not.toContain(id);
    expect((await auditRows("bscPortalAppUpdateAppStatus", id))[0]).toMatchObject({ entity: "bscPortalApp", after: expect.objectContaining({ status: 0 }) });
    expect((await t.call("PUT", "/bscPortalApp/updateAppStatus", { sid: admin, body: { id: 999999, status: 0 } })).statusCode).toBe(404);
    expect((await t.call("GET", "/bscPortalApp/listAll")).statusCode).toBe(401);
  });
});

describe("deleting an application (issue 22, spec 5's app delete confirmation)", () => {
  it("removes the application, its tag links and the users' entries picked from it, in one go; hand-added apps stay", async () => {
    const [l1, l2] = (await t.sql.query("SELECT id FROM bsc_label ORDER BY id LIMIT 2")).rows.map((r) => r.id as number);
    const id = (await t.call("POST", "/bscApp", { sid: admin, body: app({ name: "T22 Doomed", keyword: "t22-doomed", labelIds: [l1, l2] }) })).json().data as number;
    const userId = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'zhangwei'")).rows[0].id as number;
    const insertApp = "INSERT INTO personal_app (user_id, app_id, app_name, app_url, favorite_status, diy_status) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id";
    const picked = (await t.sql.query(insertApp, [userId, id, "T22 Doomed", "https://expense.example.com", 1, 0])).rows[0].id as number;
    const own = (await t.sql.query(insertApp, [userId, null, "T22 Mine", "https://mine.example.com", 0, 1])).rows[0].id as number;
    await t.sql.query("INSERT INTO personal_app_label (personal_app_id, label_id) VALUES ($1, $2), ($3, $2)", [picked, l1, own]);
    const count = async (sqlText: string, args: unknown[]) => (await t.sql.query(sqlText, args)).rowCount;

    const del = await t.call("DELETE", "/bscApp/removeById", { sid: admin, query: { id } });
    expect(del.json()).toMatchObject({ code: 0, data: null });
    expect(await count("SELECT 1 FROM bsc_app WHERE id = $1", [id])).toBe(0);
    expect(await count("SELECT 1 FROM bsc_app_label WHERE app_id = $1", [id])).toBe(0);
    expect(await count("SELECT 1 FROM personal_app WHERE id = $1 OR app_id = $2", [picked, id])).toBe(0);
    expect(await count("SELECT 1 FROM personal_app_label WHERE personal_app_id = $1", [picked])).toBe(0);
    // What the user added by hand, and its tag, stay.
    expect(await count("SELECT 1 FROM personal_app WHERE id = $1", [own])).toBe(1);
    expect(await count("SELECT 1 FROM personal_app_label WHERE personal_app_id = $1", [own])).toBe(1);
    expect(ids(await t.call("POST", "/bscApp/searchList", { sid: admin, body: { name: "t22-doomed" } }))).toEqual([]);
    const listed = (await t.call("GET", "/bscApp/listAll", { sid: staff })).json().data as { id: number }[];
    expect(listed.map((a) => a.id)).not.toContain(id);
    expect((await auditRows("bscAppRemoveById", id))[0]).toMatchObject({
      entity: "bscApp",
      before: expect.objectContaining({ keyword: "t22-doomed", labelIds: [l1, l2] }),
      after: null,
    });
    expect((await t.call("DELETE", "/bscApp/removeById", { sid: admin, query: { id } })).statusCode).toBe(404);
  });

  it("needs the applicationManagement:delete button: without it, 403 and nothing is deleted", async () => {
    const id = (await t.call("POST", "/bscApp", { sid: admin, body: app({ name: "T22 Kept", keyword: "t22-kept" }) })).json().data as number;
    const grant = "SELECT rm.role_id, rm.menu_id FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id JOIN sys_role r ON r.id = rm.role_id WHERE r.role_code = 'admin' AND m.url = $1";
    const [button] = (await t.sql.query(grant, ["applicationManagement:delete"])).rows;
    expect(button).toBeDefined();
    await t.sql.query("DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id = $2", [button.role_id, button.menu_id]);
    try {
      const refused = await t.call("DELETE", "/bscApp/removeById", { sid: admin, query: { id } });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 4003]);
      expect((await t.sql.query("SELECT 1 FROM bsc_app WHERE id = $1", [id])).rowCount).toBe(1);
    } finally {
      await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)", [button.role_id, button.menu_id]);
    }
    expect((await t.call("DELETE", "/bscApp/removeById", { sid: admin, query: { id } })).json().code).toBe(0);
  });
});

describe("data sources (bscChart)", () => {
  const chart = (over: Record<string, unknown> = {}) => ({ name: "Sales report", url: "https://bi.example.com/sales", userDevice: "all", ...over });

  it("creates, reads, updates through POST with id, filters and sorts", async () => {
    const created = await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: " T7 Sales ", compatibilityRange: "Chrome 90+", userDevice: "pc" }) });
    expect(created.json().code).toBe(0);
    const id = created.json().data as number;
    const got = (await t.call("GET", "/bscChart/getById", { sid: admin, query: { id } })).json().data;
    expect(got).toMatchObject({ id, name: "T7 Sales", url: "https://bi.example.com/sales", userDevice: "pc", compatibilityRange: "Chrome 90+", status: 1 });
    const other = (await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: "T7 Alpha stock", userDevice: "mobile", status: 0 }) })).json().data as number;

    expect(ids(await t.call("POST", "/bscChart/page", { sid: admin, body: { name: "t7 sal" } }))).toEqual([id]);
    expect(ids(await t.call("POST", "/bscChart/page", { sid: admin, body: { name: "T7", status: 0 } }))).toEqual([other]);
    expect(ids(await t.call("POST", "/bscChart/page", { sid: admin, body: { name: "T7", userDevice: "pc" } }))).toEqual([id]);
    expect(ids(await t.call("POST", "/bscChart/page", { sid: admin, body: { name: "T7", sortField: "name", sortOrder: "asc" } }))).toEqual([other, id]);
    expect((await t.call("POST", "/bscChart/page", { sid: admin, body: { name: "T7", pageSize: 1 } })).json().data).toMatchObject({ total: 2, pageSize: 1 });

    const upd = await t.call("POST", "/bscChart", { sid: admin, body: chart({ id, version: await versionOf(t, "bsc_chart", id), name: "T7 Sales v2", url: "/reports/sales", compatibilityRange: null }) });
    expect(upd.json()).toMatchObject({ code: 0, data: id });
    expect((await t.call("GET", "/bscChart/getById", { sid: admin, query: { id } })).json().data).toMatchObject({ name: "T7 Sales v2", url: "/reports/sales", userDevice: "all", compatibilityRange: null, status: 1 });
    const [row] = await auditRows("createBscChart", id);
    expect(row).toMatchObject({ entity: "bscChart", after: expect.objectContaining({ name: "T7 Sales" }) });
    expect((await auditRows("createBscChart", id))[1]).toMatchObject({ before: expect.objectContaining({ name: "T7 Sales" }), after: expect.objectContaining({ name: "T7 Sales v2" }) });

    expect((await t.call("POST", "/bscChart", { sid: admin, body: chart({ id: 999999, version: 1 }) })).statusCode).toBe(404);
    expect((await t.call("GET", "/bscChart/getById", { sid: admin, query: { id: 999999 } })).statusCode).toBe(404);
    for (const bad of [{ url: "bi.example.com" }, { name: " " }, { userDevice: "x" }, { compatibilityRange: "c".repeat(101) }]) {
      expect([bad, (await t.call("POST", "/bscChart", { sid: admin, body: chart(bad) })).statusCode]).toEqual([bad, 400]);
    }
  });

  it("goes on and off shelf (bscChart/listAll follows) and is deleted; users' reports stay", async () => {
    const id = (await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: "T7 Shelf" }) })).json().data as number;
    const listed = async () => (await t.call("GET", "/bscChart/listAll", { sid: staff })).json().data.map((c: { id: number }) => c.id);
    expect(await listed()).toContain(id);
    expect((await t.call("PUT", "/bscChart/updateChartStatus", { sid: admin, body: { id, status: 0 } })).json()).toMatchObject({ code: 0, data: id });
    expect(await listed()).not.toContain(id);
    expect((await auditRows("updateChartStatus", id))[0]).toMatchObject({ before: expect.objectContaining({ status: 1 }), after: expect.objectContaining({ status: 0 }) });
    expect((await t.call("PUT", "/bscChart/updateChartStatus", { sid: admin, body: { id: 999999, status: 0 } })).statusCode).toBe(404);

    const [{ id: userId }] = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'zhangwei'")).rows;
    const [{ id: pc }] = (
      await t.sql.query("INSERT INTO personal_chart (user_id, chart_id, data_name, data_url) VALUES ($1, $2, 'Mine', 'https://bi.example.com/sales') RETURNING id", [userId, id])
    ).rows;
    const del = await t.call("DELETE", "/bscChart/removeById", { sid: admin, query: { id } });
    expect(del.json()).toMatchObject({ code: 0, data: null });
    expect((await t.call("GET", "/bscChart/getById", { sid: admin, query: { id } })).statusCode).toBe(404);
    expect((await t.sql.query("SELECT chart_id FROM personal_chart WHERE id = $1", [pc])).rows).toEqual([{ chart_id: null }]);
    expect((await auditRows("bscChartRemoveById", id))[0]).toMatchObject({ entity: "bscChart", before: expect.objectContaining({ name: "T7 Shelf" }), after: null });
    expect((await t.call("DELETE", "/bscChart/removeById", { sid: admin, query: { id } })).statusCode).toBe(404);
  });

  it("creating needs the add button and changing the edit button", async () => {
    const id = (await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: "T7 Buttons" }) })).json().data as number;
    const grant = "SELECT rm.role_id, rm.menu_id FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id JOIN sys_role r ON r.id = rm.role_id WHERE r.role_code = 'admin' AND m.url = $1";
    const [add] = (await t.sql.query(grant, ["applicationManagement:add"])).rows;
    expect(add).toBeDefined();
    await t.sql.query("DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id = $2", [add.role_id, add.menu_id]);
    try {
      const refused = await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: "T7 Refused" }) });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 4003]);
      expect((await t.call("POST", "/bscChart", { sid: admin, body: chart({ id, version: await versionOf(t, "bsc_chart", id), name: "T7 Buttons 2" }) })).json().code).toBe(0);
      expect((await t.call("POST", "/bscApp", { sid: admin, body: app({ keyword: "t7-no-add" }) })).statusCode).toBe(403);
    } finally {
      await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)", [add.role_id, add.menu_id]);
    }
    const [edit] = (await t.sql.query(grant, ["applicationManagement:edit"])).rows;
    await t.sql.query("DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id = $2", [edit.role_id, edit.menu_id]);
    try {
      expect((await t.call("POST", "/bscChart", { sid: admin, body: chart({ id, version: await versionOf(t, "bsc_chart", id), name: "T7 Buttons 3" }) })).statusCode).toBe(403);
      expect((await t.call("POST", "/bscChart", { sid: admin, body: chart({ name: "T7 Allowed" }) })).json().code).toBe(0);
    } finally {
      await t.sql.query("INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)", [edit.role_id, edit.menu_id]);
    }
  });
});

describe("the data-source create's gate (issue 20)", () => {
  it("a role with the application menu but neither button is refused before its body is read, and nothing is stored", async () => {
    const menu = (await t.sql.query("SELECT id FROM sys_menu WHERE url = '/applicationManagement'")).rows[0].id;
    const work = (await t.sql.query("SELECT id FROM sys_menu WHERE url = '/workingSpace'")).rows[0].id;
    expect((await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "Apps viewer", roleCode: "appsViewer", menuIds: [work, menu] } })).json().code).toBe(0);
    const user = (await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "appsviewer", realName: "Viewer", roleCodes: ["appsViewer"] } })).json().data;
    await asOwnPassword(t, "appsviewer");
    const sid = await t.login("appsviewer", user.initialPassword);
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId: user.id, privacyStatus: 1, privacyVersion: DEMO_POLICY_VERSION } });
    expect((await t.call("POST", "/bscChart/page", { sid, body: {} })).json().code).toBe(0); // the menu reads

    // An empty body: refused as forbidden, not judged as input (that would tell the schema to someone who may not use it).
    const empty = await t.call("POST", "/bscChart", { sid, body: {} });
    expect([empty.statusCode, empty.json().code]).toEqual([403, 4003]);
    const full = await t.call("POST", "/bscChart", { sid, body: { name: "T20 Not mine", url: "https://bi.example.com/x", userDevice: "all" } });
    expect([full.statusCode, full.json().code]).toEqual([403, 4003]);
    expect((await t.sql.query("SELECT 1 FROM bsc_chart WHERE data_name = 'T20 Not mine'")).rowCount).toBe(0);
  });
});

describe("permissions", () => {
  it("every admin operation of this area refuses an ordinary user with 403, code 4003", async () => {
    const calls: [string, string, { body?: unknown; query?: Record<string, number> }?][] = [
      ["POST", "/bscApp/searchList", { body: {} }],
      ["POST", "/bscApp", { body: app({ keyword: "t7-staff" }) }],
      ["PUT", "/bscApp", { body: app({ id: 1, keyword: "t7-staff" }) }],
      ["PUT", "/bscApp/updateAppStatus", { body: { id: 1, status: 0 } }],
      ["DELETE", "/bscApp/removeById", { query: { id: 1 } }],
      ["POST", "/bscPortalApp/searchList", { body: {} }],
      ["POST", "/bscPortalApp", { body: app({ keyword: "t7-staff" }) }],
      ["PUT", "/bscPortalApp", { body: app({ id: 1, keyword: "t7-staff" }) }],
      ["PUT", "/bscPortalApp/updateAppStatus", { body: { id: 1, status: 0 } }],
      ["POST", "/bscChart/page", { body: {} }],
      ["POST", "/bscChart", { body: { name: "x", url: "https://x.example", userDevice: "all" } }],
      ["POST", "/bscChart", { body: { id: 1, name: "x", url: "https://x.example", userDevice: "all" } }],
      ["GET", "/bscChart/getById", { query: { id: 1 } }],
      ["PUT", "/bscChart/updateChartStatus", { body: { id: 1, status: 0 } }],
      ["DELETE", "/bscChart/removeById", { query: { id: 1 } }],
    ];
    for (const [method, url, opts] of calls) {
      const res = await t.call(method, url, { sid: staff, ...opts });
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 4003]);
    }
    // The ordinary user's own read of the portal applications is allowed.
    expect((await t.call("GET", "/bscPortalApp/listAll", { sid: staff })).json().code).toBe(0);
  });
});
