// Tags in the admin backend (issue 7, spec 2.3 /tagManamentList, 3 Tag, 5, 7.3): the tag list with
// its filters and usage counts, create/update with the name rules (unique names, the English-name
// format), batch enable/disable, delete with its links, the tags of applications and the
// recommended tags of departments (at most 8, disabled tags not newly chosen), the button
// permissions and 403 (code 4003) for an ordinary user on every operation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwnPassword, buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let tagIds: Record<string, number>;
let appIds: number[];
let deptIds: Record<string, number>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  const tags = await t.sql.query("SELECT id, label_en_name FROM bsc_label");
  tagIds = Object.fromEntries(tags.rows.map((r) => [r.label_en_name, r.id]));
  appIds = (await t.sql.query("SELECT id FROM bsc_app ORDER BY id")).rows.map((r) => r.id);
  const depts = await t.sql.query("SELECT id, dept_name FROM sys_dept");
  deptIds = Object.fromEntries(depts.rows.map((r) => [r.dept_name.split(" ").slice(1).join(" "), r.id]));
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<TestApp["call"]>>;
const page = (body: Record<string, unknown>, sid = admin) => t.call("POST", "/bscLabel/page", { sid, body });
const create = (body: Record<string, unknown>, sid = admin) => t.call("POST", "/bscLabel", { sid, body });
/** The version a row has now, or 1 for a row that does not exist: what an edit opened now would send (issue 20). */
const current = async (table: string, id: number) => (await t.sql.query(`SELECT version FROM ${table} WHERE id = $1`, [id])).rows[0]?.version ?? 1;
const update = async (body: Record<string, unknown>, sid = admin) =>
  t.call("PUT", "/bscLabel", { sid, body: { version: await current("bsc_label", body.id as number), ...body } });
const getTag = (id: number) => t.call("GET", "/bscLabel/getById", { sid: admin, query: { id } });
/** A reorder (sort) carries the version read; a status alone does not. */
const batch = async (body: { id: number; sort?: number; status?: number; version?: number }[], sid = admin) =>
  t.call("PUT", "/bscLabel/saveBatchById", {
    sid,
    body: await Promise.all(body.map(async (i) => (i.sort === undefined ? i : { version: await current("bsc_label", i.id), ...i }))),
  });
const saveApp = async (appId: number, labelIds: number[], sid = admin, version?: number) =>
  t.call("POST", "/bscLabel/saveAppLabel", { sid, body: { appId, labelIds, version: version ?? (await current("bsc_app", appId)) } });
const saveDept = async (deptId: number, labelIds: number[], sid = admin, version?: number) =>
  t.call("PUT", "/bscDeptLabel/saveDeptLabelList", { sid, body: { deptId, labelIds, version: version ?? (await current("sys_dept", deptId)) } });
