import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeUrl, MAX_PERSONAL_APPS, MAX_PERSONAL_CHARTS } from "../src/handlers/workspace/personalApps.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// The user's own apps (customize page, tags, favourites), reports (data centre) and departments.

let t: TestApp;
let staff: string; // zhangwei
let lina: string;
let admin: string;
const id: Record<string, number> = {};
/** Tag ids by English name. */
const tag: Record<string, number> = {};
/** Catalogue app ids by keyword. */
const cat: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina], ["admin", admin]] as const)
    id[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
  for (const r of (await t.sql.query("SELECT id, label_en_name FROM bsc_label")).rows) tag[r.label_en_name] = r.id;
  for (const r of (await t.sql.query("SELECT id, keyword FROM bsc_app")).rows) cat[r.keyword] = r.id;
});
afterAll(() => t.close());

const NO_SESSION = { code: 4004, data: null };
const FORBIDDEN = { code: 4003, data: null, resultEnMessage: "No permission" };
const expect400 = (res: { statusCode: number; json(): any }, field?: string, rule?: string) => {
  expect([res.statusCode, res.json().code]).toEqual([400, 400]);
  expect(res.json().resultMessage).toBeTruthy();
  expect(res.json().resultEnMessage).toBeTruthy();
  if (field) expect(res.json().errors[0]).toMatchObject({ field, ...(rule ? { rule } : {}) });
  return res.json();
};
const expect404 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([404, 404]);

const get = async (sid: string, url: string, query: Record<string, string | number> = {}) => {
  const res = await t.call("GET", url, { sid, query });
  expect(res.statusCode).toBe(200);
  return res.json().data as any[];
};
const apps = (sid: string, query: Record<string, string | number> = {}) => get(sid, "/personalApp/listByUserId", query);
const diy = (sid: string, query: Record<string, string | number> = {}) => get(sid, "/personalApp/diyListByUserId", query);
const groups = (sid: string, query: Record<string, string | number> = {}) => get(sid, "/personalApp/getLabelAppList", query);
const charts = (sid: string, query: Record<string, string | number> = {}) => get(sid, "/personalChart/listByUserId", query);
const createApp = (sid: string, body: unknown) => t.call("POST", "/personalApp", { sid, body });
const updateApp = (sid: string, body: unknown) => t.call("PUT", "/personalApp", { sid, body });
const deleteApp = (sid: string, appId: number | string) => t.call("DELETE", "/personalApp", { sid, query: { id: appId } });
const batchApps = (sid: string, body: unknown) => t.call("PUT", "/personalApp/updateBatchById", { sid, body });
const favourite = (sid: string, body: unknown) => t.call("PUT", "/personalApp/updateAppFavoriteStatus", { sid, body });
const createChart = (sid: string, body: unknown) => t.call("POST", "/personalChart", { sid, body });
const updateChart = (sid: string, body: unknown) => t.call("PUT", "/personalChart", { sid, body });
const deleteChart = (sid: string, chartId: number | string) => t.call("DELETE", "/personalChart", { sid, query: { id: chartId } });
const batchCharts = (sid: string, body: unknown) => t.call("PUT", "/personalChart/updateBatchById", { sid, body });

/** Favourites first, then appSort, then id. */
const inListOrder = (list: any[]) =>
  [...list].sort((a, b) => b.favoriteStatus - a.favoriteStatus || a.appSort - b.appSort || a.id - b.id).map((a) => a.id);