const pageApps = (body: Record<string, unknown>) => t.call("POST", "/bscLabel/pageAppLabel", { sid: admin, body });
const pageDepts = (body: Record<string, unknown>) => t.call("POST", "/bscDeptLabel/pageDeptLabel", { sid: admin, body });
const appTags = async (appId: number) => (await t.sql.query("SELECT label_id FROM bsc_app_label WHERE app_id = $1 ORDER BY label_id", [appId])).rows.map((r) => r.label_id);
const deptTags = async (deptId: number) => (await t.sql.query("SELECT label_id FROM bsc_dept_label WHERE dept_id = $1 ORDER BY label_id", [deptId])).rows.map((r) => r.label_id);
const rejected = (res: Res) => [res.statusCode, res.json().errors?.[0]?.field, res.json().errors?.[0]?.rule];
const lastAudit = async (operationId: string) =>
  (await t.sql.query("SELECT entity, entity_id, before, after FROM sys_audit_log WHERE operation_id = $1 ORDER BY id DESC LIMIT 1", [operationId])).rows[0];
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("the tag list", () => {
  it("pages, filters by either name and by status, sorts, and counts each tag's uses", async () => {
    const all = (await page({ page: 1, pageSize: 100, sortField: "sort", sortOrder: "asc" })).json().data;
    expect(all.total).toBe(10);
    expect(all.records.map((r: { labelEnName: string }) => r.labelEnName).slice(0, 3)).toEqual(["Office", "HR", "Finance"]);
    const quality = all.records.find((r: { labelEnName: string }) => r.labelEnName === "Quality");
    const [apps, depts, policies] = await Promise.all(
      ["bsc_app_label", "bsc_dept_label", "bsc_policy_label"].map(async (tb) => Number((await t.sql.query(`SELECT count(*) FROM ${tb} WHERE label_id = $1`, [quality.id])).rows[0].count)),
    );
    expect(policies).toBeGreaterThan(0);
    expect(quality).toMatchObject({ labelName: "质量", status: 1, appCount: apps, deptCount: depts, policyCount: policies });
    expect(quality.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await page({ labelName: "质" })).json().data.records.map((r: { labelEnName: string }) => r.labelEnName)).toEqual(["Quality"]);
    expect((await page({ labelName: "compli" })).json().data.records.map((r: { labelName: string }) => r.labelName)).toEqual(["合规"]);
    expect((await page({ labelName: "%" })).json().data.total).toBe(0);
    expect((await page({ status: 0 })).json().data.total).toBe(0);
    const byName = (await page({ pageSize: 100, sortField: "labelEnName", sortOrder: "desc" })).json().data.records.map((r: { labelEnName: string }) => r.labelEnName);
    expect(byName).toEqual([...byName].sort().reverse());
    const second = (await page({ page: 2, pageSize: 3, sortField: "sort", sortOrder: "asc" })).json().data;
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: 10 });
    expect(second.records.map((r: { labelEnName: string }) => r.labelEnName)).toEqual(["Quality", "Regulatory", "Sales"]);
    expect((await page({ pageSize: 1000 })).statusCode).toBe(400);
    expect((await page({ sortField: "password" })).statusCode).toBe(400);
  });

  it("reads one tag; an unknown id is 404", async () => {
    expect((await getTag(tagIds.HR)).json().data).toMatchObject({ id: tagIds.HR, labelName: "人事", labelEnName: "HR", status: 1, appCount: expect.any(Number) });
    expect((await getTag(999999)).statusCode).toBe(404);
  });
});