const count = async (table: string, userId: number) => (await t.sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n as number;
const ownTags = async (personalAppId: number) =>
  (await t.sql.query("SELECT label_id FROM personal_app_label WHERE personal_app_id = $1 ORDER BY label_id", [personalAppId])).rows.map((r) => r.label_id);

// ------------------------------------------------------------------------------ url check

describe("isSafeUrl", () => {
  it("accepts http(s) addresses with a host and paths of this product only", () => {
    for (const ok of ["https://a.example.com", "http://a.example.com:8080/x?y=1#z", "/demo-reports/x.html", "/"]) expect([ok, isSafeUrl(ok)]).toEqual([ok, true]);
    for (const bad of [
      "javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>", "vbscript:x", "ftp://a.example.com", "//evil.example.com", "/\\evil.example.com",
      "http://", "https://", "https:///path", "https://a b.example.com", "https://a.example.com/\u0000", "/x\ny", "/ x", "https://a.example.com\\@evil", "mailto:a@b.c", "", "x",
    ])
      expect([bad, isSafeUrl(bad)]).toEqual([bad, false]);
  });
});

// ------------------------------------------------------------------------------------ apps

describe("labels of my apps (listByUserId, diyListByUserId)", () => {
  it("a picked app carries its catalogue app's tags, by tag sort; the user's own tags override them", async () => {
    const list = await apps(staff);
    expect(list).toHaveLength(18);
    const byKeyword = (k: string) => list.find((a) => a.appId === cat[k]);
    // Catalogue: expenses = finance + office; office sorts before finance.
    expect(byKeyword("expenses").labelIds).toEqual([tag.Office, tag.Finance]);
    expect(byKeyword("adverse-events").labelIds).toEqual([tag.Quality, tag.Regulatory, tag.Safety]);
    // learning is training + hr in the catalogue; zhangwei chose training only (demo seed).
    expect(byKeyword("learning").labelIds).toEqual([tag.Training]);
    expect((await apps(lina)).find((a) => a.appId === cat.learning).labelIds).toEqual([tag.HR, tag.Training]);
  });

  it("diyListByUserId: only the apps added by hand, favourites first, with their own tags", async () => {
    const list = await diy(staff);
    expect(list.map((a) => a.appName)).toEqual(["心内科周报 Cardiology Weekly", "学术会议日历 Congress Calendar"]);
    expect(list.map((a) => a.id)).toEqual(inListOrder(list));
    for (const a of list) expect(a).toMatchObject({ userId: id.zhangwei, appId: null, diyStatus: 1 });
    expect(list[0]).toMatchObject({ favoriteStatus: 1, labelIds: [] });
    expect(list[1]).toMatchObject({ favoriteStatus: 0, labelIds: [tag.Sales, tag.Training], appIconUrl: "/app-icons/rooms.svg" });
    expect(await diy(lina)).toEqual([]);
  });

  it("diyListByUserId: someone else's userId is 403 for staff, allowed for an administrator; no session is 401", async () => {
    const res = await t.call("GET", "/personalApp/diyListByUserId", { sid: lina, query: { userId: id.zhangwei } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(FORBIDDEN);
    expect(await diy(admin, { userId: id.zhangwei })).toHaveLength(2);
    expect(await diy(admin, { userId: 999999 })).toEqual([]);
    const none = await t.call("GET", "/personalApp/diyListByUserId");
    expect([none.statusCode, none.json().code]).toEqual([401, NO_SESSION.code]);
    expect400(await t.call("GET", "/personalApp/diyListByUserId", { sid: staff, query: { userId: 0 } }));
  });

  it("a picked app shows its catalogue app's current name, address and icon", async () => {
    await t.sql.query("UPDATE bsc_app SET app_name = 'CRM 新版 CRM Next', app_url = 'https://crm2.example.com' WHERE id = $1", [cat.crm]);
    try {
      const crm = (await apps(staff)).find((a) => a.appId === cat.crm);
      expect(crm).toMatchObject({ appName: "CRM 新版 CRM Next", appUrl: "https://crm2.example.com" });
      const w = await get(staff, "/personalApp/listWidgetApp", {});
      const inWidget = w.find((a) => a.id === crm.id);
      if (inWidget) expect(inWidget.appName).toBe("CRM 新版 CRM Next");
    } finally {
      await t.sql.query("UPDATE bsc_app SET app_name = '客户关系 CRM', app_url = 'https://crm.example.com' WHERE id = $1", [cat.crm]);
    }
  });
});

describe("getLabelAppList", () => {
  it("groups the user's apps by tag in tag order; an app with several tags is in each; untagged last", async () => {
    const list = await apps(staff);
    const got = await groups(staff);
    const sorts = new Map((await t.sql.query("SELECT id, sort FROM bsc_label")).rows.map((r) => [r.id, r.sort]));
    const tagged = got.filter((g) => g.labelId !== null);
    expect(tagged.map((g) => sorts.get(g.labelId))).toEqual([...tagged.map((g) => sorts.get(g.labelId))].sort((a, b) => a - b));
    expect(got[got.length - 1]).toMatchObject({ labelId: null, labelName: null, labelEnName: null });
    expect(got[got.length - 1].apps.map((a: any) => a.appName)).toEqual(["心内科周报 Cardiology Weekly"]);
    expect(got.filter((g) => g.labelId === null)).toHaveLength(1);
    // Every app is in the group of each of its tags and in no other.
    for (const a of list) {
      const inGroups = got.filter((g) => g.apps.some((x: any) => x.id === a.id)).map((g) => g.labelId);
      expect(inGroups).toEqual(a.labelIds.length ? tagged.map((g) => g.labelId).filter((l) => a.labelIds.includes(l)) : [null]);
    }
    const office = got.find((g) => g.labelId === tag.Office);
    expect(office).toMatchObject({ labelName: "办公", labelEnName: "Office" });
    expect(office.apps.map((a: any) => a.appId)).toEqual(expect.arrayContaining([cat.expenses, cat.travel, cat.leave, cat.rooms, cat.mail]));
    // Inside a group: favourites first, then appSort.
    for (const g of got) expect(g.apps.map((a: any) => a.id)).toEqual(inListOrder(g.apps));
    expect(office.apps[0].favoriteStatus).toBe(1);
    // HR: zhangwei's learning app is no longer HR (own tags), leave still is.
    expect(got.find((g) => g.labelId === tag.HR).apps.map((a: any) => a.appId)).toEqual([cat.leave]);
  });

  it("labelId answers only that tag's group; a tag none of the apps carries answers an empty list", async () => {
    const one = await groups(staff, { labelId: tag.Training });
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ labelId: tag.Training, labelName: "培训" });
    expect(one[0].apps.map((a: any) => a.appName).sort()).toEqual(["培训学习 Learning", "学术会议日历 Congress Calendar"]);
    expect(await groups(lina, { labelId: tag.Sales })).toEqual([]);
    expect(await groups(staff, { labelId: 999999 })).toEqual([]);
    expect400(await t.call("GET", "/personalApp/getLabelAppList", { sid: staff, query: { labelId: "x" } }));
  });

  it("a disabled tag counts as none; an app whose catalogue app is off shelf is left out", async () => {
    await t.sql.query("UPDATE bsc_label SET status = 0 WHERE id = $1", [tag.Sales]);
    await t.sql.query("UPDATE bsc_app SET status = 0 WHERE id = $1", [cat.expenses]);
    try {
      const got = await groups(staff);
      expect(got.map((g) => g.labelId)).not.toContain(tag.Sales);
      const untagged = got[got.length - 1];
      expect(untagged.labelId).toBeNull();
      // crm and inventory carry only sales; the congress calendar keeps training.
      expect(untagged.apps.map((a: any) => a.appId).sort()).toEqual([null, cat.crm, cat.inventory].sort());
      expect(got.flatMap((g) => g.apps).map((a: any) => a.appId)).not.toContain(cat.expenses);
      expect((await apps(staff)).find((a) => a.appName.includes("Congress")).labelIds).toEqual([tag.Training]);
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE id = $1", [tag.Sales]);
      await t.sql.query("UPDATE bsc_app SET status = 1 WHERE id = $1", [cat.expenses]);
    }
  });

  it("userId: someone else's is 403 for staff, allowed for an administrator; no session is 401", async () => {
    const res = await t.call("GET", "/personalApp/getLabelAppList", { sid: lina, query: { userId: id.zhangwei } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(FORBIDDEN);
    expect(await groups(admin, { userId: id.zhangwei })).toEqual(await groups(staff));
    expect((await t.call("GET", "/personalApp/getLabelAppList")).statusCode).toBe(401);
  });
});

describe("createPersonalApp", () => {
  it("adds an app by hand with tags, after the user's last app", async () => {
    const maxSort = Math.max(...(await apps(lina)).map((a) => a.appSort));
    const res = await createApp(lina, {
      appName: "质量周报 Quality Weekly", appUrl: "https://wiki.example.com/quality", appIconUrl: "/app-icons/quality.svg", labelIds: [tag.Safety, tag.Quality],
    });
    expect(res.statusCode).toBe(200);
    const newId = res.json().data;
    try {
      const [mine] = await diy(lina);
      expect(mine).toMatchObject({
        id: newId, userId: id.lina, appId: null, diyStatus: 1, favoriteStatus: 0, pcOrH5Status: 0, appSort: maxSort + 10,
        appName: "质量周报 Quality Weekly", appUrl: "https://wiki.example.com/quality", appIconUrl: "/app-icons/quality.svg",
        labelIds: [tag.Quality, tag.Safety],
      });
      expect(await ownTags(newId)).toEqual([tag.Quality, tag.Safety].sort((a, b) => a - b));
      expect((await apps(lina)).map((a) => a.id)).toContain(newId);
    } finally {
      expect((await deleteApp(lina, newId)).statusCode).toBe(200);
    }
  });

  it("picks an app from the catalogue once: the catalogue's fields are kept, its tags carried", async () => {
    const res = await createApp(lina, { appId: cat.crm, appName: "whatever", appUrl: "https://other.example.com", favoriteStatus: 1, appSort: 1 });
    expect(res.statusCode).toBe(200);
    const newId = res.json().data;
    try {
      const row = (await t.sql.query("SELECT * FROM personal_app WHERE id = $1", [newId])).rows[0];
      expect(row).toMatchObject({ user_id: id.lina, app_id: cat.crm, app_name: "客户关系 CRM", app_url: "https://crm.example.com", app_icon_url: "/app-icons/crm.svg", diy_status: 0 });
      const list = await apps(lina);
      expect(list[0]).toMatchObject({ id: newId, favoriteStatus: 1, appSort: 1, labelIds: [tag.Sales] });
      expect(await diy(lina)).toEqual([]);
      expect400(await createApp(lina, { appId: cat.crm, appName: "CRM", appUrl: "https://crm.example.com" }), "appId", "unique");
      expect(await count("personal_app", id.lina)).toBe(4);
    } finally {
      await deleteApp(lina, newId);
    }
  });

  it("an off-shelf or unknown catalogue app is 404; nothing is written", async () => {
    expect404(await createApp(lina, { appId: cat["legacy-oa"], appName: "OA", appUrl: "https://oa.example.com" }));
    expect404(await createApp(lina, { appId: 999999, appName: "OA", appUrl: "https://oa.example.com" }));
    expect(await count("personal_app", id.lina)).toBe(3);
  });

  it("refuses unsafe addresses, bad tags and bad fields (400), writing nothing", async () => {
    const base = { appName: "X", appUrl: "https://x.example.com" };
    for (const appUrl of ["javascript:alert(1)", "data:text/html,x", "ftp://x.example.com", "HTTPS://x.example.com"]) expect400(await createApp(lina, { ...base, appUrl }));
    for (const appUrl of ["//evil.example.com", "/\\evil.example.com", "https://x y.example.com", "http://", "/a b"]) expect400(await createApp(lina, { ...base, appUrl }), "appUrl", "url");
    expect400(await createApp(lina, { ...base, appIconUrl: "javascript:alert(1)" }));
    expect400(await createApp(lina, { ...base, appIconUrl: "//evil.example.com/x.svg" }), "appIconUrl", "url");
    // Tags: at most 8, no duplicates, existing and enabled.
    const nine = Object.values(tag).slice(0, 9);
    expect(nine).toHaveLength(9);
    expect400(await createApp(lina, { ...base, labelIds: nine }));
    expect400(await createApp(lina, { ...base, labelIds: [tag.Office, tag.Office] }));
    expect400(await createApp(lina, { ...base, labelIds: [tag.Office, 999999] }), "labelIds.1", "exists");
    await t.sql.query("UPDATE bsc_label SET status = 0 WHERE id = $1", [tag.Safety]);
    try {
      expect400(await createApp(lina, { ...base, labelIds: [tag.Safety] }), "labelIds.0", "exists");
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE id = $1", [tag.Safety]);
    }
    expect400(await createApp(lina, { ...base, appName: "" }));
    expect400(await createApp(lina, { ...base, appName: "x".repeat(101) }));
    expect400(await createApp(lina, { appName: "X" }));
    expect400(await createApp(lina, { ...base, diyStatus: 1 }));
    expect400(await createApp(lina, { ...base, favoriteStatus: 2 }));
    expect400(await createApp(lina, { ...base, appSort: 100001 }));
    expect(await count("personal_app", id.lina)).toBe(3);
    // Eight is fine.
    const eight = await createApp(lina, { ...base, labelIds: nine.slice(0, 8) });
    expect(eight.statusCode).toBe(200);
    expect((await diy(lina))[0].labelIds).toHaveLength(8);
    await deleteApp(lina, eight.json().data);
  });

  it("userId: someone else's is 403 for staff; an administrator may add for another user; an unknown user is 404", async () => {
    const base = { appName: "X", appUrl: "https://x.example.com" };
    const res = await createApp(lina, { ...base, userId: id.zhangwei });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(FORBIDDEN);
    expect(await count("personal_app", id.zhangwei)).toBe(18);
    const asAdmin = await createApp(admin, { ...base, userId: id.lina });
    expect(asAdmin.statusCode).toBe(200);
    expect((await diy(lina)).map((a) => a.id)).toEqual([asAdmin.json().data]);
    // Only the owner changes or deletes it.
    expect404(await deleteApp(admin, asAdmin.json().data));
    expect((await deleteApp(lina, asAdmin.json().data)).statusCode).toBe(200);
    expect404(await createApp(admin, { ...base, userId: 999999 }));
    expect((await t.call("POST", "/personalApp", { body: base })).statusCode).toBe(401);
  });

  it(`holds at most ${MAX_PERSONAL_APPS} apps per user`, async () => {
    const room = MAX_PERSONAL_APPS - (await count("personal_app", id.lina));
    await t.sql.query(
      "INSERT INTO personal_app (user_id, app_name, app_url, diy_status, app_sort) SELECT $1, 'Filler ' || g, 'https://f.example.com', 1, 50000 + g FROM generate_series(1, $2) g",
      [id.lina, room],
    );
    try {
      expect(await count("personal_app", id.lina)).toBe(MAX_PERSONAL_APPS);
      expect400(await createApp(lina, { appName: "X", appUrl: "https://x.example.com" }), "appId", "maxApps");
      expect(await count("personal_app", id.lina)).toBe(MAX_PERSONAL_APPS);
    } finally {
      await t.sql.query("DELETE FROM personal_app WHERE user_id = $1 AND app_name LIKE 'Filler %'", [id.lina]);
    }
  });
});

describe("updatePersonalApp and deletePersonalApp", () => {
  it("changes only the fields sent of an app added by hand, and replaces its tags", async () => {
    const newId = (await createApp(lina, { appName: "A", appUrl: "https://a.example.com", labelIds: [tag.Office] })).json().data;
    try {
      const res = await updateApp(lina, { id: newId, appName: "B", appIconUrl: null, pcOrH5Status: 2, labelIds: [tag.IT, tag.HR] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: newId, appName: "B", appUrl: "https://a.example.com", appIconUrl: null, pcOrH5Status: 2, labelIds: [tag.HR, tag.IT], diyStatus: 1 });
      expect((await updateApp(lina, { id: newId, labelIds: [] })).json().data.labelIds).toEqual([]);
      expect(await ownTags(newId)).toEqual([]);
      // Nothing sent but the id: unchanged.
      expect((await updateApp(lina, { id: newId })).json().data).toMatchObject({ appName: "B", pcOrH5Status: 2 });
      expect400(await updateApp(lina, { id: newId, appUrl: "javascript:alert(1)" }));
      expect400(await updateApp(lina, { id: newId, appUrl: "//evil.example.com" }), "appUrl", "url");
      expect400(await updateApp(lina, { id: newId, labelIds: [999999] }), "labelIds.0", "exists");
      expect((await apps(lina)).find((a) => a.id === newId)).toMatchObject({ appUrl: "https://a.example.com", labelIds: [] });
    } finally {
      await deleteApp(lina, newId);
    }
  });

  it("a picked app: name, address, icon and device are the catalogue's (400); its tags can be overridden and reset", async () => {
    const quality = (await apps(lina)).find((a) => a.appId === cat.quality);
    expect(quality.labelIds).toEqual([tag.Quality]);
    for (const f of [{ appName: "Q" }, { appUrl: "https://q.example.com" }, { appIconUrl: null }, { pcOrH5Status: 1 }])
      expect400(await updateApp(lina, { id: quality.id, ...f }), Object.keys(f)[0], "catalogueApp");
    // The values it shows may be sent back unchanged (a client sending the whole app).
    const same = await updateApp(lina, { id: quality.id, appName: quality.appName, appUrl: quality.appUrl, appIconUrl: quality.appIconUrl, pcOrH5Status: quality.pcOrH5Status });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toEqual(quality);
    const res = await updateApp(lina, { id: quality.id, labelIds: [tag.Compliance, tag.Quality], appSort: 7 });
    expect(res.json().data).toMatchObject({ id: quality.id, appId: cat.quality, appName: quality.appName, appSort: 7, labelIds: [tag.Quality, tag.Compliance] });
    expect((await groups(lina, { labelId: tag.Compliance }))[0].apps.map((a: any) => a.id)).toEqual([quality.id]);
    // An empty list gives the catalogue's tags back.
    expect((await updateApp(lina, { id: quality.id, labelIds: [], appSort: quality.appSort })).json().data.labelIds).toEqual([tag.Quality]);
    expect(await groups(lina, { labelId: tag.Compliance })).toEqual([]);
  });

  it("someone else's or an unknown id is 404 (administrators too) and nothing changes", async () => {
    const his = (await apps(staff))[0];
    expect404(await updateApp(lina, { id: his.id, appSort: 99 }));
    expect404(await updateApp(admin, { id: his.id, appSort: 99 }));
    expect404(await updateApp(lina, { id: 999999, appSort: 99 }));
    expect404(await deleteApp(lina, his.id));
    expect((await apps(staff))[0]).toEqual(his);
    expect400(await deleteApp(lina, "x"));
    expect400(await t.call("DELETE", "/personalApp", { sid: lina }));
    expect400(await updateApp(lina, { appSort: 1 }));
    expect((await t.call("DELETE", "/personalApp", { query: { id: his.id } })).statusCode).toBe(401);
  });

  it("deletes the caller's app and its own tags; the catalogue app stays", async () => {
    const newId = (await createApp(lina, { appId: cat.rooms, appName: "R", appUrl: "https://r.example.com", labelIds: [tag.Office, tag.IT] })).json().data;
    expect(await ownTags(newId)).toHaveLength(2);
    expect((await deleteApp(lina, newId)).statusCode).toBe(200);
    expect(await ownTags(newId)).toEqual([]);
    expect((await t.sql.query("SELECT count(*)::int AS n FROM bsc_app WHERE id = $1", [cat.rooms])).rows[0].n).toBe(1);
    expect(await count("personal_app", id.lina)).toBe(3);
    expect404(await deleteApp(lina, newId));
  });
});

describe("personalAppUpdateBatchById and updateAppFavoriteStatus", () => {
  it("reorders and stars many apps at once; lists follow favourites first, then appSort", async () => {
    const before = await apps(lina);
    expect(before.map((a) => a.appId)).toEqual([cat.quality, cat["adverse-events"], cat.learning]);
    const [quality, adverse, learning] = before;
    try {
      const res = await batchApps(lina, [
        { id: learning.id, appSort: 1, favoriteStatus: 1 },
        { id: adverse.id, appSort: 2 },
        { id: quality.id, favoriteStatus: 0 },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, data: null });
      const after = await apps(lina);
      expect(after.map((a) => a.id)).toEqual([learning.id, adverse.id, quality.id]);
      expect(after.map((a) => [a.favoriteStatus, a.appSort])).toEqual([[1, 1], [0, 2], [0, quality.appSort]]);
      expect((await get(lina, "/personalApp/listWidgetApp", {})).map((a) => a.id)).toEqual([learning.id, adverse.id, quality.id]);
    } finally {
      await batchApps(lina, before.map((a) => ({ id: a.id, appSort: a.appSort, favoriteStatus: a.favoriteStatus })));
    }
    expect(await apps(lina)).toEqual(before);
  });

  it("is all or nothing: someone else's id is 404, a repeated id 400, and nothing changes", async () => {
    const before = await apps(lina);
    const his = (await apps(staff))[0];
    expect404(await batchApps(lina, [{ id: before[0].id, appSort: 99 }, { id: his.id, appSort: 99 }]));
    expect404(await batchApps(admin, [{ id: his.id, appSort: 99 }]));
    expect400(await batchApps(lina, [{ id: before[0].id, appSort: 1 }, { id: before[0].id, appSort: 2 }]), "1.id", "unique");
    expect400(await batchApps(lina, []));
    expect400(await batchApps(lina, Array.from({ length: 501 }, (_, i) => ({ id: i + 1 }))));
    expect400(await batchApps(lina, [{ id: before[0].id, appName: "x" }]));
    expect400(await batchApps(lina, [{ id: before[0].id, appSort: -1 }]));
    expect(await apps(lina)).toEqual(before);
    expect((await apps(staff))[0]).toEqual(his);
  });

  it("updateAppFavoriteStatus stars and unstars one of the caller's apps", async () => {
    const [quality, , learning] = await apps(lina);
    const res = await favourite(lina, { id: learning.id, favoriteStatus: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(learning.id);
    try {
      // Both starred: appSort decides between them.
      expect((await apps(lina)).slice(0, 2).map((a) => a.id)).toEqual([quality.id, learning.id]);
      await favourite(lina, { id: quality.id, favoriteStatus: 0 });
      expect((await apps(lina))[0].id).toBe(learning.id);
    } finally {
      await favourite(lina, { id: learning.id, favoriteStatus: 0 });
      await favourite(lina, { id: quality.id, favoriteStatus: 1 });
    }
    expect((await apps(lina))[0]).toMatchObject({ id: quality.id, favoriteStatus: 1 });
    const his = (await apps(staff)).find((a) => a.favoriteStatus === 0);
    expect404(await favourite(lina, { id: his.id, favoriteStatus: 1 }));
    expect((await apps(staff)).find((a) => a.id === his.id).favoriteStatus).toBe(0);
    expect400(await favourite(lina, { id: quality.id, favoriteStatus: 2 }));
    expect400(await favourite(lina, { id: quality.id }));
  });
});

// ---------------------------------------------------------------------------------- reports

describe("personal charts (data centre)", () => {
  const onShelfSource = async (notPickedBy: number) =>
    (
      await t.sql.query(
        "SELECT * FROM bsc_chart WHERE status = 1 AND id NOT IN (SELECT chart_id FROM personal_chart WHERE user_id = $1 AND chart_id IS NOT NULL) ORDER BY id LIMIT 1",
        [notPickedBy],
      )
    ).rows[0];

  it("adds a report by URL after the user's last one; it is listed for every device", async () => {
    const before = await charts(lina);
    expect(before).toHaveLength(1);
    const res = await createChart(lina, { dataName: "我的看板 My board", dataUrl: "https://bi.example.com/embed/42", originalUrl: "https://bi.example.com/reports/42" });
    expect(res.statusCode).toBe(200);
    const newId = res.json().data;
    try {
      const after = await charts(lina, { pcOrH5Status: 2 });
      expect(after.map((c) => c.id)).toEqual([before[0].id, newId]);
      expect(after[1]).toEqual({
        id: newId, userId: id.lina, chartId: null, dataName: "我的看板 My board", dataUrl: "https://bi.example.com/embed/42",
        originalUrl: "https://bi.example.com/reports/42", pcOrH5Status: 0, dataSort: before[0].dataSort + 10,
      });
      expect((await charts(lina, { pcOrH5Status: 1 })).map((c) => c.id)).toContain(newId);
    } finally {
      expect((await deleteChart(lina, newId)).statusCode).toBe(200);
    }
    expect(await charts(lina)).toEqual(before);
  });

  it("picks an on-shelf data source once: the source's fields are kept and follow it", async () => {
    const src = await onShelfSource(id.lina);
    const res = await createChart(lina, { chartId: src.id, dataName: "whatever", dataUrl: "https://other.example.com", dataSort: 5 });
    expect(res.statusCode).toBe(200);
    const newId = res.json().data;
    try {
      expect((await charts(lina))[0]).toEqual({
        id: newId, userId: id.lina, chartId: src.id, dataName: src.data_name, dataUrl: src.data_url, originalUrl: src.original_url, pcOrH5Status: src.pc_or_h5_status, dataSort: 5,
      });
      expect400(await createChart(lina, { chartId: src.id, dataName: "x", dataUrl: "/x" }), "chartId", "unique");
      await t.sql.query("UPDATE bsc_chart SET data_name = 'Renamed 改名' WHERE id = $1", [src.id]);
      expect((await charts(lina))[0].dataName).toBe("Renamed 改名");
      await t.sql.query("UPDATE bsc_chart SET status = 0 WHERE id = $1", [src.id]);
      expect((await charts(lina)).map((c) => c.id)).not.toContain(newId);
    } finally {
      await t.sql.query("UPDATE bsc_chart SET data_name = $2, status = 1 WHERE id = $1", [src.id, src.data_name]);
      await deleteChart(lina, newId);
    }
  });

  it("an off-shelf or unknown data source is 404; nothing is written", async () => {
    const src = await onShelfSource(id.lina);
    await t.sql.query("UPDATE bsc_chart SET status = 0 WHERE id = $1", [src.id]);
    try {
      expect404(await createChart(lina, { chartId: src.id, dataName: "x", dataUrl: "/x" }));
    } finally {
      await t.sql.query("UPDATE bsc_chart SET status = 1 WHERE id = $1", [src.id]);
    }
    expect404(await createChart(lina, { chartId: 999999, dataName: "x", dataUrl: "/x" }));
    expect(await count("personal_chart", id.lina)).toBe(1);
  });

  it("refuses unsafe addresses and bad fields (400), writing nothing", async () => {
    const base = { dataName: "R", dataUrl: "https://r.example.com" };
    for (const dataUrl of ["javascript:alert(1)", "data:text/html,<script>x</script>", "file:///etc/passwd", " https://r.example.com"]) expect400(await createChart(lina, { ...base, dataUrl }));
    for (const dataUrl of ["//evil.example.com", "/\\evil.example.com", "https://r.example.com/a b", "https://"]) expect400(await createChart(lina, { ...base, dataUrl }), "dataUrl", "url");
    expect400(await createChart(lina, { ...base, originalUrl: "javascript:alert(1)" }));
    expect400(await createChart(lina, { ...base, originalUrl: "//evil.example.com" }), "originalUrl", "url");
    expect400(await createChart(lina, { ...base, dataName: "" }));
    expect400(await createChart(lina, { dataName: "R" }));
    expect400(await createChart(lina, { ...base, pcOrH5Status: 3 }));
    expect400(await createChart(lina, { ...base, dataSort: -1 }));
    expect400(await createChart(lina, { ...base, extra: 1 }));
    expect(await count("personal_chart", id.lina)).toBe(1);
  });

  it("userId: someone else's is 403 for staff; an administrator may add for another user; an unknown user is 404", async () => {
    const base = { dataName: "R", dataUrl: "/demo-reports/headcount.html" };
    const res = await createChart(lina, { ...base, userId: id.zhangwei });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(FORBIDDEN);
    expect(await count("personal_chart", id.zhangwei)).toBe(3);
    const asAdmin = await createChart(admin, { ...base, userId: id.lina });
    expect(asAdmin.statusCode).toBe(200);
    expect((await charts(lina)).map((c) => c.id)).toContain(asAdmin.json().data);
    expect404(await deleteChart(admin, asAdmin.json().data));
    expect((await deleteChart(lina, asAdmin.json().data)).statusCode).toBe(200);
    expect404(await createChart(admin, { ...base, userId: 999999 }));
    expect((await t.call("POST", "/personalChart", { body: base })).statusCode).toBe(401);
  });

  it("updates a report added by URL; a picked report only changes its dataSort (400 otherwise)", async () => {
    const newId = (await createChart(lina, { dataName: "R", dataUrl: "https://r.example.com" })).json().data;
    try {
      const res = await updateChart(lina, { id: newId, dataName: "R2", originalUrl: "/x", pcOrH5Status: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toBe(newId);
      expect((await charts(lina)).find((c) => c.id === newId)).toMatchObject({ dataName: "R2", dataUrl: "https://r.example.com", originalUrl: "/x", pcOrH5Status: 2 });
      expect400(await updateChart(lina, { id: newId, dataUrl: "javascript:alert(1)" }));
      expect400(await updateChart(lina, { id: newId, dataUrl: "//evil.example.com" }), "dataUrl", "url");
      expect((await charts(lina)).find((c) => c.id === newId).dataUrl).toBe("https://r.example.com");
    } finally {
      await deleteChart(lina, newId);
    }
    const [picked] = await charts(lina);
    for (const f of [{ dataName: "x" }, { dataUrl: "/x" }, { originalUrl: null }, { pcOrH5Status: 0 }])
      expect400(await updateChart(lina, { id: picked.id, ...f }), Object.keys(f)[0], "catalogueChart");
    const { id: _id, userId: _u, chartId: _c, dataSort: _s, ...shown } = picked;
    expect((await updateChart(lina, { id: picked.id, ...shown, dataSort: 3 })).statusCode).toBe(200);
    expect((await charts(lina))[0].dataSort).toBe(3);
    await updateChart(lina, { id: picked.id, dataSort: picked.dataSort });
  });

  it("someone else's or an unknown report id is 404 (administrators too) and nothing changes", async () => {
    const his = await charts(staff);
    expect404(await updateChart(lina, { id: his[0].id, dataSort: 1 }));
    expect404(await updateChart(admin, { id: his[0].id, dataSort: 1 }));
    expect404(await updateChart(lina, { id: 999999, dataSort: 1 }));
    expect404(await deleteChart(lina, his[0].id));
    expect404(await batchCharts(lina, [{ id: his[0].id, dataSort: 1 }]));
    expect(await charts(staff)).toEqual(his);
    expect400(await deleteChart(lina, 0));
  });

  it("updateBatchById reorders the caller's reports all or nothing", async () => {
    const before = await charts(staff);
    expect(before).toHaveLength(3);
    const [a, b, c] = before;
    try {
      const res = await batchCharts(staff, [{ id: a.id, dataSort: 30 }, { id: b.id, dataSort: 20 }, { id: c.id, dataSort: 10 }]);
      expect(res.statusCode).toBe(200);
      expect((await charts(staff)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
      // One bad item: nothing changes.
      expect400(await batchCharts(staff, [{ id: a.id, dataSort: 1 }, { id: b.id, dataName: "x" }]), "1.dataName", "catalogueChart");
      expect400(await batchCharts(staff, [{ id: a.id, dataSort: 1 }, { id: a.id, dataSort: 2 }]), "1.id", "unique");
      expect400(await batchCharts(staff, [{ id: a.id, originalUrl: "https://x.example.com" }]), "0.originalUrl", "catalogueChart");
      expect404(await batchCharts(staff, [{ id: a.id, dataSort: 1 }, { id: 999999, dataSort: 2 }]));
      expect((await charts(staff)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
      expect400(await batchCharts(staff, []));
      expect400(await batchCharts(staff, Array.from({ length: 101 }, (_, i) => ({ id: i + 1 }))));
    } finally {
      await batchCharts(staff, before.map((x) => ({ id: x.id, dataSort: x.dataSort })));
    }
    expect(await charts(staff)).toEqual(before);
  });

  it(`holds at most ${MAX_PERSONAL_CHARTS} reports per user`, async () => {
    const room = MAX_PERSONAL_CHARTS - (await count("personal_chart", id.lina));
    await t.sql.query(
      "INSERT INTO personal_chart (user_id, data_name, data_url, data_sort) SELECT $1, 'Filler ' || g, '/demo-reports/headcount.html', 1000 + g FROM generate_series(1, $2) g",
      [id.lina, room],
    );
    try {
      expect400(await createChart(lina, { dataName: "R", dataUrl: "/x" }), "chartId", "maxCharts");
      expect(await count("personal_chart", id.lina)).toBe(MAX_PERSONAL_CHARTS);
    } finally {
      await t.sql.query("DELETE FROM personal_chart WHERE user_id = $1 AND data_name LIKE 'Filler %'", [id.lina]);
    }
  });
});

// ------------------------------------------------------------------------------ departments

describe("departments (sysDeptInfo)", () => {
  const list = async (body?: unknown) => {
    const res = await t.call("POST", "/sysDeptInfo/list", { sid: lina, body });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; deptName: string; parentId: number | null }[];
  };
  const deptId = async (en: string) => (await t.sql.query("SELECT id FROM sys_dept WHERE dept_name LIKE $1", [`% ${en}`])).rows[0].id as number;

  it("lists every department ordered by name, with parentId; filters by part of the name and by parent", async () => {
    const all = await list({});
    expect(all).toHaveLength(9);
    const names = (await t.sql.query("SELECT dept_name FROM sys_dept ORDER BY dept_name, id")).rows.map((r) => r.dept_name);
    expect(all.map((d) => d.deptName)).toEqual(names);
    expect(all.filter((d) => d.parentId === null).map((d) => d.deptName)).toEqual(["总部 Head Office"]);
    expect(await list()).toEqual(all);
    expect((await list({ deptName: "sales" })).map((d) => d.deptName)).toEqual(["销售部 Sales"]);
    expect((await list({ deptName: "事务" })).map((d) => d.deptName)).toEqual(["法规事务部 Regulatory Affairs"]);
    expect(await list({ deptName: "   " })).toEqual(all);
    expect(await list({ deptName: "%" })).toEqual([]);
    expect(await list({ deptName: "_" })).toEqual([]);
    const hq = await deptId("Head Office");
    const children = await list({ parentId: hq });
    expect(children).toHaveLength(7);
    expect(children.every((d) => d.parentId === hq)).toBe(true);
    expect((await list({ parentId: await deptId("Sales") })).map((d) => d.deptName)).toEqual(["心血管事业部 Cardiology"]);
    expect(await list({ parentId: hq, deptName: "R&D" })).toHaveLength(1);
    expect(await list({ parentId: 999999 })).toEqual([]);
  });

  it("refuses bad filters (400) and needs a session", async () => {
    expect400(await t.call("POST", "/sysDeptInfo/list", { sid: lina, body: { deptName: "x".repeat(101) } }));
    expect400(await t.call("POST", "/sysDeptInfo/list", { sid: lina, body: { parentId: 0 } }));
    expect400(await t.call("POST", "/sysDeptInfo/list", { sid: lina, body: { name: "x" } }));
    expect((await t.call("POST", "/sysDeptInfo/list", { body: {} })).statusCode).toBe(401);
  });

  it("getDeptUserList: the enabled users of exactly that department, by realName", async () => {
    const users = async (dept: number) => {
      const res = await t.call("GET", "/sysDeptInfo/getDeptUserList", { sid: lina, query: { deptId: dept } });
      expect(res.statusCode).toBe(200);
      return res.json().data as any[];
    };
    const cardiology = await deptId("Cardiology");
    expect(await users(cardiology)).toEqual([{ id: id.zhangwei, userName: "zhangwei", realName: "张伟" }]);
    // Not the sub-departments' users.
    expect(await users(await deptId("Sales"))).toEqual([]);
    const quality = await deptId("Quality");
    const { rows } = await t.sql.query(
      `INSERT INTO sys_user (user_name, real_name, password_hash, status, dept_id) VALUES
       ('qa_b', 'B Tester', 'x', 1, $1), ('qa_a', 'A Tester', 'x', 1, $1), ('qa_off', 'Aa Disabled', 'x', 0, $1) RETURNING id, user_name`,
      [quality],
    );
    try {
      const got = await users(quality);
      expect(got.map((u) => u.userName).sort()).toEqual(["lina", "qa_a", "qa_b"]);
      const byName = (await t.sql.query("SELECT user_name FROM sys_user WHERE dept_id = $1 AND status = 1 ORDER BY real_name, id", [quality])).rows.map((r) => r.user_name);
      expect(got.map((u) => u.userName)).toEqual(byName);
      expect(got.findIndex((u) => u.userName === "qa_a")).toBeLessThan(got.findIndex((u) => u.userName === "qa_b"));
      expect(got.map((u) => u.userName)).not.toContain("qa_off");
      for (const u of got) expect(Object.keys(u).sort()).toEqual(["id", "realName", "userName"]);
    } finally {
      await t.sql.query("DELETE FROM sys_user WHERE id = ANY($1)", [rows.map((r) => r.id)]);
    }
  });

  it("getDeptUserList: an unknown department is 404, a missing or bad deptId 400, no session 401", async () => {
    expect404(await t.call("GET", "/sysDeptInfo/getDeptUserList", { sid: lina, query: { deptId: 999999 } }));
    expect400(await t.call("GET", "/sysDeptInfo/getDeptUserList", { sid: lina }));
    expect400(await t.call("GET", "/sysDeptInfo/getDeptUserList", { sid: lina, query: { deptId: "x" } }));
    expect((await t.call("GET", "/sysDeptInfo/getDeptUserList", { query: { deptId: 1 } })).statusCode).toBe(401);
  });
});