describe("create and update", () => {
  it("creates a tag (trimmed; status 1 and sort 0 by default) and records it in the audit log", async () => {
    const res = await create({ labelName: "  研发  ", labelEnName: " R&D 2 " });
    expect(res.json().code).toBe(0);
    const id = res.json().data;
    expect((await getTag(id)).json().data).toMatchObject({ labelName: "研发", labelEnName: "R&D 2", status: 1, sort: 0, appCount: 0, deptCount: 0, policyCount: 0 });
    expect(await lastAudit("createBscLabel")).toMatchObject({ entity: "bscLabel", entity_id: String(id), after: { labelName: "研发" } });
    const off = (await create({ labelName: "停用的", labelEnName: "Off", status: 0, sort: 42 })).json().data;
    expect((await getTag(off)).json().data).toMatchObject({ status: 0, sort: 42 });
  });

  it("keeps the Chinese name unique and the English name unique ignoring case", async () => {
    expect(rejected(await create({ labelName: "人事", labelEnName: "Personnel" }))).toEqual([400, "labelName", "unique"]);
    expect(rejected(await create({ labelName: " 人事 ", labelEnName: "Personnel" }))).toEqual([400, "labelName", "unique"]);
    const en = await create({ labelName: "人力", labelEnName: "hr" });
    expect(rejected(en)).toEqual([400, "labelEnName", "unique"]);
    expect(en.json().resultEnMessage).toMatch(/English name already exists/);
    expect((await page({ labelName: "人力" })).json().data.total).toBe(0);
  });

  it("takes English names of letters, or letters with digits or symbols (spec 5), and nothing else", async () => {
    for (const labelEnName of ["Audit", "ISO13485", "Q&A", "Post-market 2"]) {
      const res = await create({ labelName: `名-${labelEnName}`, labelEnName });
      expect([labelEnName, res.json().code]).toEqual([labelEnName, 0]);
    }
    for (const labelEnName of ["中文", "12345", "--", "", "   ", "Café", "x".repeat(51)]) {
      expect([labelEnName, rejected(await create({ labelName: `坏-${labelEnName.length}-${labelEnName}`, labelEnName }))[0]]).toEqual([labelEnName, 400]);
    }
    expect((await create({ labelName: "   ", labelEnName: "Blank" })).statusCode).toBe(400);
    expect((await create({ labelName: "多余", labelEnName: "Extra", id: 5 })).statusCode).toBe(400);
  });

  it("updates names and sort, not the status; the same rules apply; unknown is 404", async () => {
    const id = (await create({ labelName: "临床", labelEnName: "Clinical" })).json().data;
    expect((await update({ id, labelName: "临床试验", labelEnName: "clinical", sort: 7 })).json()).toMatchObject({ code: 0, data: id });
    expect((await getTag(id)).json().data).toMatchObject({ labelName: "临床试验", labelEnName: "clinical", sort: 7, status: 1 });
    const audit = await lastAudit("updateBscLabel");
    expect(audit).toMatchObject({ entity: "bscLabel", entity_id: String(id), before: { labelName: "临床", sort: 0 }, after: { labelName: "临床试验", sort: 7 } });
    expect((await update({ id, labelName: "临床试验", labelEnName: "clinical" })).json().code).toBe(0);
    expect((await getTag(id)).json().data.sort).toBe(7);
    expect(rejected(await update({ id, labelName: "财务", labelEnName: "clinical" }))).toEqual([400, "labelName", "unique"]);
    expect(rejected(await update({ id, labelName: "临床试验", labelEnName: "FINANCE" }))).toEqual([400, "labelEnName", "unique"]);
    expect(rejected(await update({ id, labelName: "临床试验", labelEnName: "临床" }))[0]).toBe(400);
    expect((await update({ id, labelName: "临床试验", labelEnName: "clinical", status: 0 })).statusCode).toBe(400);
    expect((await update({ id: 999999, labelName: "无", labelEnName: "None" })).statusCode).toBe(404);
  });
});

describe("batch status and sort", () => {
  it("disables and enables tags, all or nothing; the pickers list only enabled tags", async () => {
    const ids = [tagIds.Training, tagIds.Safety];
    expect((await batch(ids.map((id) => ({ id, status: 0 })))).json()).toMatchObject({ code: 0, data: null });
    const disabled = (await page({ status: 0, pageSize: 100 })).json().data.records.map((r: { id: number }) => r.id);
    expect(disabled).toEqual(expect.arrayContaining(ids));
    expect(disabled).not.toContain(tagIds.Office);
    const picker = (await t.call("GET", "/bscLabel", { sid: admin })).json().data.map((r: { id: number }) => r.id);
    expect(picker).not.toContain(tagIds.Training);
    expect((await lastAudit("saveBatchById")).before.map((r: { status: number }) => r.status)).toEqual([1, 1]);

    const missing = await batch([{ id: tagIds.Training, status: 1 }, { id: 999999, status: 1 }]);
    expect(missing.statusCode).toBe(404);
    expect((await getTag(tagIds.Training)).json().data.status).toBe(0);

    expect((await batch([{ id: tagIds.Training, status: 1, sort: 100 }, { id: tagIds.Safety, status: 1 }])).json().code).toBe(0);
    expect((await getTag(tagIds.Training)).json().data).toMatchObject({ status: 1, sort: 100 });
    expect((await batch([])).statusCode).toBe(400);
    expect((await batch([{ id: tagIds.Safety, status: 2 }])).statusCode).toBe(400);
  });
});

describe("tags of applications", () => {
  it("lists every application with its tags, filtered by name or tag and sorted", async () => {
    const all = (await pageApps({ pageSize: 100 })).json().data;
    expect(all.total).toBe(appIds.length);
    const first = all.records.find((r: { appId: number }) => r.appId === appIds[0]);
    expect(first.labels.map((l: { id: number }) => l.id).sort()).toEqual(await appTags(appIds[0]));
    expect(first).toMatchObject({ id: appIds[0], appName: expect.any(String), status: expect.any(Number) });
    const withQuality = (await pageApps({ pageSize: 100, labelId: tagIds.Quality })).json().data.records;
    expect(withQuality.length).toBeGreaterThan(0);
    for (const r of withQuality) expect(r.labels.map((l: { id: number }) => l.id)).toContain(tagIds.Quality);
    const name = first.appName as string;
    expect((await pageApps({ appName: name.slice(0, 3) })).json().data.records.map((r: { appName: string }) => r.appName)).toContain(name);
    const counts = (await pageApps({ pageSize: 100, sortField: "labelCount", sortOrder: "desc" })).json().data.records.map((r: { labels: unknown[] }) => r.labels.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await pageApps({ page: 2, pageSize: 2 })).json().data.records).toHaveLength(Math.min(2, Math.max(0, appIds.length - 2)));
  });

  it("replaces an application's tags, at most 8, only existing and enabled ones", async () => {
    const app = appIds[0];
    const eight = Object.values(tagIds).slice(0, 8);
    expect((await saveApp(app, eight)).json()).toMatchObject({ code: 0, data: null });
    expect(await appTags(app)).toEqual(sorted(eight));
    expect(await lastAudit("saveAppLabel")).toMatchObject({ entity: "bscAppLabel", entity_id: String(app) });
    expect(rejected(await saveApp(app, Object.values(tagIds).slice(0, 9)))[0]).toBe(400);
    expect((await saveApp(app, [tagIds.HR, tagIds.HR])).statusCode).toBe(400);
    expect((await saveApp(app, [tagIds.HR, 999999])).statusCode).toBe(404);
    expect((await saveApp(999999, [tagIds.HR])).statusCode).toBe(404);
    expect(await appTags(app)).toEqual(sorted(eight));

    // A disabled tag stays where it is, but cannot be newly chosen.
    const kept = eight[0];
    const fresh = Object.values(tagIds)[9];
    await batch([{ id: kept, status: 0 }, { id: fresh, status: 0 }]);
    expect((await saveApp(app, [kept, eight[1]])).json().code).toBe(0);
    expect(rejected(await saveApp(app, [kept, fresh]))).toEqual([400, "labelIds", "disabled"]);
    await batch([{ id: kept, status: 1 }, { id: fresh, status: 1 }]);
    expect((await saveApp(app, [])).json().code).toBe(0);
    expect(await appTags(app)).toEqual([]);
  });

  it("removes one link or all of an application's links; the tags stay", async () => {
    const app = appIds[1];
    await saveApp(app, [tagIds.Office, tagIds.IT, tagIds.HR]);
    const remove = (query: Record<string, number>) => t.call("DELETE", "/bscLabel/removeAppLabelById", { sid: admin, query });
    expect((await remove({ appId: app, labelId: tagIds.IT })).json()).toMatchObject({ code: 0, data: null });
    expect(await appTags(app)).toEqual(sorted([tagIds.Office, tagIds.HR]));
    expect((await remove({ appId: app })).json().code).toBe(0);
    expect(await appTags(app)).toEqual([]);
    expect((await lastAudit("removeAppLabelById")).before.map((l: { id: number }) => l.id).sort()).toEqual(sorted([tagIds.Office, tagIds.HR]));
    expect((await getTag(tagIds.IT)).statusCode).toBe(200);
    expect((await remove({ appId: 999999 })).statusCode).toBe(404);
  });

  it("lists, unpaged and by name, only the applications that carry tags", async () => {
    await saveApp(appIds[1], [tagIds.Finance]);
    const list = (await t.call("GET", "/bscLabel/getAllAppLabel", { sid: admin })).json().data;
    const tagged = (await t.sql.query("SELECT count(DISTINCT app_id) FROM bsc_app_label")).rows[0].count;
    expect(list).toHaveLength(Number(tagged));
    expect(list.every((r: { labels: unknown[] }) => r.labels.length > 0)).toBe(true);
    expect(list.find((r: { appId: number }) => r.appId === appIds[1]).labels).toEqual([{ id: tagIds.Finance, labelName: "财务", labelEnName: "Finance", status: 1 }]);
    expect(list.find((r: { appId: number }) => r.appId === appIds[0])).toBeUndefined();
    const names = list.map((r: { appName: string }) => r.appName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe("recommended tags of departments", () => {
  it("lists every department with its parent and recommended tags, filtered and sorted", async () => {
    const all = (await pageDepts({ pageSize: 100 })).json().data;
    expect(all.total).toBe(9);
    const cardio = all.records.find((r: { deptId: number }) => r.deptId === deptIds.Cardiology);
    expect(cardio).toMatchObject({ id: deptIds.Cardiology, deptName: "心血管事业部 Cardiology", parentName: "销售部 Sales" });
    expect(cardio.labels.map((l: { id: number }) => l.id).sort()).toEqual(await deptTags(deptIds.Cardiology));
    expect((await pageDepts({ deptName: "质量" })).json().data.records.map((r: { deptId: number }) => r.deptId)).toEqual([deptIds.Quality]);
    await saveDept(deptIds.Finance, [tagIds.Finance, tagIds.Compliance]);
    const withCompliance = (await pageDepts({ labelId: tagIds.Compliance, pageSize: 100 })).json().data.records.map((r: { deptId: number }) => r.deptId);
    expect(withCompliance).toContain(deptIds.Finance);
    expect(withCompliance).not.toContain(deptIds.IT);
    const names = (await pageDepts({ pageSize: 100, sortField: "deptName", sortOrder: "asc" })).json().data.records.map((r: { deptName: string }) => r.deptName);
    expect(names).toHaveLength(9);
    const counts = (await pageDepts({ pageSize: 100, sortField: "labelCount", sortOrder: "asc" })).json().data.records.map((r: { labels: unknown[] }) => r.labels.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it("replaces a department's recommended tags, at most 8", async () => {
    const dept = deptIds["Human Resources"];
    const eight = Object.values(tagIds).slice(2, 10);
    expect((await saveDept(dept, eight)).json()).toMatchObject({ code: 0, data: null });
    expect(await deptTags(dept)).toEqual(sorted(eight));
    expect(await lastAudit("saveDeptLabelList")).toMatchObject({ entity: "bscDeptLabel", entity_id: String(dept) });
    expect((await saveDept(dept, Object.values(tagIds).slice(0, 9))).statusCode).toBe(400);
    expect((await saveDept(dept, [999999])).statusCode).toBe(404);
    expect((await saveDept(999999, [])).statusCode).toBe(404);
    await batch([{ id: tagIds.Office, status: 0 }]);
    expect(rejected(await saveDept(dept, [tagIds.Office]))).toEqual([400, "labelIds", "disabled"]);
    await batch([{ id: tagIds.Office, status: 1 }]);
    expect(await deptTags(dept)).toEqual(sorted(eight));
    expect((await saveDept(dept, [])).json().code).toBe(0);
    expect(await deptTags(dept)).toEqual([]);
  });
});

describe("delete", () => {
  it("deletes a tag with its links to applications, departments and policies, which stay", async () => {
    const id = (await create({ labelName: "将删除", labelEnName: "Doomed" })).json().data;
    await saveApp(appIds[2], [id]);
    await saveDept(deptIds.IT, [id]);
    const policy = (await t.sql.query("SELECT id FROM bsc_policy ORDER BY id LIMIT 1")).rows[0].id;
    await t.sql.query("INSERT INTO bsc_policy_label (policy_id, label_id) VALUES ($1, $2)", [policy, id]);
    expect((await getTag(id)).json().data).toMatchObject({ appCount: 1, deptCount: 1, policyCount: 1 });

    expect((await t.call("DELETE", "/bscLabel/removeById", { sid: admin, query: { id } })).json()).toMatchObject({ code: 0, data: null });
    expect((await getTag(id)).statusCode).toBe(404);
    expect(await appTags(appIds[2])).toEqual([]);
    expect(await deptTags(deptIds.IT)).toEqual([]);
    expect((await t.sql.query("SELECT count(*) FROM bsc_policy WHERE id = $1", [policy])).rows[0].count).toBe("1");
    expect((await pageApps({ pageSize: 100 })).json().data.total).toBe(appIds.length);
    expect(await lastAudit("bscLabelRemoveById")).toMatchObject({
      entity: "bscLabel",
      entity_id: String(id),
      before: { labelName: "将删除", appIds: [appIds[2]], deptIds: [deptIds.IT], policyIds: [policy] },
      after: null,
    });
    expect((await t.call("DELETE", "/bscLabel/removeById", { sid: admin, query: { id } })).statusCode).toBe(404);
  });
});

describe("permissions", () => {
  it("answers 403 (code 4003) to an ordinary user on every tag operation", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    const calls = [
      page({}, staff),
      t.call("GET", "/bscLabel/getById", { sid: staff, query: { id: tagIds.HR } }),
      create({ labelName: "越权", labelEnName: "Nope" }, staff),
      update({ id: tagIds.HR, labelName: "越权", labelEnName: "Nope" }, staff),
      t.call("DELETE", "/bscLabel/removeById", { sid: staff, query: { id: tagIds.HR } }),
      batch([{ id: tagIds.HR, status: 0 }], staff),
      t.call("POST", "/bscLabel/pageAppLabel", { sid: staff, body: {} }),
      saveApp(appIds[0], [tagIds.HR], staff),
      t.call("DELETE", "/bscLabel/removeAppLabelById", { sid: staff, query: { appId: appIds[0] } }),
      t.call("GET", "/bscLabel/getAllAppLabel", { sid: staff }),
      t.call("POST", "/bscDeptLabel/pageDeptLabel", { sid: staff, body: {} }),
      saveDept(deptIds.IT, [tagIds.HR], staff),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((res) => [res.statusCode, res.json().code])).toEqual(calls.map(() => [403, 4003]));
    expect((await getTag(tagIds.HR)).json().data).toMatchObject({ labelName: "人事", status: 1 });
  });

  it("needs each write's button: a role with only the status button can enable and disable, nothing else", async () => {
    const urls = ["/tagManamentList", "/tagManamentList/recommendTagsList", "tagManamentList:recommendTagsList:status"];
    const menuIds = (await t.sql.query("SELECT id FROM sys_menu WHERE url = ANY($1)", [urls])).rows.map((r) => r.id);
    expect(menuIds).toHaveLength(3);
    expect((await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "标签状态", roleCode: "tagstatus", menuIds } })).json().code).toBe(0);
    const password = "Tags@12345";
    const made = await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "tagger", realName: "Tagger", roleCodes: ["tagstatus"], password: t.app.transportKey.encrypt(password) } });
    expect(made.json().code).toBe(0);
    await asOwnPassword(t, "tagger");
    const sid = await t.login("tagger", password);
    const userId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion: "1.0.0" } });
    expect((await page({}, sid)).json().code).toBe(0);
    expect((await batch([{ id: tagIds.Sales, status: 0 }], sid)).json().code).toBe(0);
    expect((await batch([{ id: tagIds.Sales, status: 1 }], sid)).json().code).toBe(0);
    const refused = [
      await batch([{ id: tagIds.Sales, sort: 1 }], sid),
      await create({ labelName: "无权", labelEnName: "NoRight" }, sid),
      await update({ id: tagIds.Sales, labelName: "销售", labelEnName: "Sales", sort: 1 }, sid),
      await t.call("DELETE", "/bscLabel/removeById", { sid, query: { id: tagIds.Sales } }),
      await saveApp(appIds[0], [], sid),
      await saveDept(deptIds.IT, [], sid),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(refused.map(() => [403, 4003]));
    expect((await getTag(tagIds.Sales)).json().data).toMatchObject({ status: 1, sort: 5 });
  });
});
