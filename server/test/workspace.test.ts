import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { formatLocalDate } from "../src/handlers/tasks/tasks.ts";
import { byDay, parseLocalDateTime } from "../src/handlers/workspace/workspace.ts";
import { formatDateTime } from "../src/lib/time.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { b64, fullySigned, idpKey, optionsFor, startSignOn } from "./samlFixtures.ts";

let t: TestApp;
let staff: string; // zhangwei
let lina: string;
let admin: string;
const id: Record<string, number> = {};
/** The moment the demo seed ran (its calendar is placed around it). */
let seededAt: Date;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina], ["admin", admin]] as const)
    id[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
  const { rows } = await t.sql.query("SELECT value FROM sys_meta WHERE key = 'demoSeed'");
  seededAt = new Date(rows[0].value);
});
afterAll(() => t.close());

const NO_SESSION = { code: 4004, data: null };
const FORBIDDEN = { code: 4003, data: null, resultEnMessage: "No permission" };
const expect400 = (res: { statusCode: number; json(): any }) => {
  expect([res.statusCode, res.json().code]).toEqual([400, 400]);
  return res.json();
};

// ------------------------------------------------------------------------------------ layout

const card = (modelCode: string, o: Record<string, unknown> = {}) => ({
  modelCode, modelAbscissaLength: 300, modelOrdinateLength: 200, modelTopMargin: 0, modelLeftMargin: 0, isDeleted: 0, ...o,
});
const listLayout = async (sid: string, query: Record<string, string | number> = {}) => {
  const res = await t.call("GET", "/personalLayout/listByUserId", { sid, query });
  expect(res.statusCode).toBe(200);
  return res.json().data as any[];
};
const saveLayout = (sid: string, body: unknown) => t.call("POST", "/personalLayout/saveBatch", { sid, body });
const updateLayout = (sid: string, body: unknown) => t.call("PUT", "/personalLayout/updateBatchById", { sid, body });
const deleteLayout = (sid: string, body: unknown) => t.call("DELETE", "/personalLayout/deleteBatch", { sid, body });
const layoutRows = async (userId: number) =>
  (await t.sql.query("SELECT * FROM personal_layout WHERE user_id = $1 ORDER BY id", [userId])).rows;

describe("default layout (GET /bscDefaultLayout)", () => {
  it("answers the four cards of spec 9 in px, all shown, ready to post to saveBatch", async () => {
    const res = await t.call("GET", "/bscDefaultLayout", { sid: staff });
    expect(res.statusCode).toBe(200);
    const cards = res.json().data;
    expect(cards).toHaveLength(4);
    const by = Object.fromEntries(cards.map((c: any) => [c.modelCode, c]));
    expect(by.chart_model).toMatchObject({ modelAbscissaLength: 785, modelOrdinateLength: 350, modelLeftMargin: 820, modelTopMargin: 10, isDeleted: 0 });
    expect(by.calendar_model).toMatchObject({ modelAbscissaLength: 380, modelOrdinateLength: 350, modelLeftMargin: 0, modelTopMargin: 10, isDeleted: 0 });
    expect(by.task_model).toMatchObject({ modelAbscissaLength: 785, modelOrdinateLength: 250, modelLeftMargin: 0, modelTopMargin: 370, isDeleted: 0 });
    expect(by.app_model).toMatchObject({ modelAbscissaLength: 380, modelOrdinateLength: 350, modelLeftMargin: 400, modelTopMargin: 10, isDeleted: 0 });
    for (const c of cards) expect(Object.keys(c).sort()).toEqual(["isDeleted", "modelAbscissaLength", "modelCode", "modelLeftMargin", "modelOrdinateLength", "modelTopMargin", "modelZoom"]);
  });

  it("needs a session (401, code 4004)", async () => {
    const res = await t.call("GET", "/bscDefaultLayout");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(NO_SESSION);
  });
});

describe("personal layout: save, list, update, delete", () => {
  it("starts empty, saves the default layout in bulk and lists it by modelZoom", async () => {
    expect(await listLayout(staff)).toEqual([]);
    const defaults = (await t.call("GET", "/bscDefaultLayout", { sid: staff })).json().data;
    const res = await saveLayout(staff, [...defaults].reverse());
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    // Answered in the order of the request, with ids, the defaults lg and 1, the caller's userId.
    expect(saved.map((c: any) => c.modelCode)).toEqual([...defaults].reverse().map((c: any) => c.modelCode));
    for (const c of saved) expect(c).toMatchObject({ userId: id.zhangwei, breakpoint: "lg", layoutVersion: 1, id: expect.any(Number) });
    const listed = await listLayout(staff);
    expect(listed.map((c: any) => c.modelCode)).toEqual(["calendar_model", "app_model", "chart_model", "task_model"]);
    expect(listed.find((c: any) => c.modelCode === "chart_model")).toMatchObject({ modelAbscissaLength: 785, modelOrdinateLength: 350, modelLeftMargin: 820, modelTopMargin: 10 });
    expect(listed.map((c: any) => c.id).sort()).toEqual(saved.map((c: any) => c.id).sort());
  });

  it("keeps one arrangement per breakpoint; breakpoint narrows the list; lists order by breakpoint then modelZoom", async () => {
    const md = await saveLayout(staff, [
      card("task_model", { breakpoint: "md", modelZoom: 1, layoutVersion: 2 }),
      card("chart_model", { breakpoint: "md", modelZoom: 0, layoutVersion: 2, isDeleted: 1 }),
    ]);
    expect(md.statusCode).toBe(200);
    const onlyMd = await listLayout(staff, { breakpoint: "md" });
    expect(onlyMd.map((c: any) => [c.modelCode, c.breakpoint, c.layoutVersion, c.isDeleted])).toEqual([
      ["chart_model", "md", 2, 1],
      ["task_model", "md", 2, 0],
    ]);
    const all = await listLayout(staff);
    expect(all.map((c: any) => c.breakpoint)).toEqual(["lg", "lg", "lg", "lg", "md", "md"]);
    expect((await listLayout(staff, { breakpoint: "sm" }))).toEqual([]);
    // The wide monitor has an arrangement of its own too (issue 21: phone, laptop, wide).
    expect((await saveLayout(staff, [card("task_model", { breakpoint: "xl", layoutVersion: 2 })])).statusCode).toBe(200);
    expect((await listLayout(staff, { breakpoint: "xl" })).map((c: any) => [c.modelCode, c.breakpoint])).toEqual([["task_model", "xl"]]);
    expect((await listLayout(staff)).map((c: any) => c.breakpoint)).toEqual(["lg", "lg", "lg", "lg", "md", "md", "xl"]);
    const [wide] = await listLayout(staff, { breakpoint: "xl" });
    expect((await deleteLayout(staff, [wide.id])).statusCode).toBe(200);
  });

  it("a saved card of the same modelCode and breakpoint is replaced, keeping its id", async () => {
    const before = (await listLayout(staff, { breakpoint: "lg" })).find((c: any) => c.modelCode === "app_model");
    const res = await saveLayout(staff, [card("app_model", { modelAbscissaLength: 444, modelTopMargin: 77, modelZoom: 9 })]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ id: before.id, modelAbscissaLength: 444, modelTopMargin: 77, modelZoom: 9, breakpoint: "lg" });
    const rows = await layoutRows(id.zhangwei);
    expect(rows).toHaveLength(6);
    expect(rows.find((r: any) => r.id === before.id)).toMatchObject({ model_abscissa_length: 444, model_top_margin: 77 });
  });

  it("refuses two cards of one modelCode and breakpoint in a request (400), saving none", async () => {
    const before = await layoutRows(id.zhangwei);
    const body = expect400(await saveLayout(staff, [card("calendar_model", { breakpoint: "sm" }), card("app_model", { breakpoint: "sm" }), card("calendar_model", { breakpoint: "sm" })]));
    expect(body.errors[0]).toMatchObject({ field: "2.modelCode", rule: "uniqueCard" });
    expect(await layoutRows(id.zhangwei)).toEqual(before);
    // The same modelCode on two breakpoints is fine.
    expect((await saveLayout(staff, [card("calendar_model", { breakpoint: "sm" }), card("calendar_model", { breakpoint: "md" })])).statusCode).toBe(200);
  });

  it("updates many cards at once: only the fields sent change", async () => {
    const [a, b] = await listLayout(staff, { breakpoint: "lg" });
    const res = await updateLayout(staff, [
      { id: a.id, modelLeftMargin: 5, modelZoom: 3 },
      { id: b.id, isDeleted: 1, modelOrdinateLength: 123 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { ...a, modelLeftMargin: 5, modelZoom: 3 },
      { ...b, isDeleted: 1, modelOrdinateLength: 123 },
    ]);
    const now = await listLayout(staff, { breakpoint: "lg" });
    expect(now.find((c: any) => c.id === a.id)).toEqual({ ...a, modelLeftMargin: 5, modelZoom: 3 });
    expect(now.find((c: any) => c.id === b.id)).toEqual({ ...b, isDeleted: 1, modelOrdinateLength: 123 });
  });

  it("update is all or nothing: one unknown id is 404 and nothing changes", async () => {
    const before = await layoutRows(id.zhangwei);
    const res = await updateLayout(staff, [{ id: before[0].id, modelLeftMargin: 999 }, { id: 2_000_000, modelLeftMargin: 1 }]);
    expect([res.statusCode, res.json().code]).toEqual([404, 404]);
    expect(await layoutRows(id.zhangwei)).toEqual(before);
  });

  it("update refuses to move a card onto the modelCode and breakpoint of another (400)", async () => {
    const lg = await listLayout(staff, { breakpoint: "lg" });
    const before = await layoutRows(id.zhangwei);
    const body = expect400(await updateLayout(staff, [{ id: lg[0].id, modelCode: lg[1].modelCode }]));
    expect(body.errors[0]).toMatchObject({ rule: "uniqueCard" });
    expect(await layoutRows(id.zhangwei)).toEqual(before);
  });

  it("another user's card ids are 404 for update and delete, and neither user's cards change", async () => {
    expect((await saveLayout(lina, [card("task_model"), card("app_model")])).statusCode).toBe(200);
    const linaBefore = await layoutRows(id.lina);
    const mineBefore = await layoutRows(id.zhangwei);
    const upd = await updateLayout(staff, [{ id: mineBefore[0].id, modelTopMargin: 1 }, { id: linaBefore[0].id, modelTopMargin: 1 }]);
    expect([upd.statusCode, upd.json().code]).toEqual([404, 404]);
    const del = await deleteLayout(staff, [mineBefore[0].id, linaBefore[1].id]);
    expect([del.statusCode, del.json().code]).toEqual([404, 404]);
    expect(await layoutRows(id.lina)).toEqual(linaBefore);
    expect(await layoutRows(id.zhangwei)).toEqual(mineBefore);
    // Even an administrator's delete is limited to the caller's own cards.
    expect((await deleteLayout(admin, [linaBefore[0].id])).statusCode).toBe(404);
    expect(await layoutRows(id.lina)).toEqual(linaBefore);
  });

  it("deletes the caller's cards in one go", async () => {
    const mine = await layoutRows(id.zhangwei);
    const md = mine.filter((r: any) => r.breakpoint === "md").map((r: any) => r.id);
    expect(md.length).toBeGreaterThan(0);
    const res = await deleteLayout(staff, md);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: null });
    expect(await listLayout(staff, { breakpoint: "md" })).toEqual([]);
    expect((await layoutRows(id.zhangwei)).length).toBe(mine.length - md.length);
    // Gone: deleting again is 404.
    expect((await deleteLayout(staff, md)).statusCode).toBe(404);
  });

  it("userId of someone else: 403 (code 4003) for staff, allowed for an administrator", async () => {
    const other = await t.call("GET", "/personalLayout/listByUserId", { sid: staff, query: { userId: id.lina } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject(FORBIDDEN);
    const linaBefore = await layoutRows(id.lina);
    expect((await saveLayout(staff, [card("chart_model", { userId: id.lina })])).statusCode).toBe(403);
    expect((await updateLayout(staff, [{ id: linaBefore[0].id, userId: id.lina, modelTopMargin: 3 }])).statusCode).toBe(403);
    expect(await layoutRows(id.lina)).toEqual(linaBefore);
    // Naming oneself is fine.
    expect((await t.call("GET", "/personalLayout/listByUserId", { sid: staff, query: { userId: id.zhangwei } })).statusCode).toBe(200);

    const asAdmin = await listLayout(admin, { userId: id.lina });
    expect(asAdmin.map((c: any) => c.id).sort()).toEqual(linaBefore.map((r: any) => r.id).sort());
    const saved = await saveLayout(admin, [card("chart_model", { userId: id.lina })]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0].userId).toBe(id.lina);
    const upd = await updateLayout(admin, [{ id: linaBefore[0].id, userId: id.lina, modelTopMargin: 3 }]);
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data[0]).toMatchObject({ id: linaBefore[0].id, userId: id.lina, modelTopMargin: 3 });
    // Without userId the card must be the administrator's own.
    expect((await updateLayout(admin, [{ id: linaBefore[0].id, modelTopMargin: 4 }])).statusCode).toBe(404);
    // A userId that is nobody's: 404, nothing written.
    expect((await saveLayout(admin, [card("chart_model", { userId: 1_999_999 })])).statusCode).toBe(404);
  });

  it("needs a session (401, code 4004)", async () => {
    for (const res of [
      await t.call("GET", "/personalLayout/listByUserId"),
      await saveLayout("", [card("task_model")]),
      await updateLayout("", [{ id: 1, modelTopMargin: 1 }]),
      await deleteLayout("", [1]),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(NO_SESSION);
    }
  });

  it("refuses invalid bodies with 400 and writes nothing", async () => {
    const before = await layoutRows(id.zhangwei);
    const twentyOne = Array.from({ length: 21 }, (_, i) => card("task_model", { breakpoint: ["lg", "md", "sm"][i % 3] }));
    for (const [body, rule] of [
      [[card("weather_model")], "enum"],
      [[card("task_model", { modelAbscissaLength: 0 })], "minimum"],
      [[card("task_model", { modelTopMargin: -1 })], "minimum"],
      [twentyOne, "maxItems"],
      [[], "minItems"],
      [[card("task_model", { id: 5 })], "additionalProperties"],
      [[{ modelCode: "task_model" }], "required"],
      [[card("task_model", { breakpoint: "xxl" })], "enum"],
    ] as const) {
      const res = expect400(await saveLayout(staff, body));
      expect([JSON.stringify(body).slice(0, 60), res.errors[0].rule]).toEqual([JSON.stringify(body).slice(0, 60), rule]);
    }
    expect400(await updateLayout(staff, [{ modelTopMargin: 1 }]));
    expect400(await updateLayout(staff, [{ id: before[0].id, color: "red" }]));
    expect400(await updateLayout(staff, [{ id: before[0].id, modelOrdinateLength: 0 }]));
    expect400(await updateLayout(staff, [{ id: before[0].id }, { id: before[0].id }]));
    expect400(await deleteLayout(staff, []));
    expect400(await deleteLayout(staff, [before[0].id, before[0].id]));
    expect400(await t.call("GET", "/personalLayout/listByUserId", { sid: staff, query: { breakpoint: "xxl" } }));
    expect(await layoutRows(id.zhangwei)).toEqual(before);
  });
});

// -------------------------------------------------------------------------------------- apps

const apps = async (sid: string, query: Record<string, string | number> = {}) => {
  const res = await t.call("GET", "/personalApp/listByUserId", { sid, query });
  expect(res.statusCode).toBe(200);
  return res.json().data as any[];
};
const widgetApps = async (sid: string, query: Record<string, string | number> = { pcOrH5Status: 2 }) => {
  const res = await t.call("GET", "/personalApp/listWidgetApp", { sid, query });
  expect(res.statusCode).toBe(200);
  return res.json().data as any[];
};
/** Favourites first, then appSort, then id. */
const inListOrder = (list: any[]) =>
  [...list].sort((a, b) => b.favoriteStatus - a.favoriteStatus || a.appSort - b.appSort || a.id - b.id).map((a) => a.id);

describe("my apps (listByUserId, listWidgetApp)", () => {
  it("lists the user's 18 apps, favourites first, then appSort", async () => {
    const list = await apps(staff);
    expect(list).toHaveLength(18);
    expect(list.map((a) => a.id)).toEqual(inListOrder(list));
    expect(list.filter((a) => a.favoriteStatus === 1).length).toBeGreaterThanOrEqual(2);
    expect(list[0].favoriteStatus).toBe(1);
    for (const a of list) {
      expect(a).toMatchObject({ userId: id.zhangwei, appName: expect.any(String), appUrl: expect.stringMatching(/^https:\/\/[a-z-]+\.example\.com/) });
      expect(a.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // Picked from the catalogue, or added by hand.
    expect(list.filter((a) => a.diyStatus === 1).every((a) => a.appId === null)).toBe(true);
    expect(list.some((a) => a.diyStatus === 1)).toBe(true);
    expect((await apps(lina)).length).toBe(3);
    expect((await apps(admin)).length).toBe(6);
  });

  it("the widget answers the first 15 in the same order, only the widget's fields, a missing icon as null", async () => {
    const all = await apps(staff, { pcOrH5Status: 2 });
    const widget = await widgetApps(staff);
    expect(widget).toHaveLength(15);
    expect(widget.map((a) => a.id)).toEqual(all.slice(0, 15).map((a) => a.id));
    for (const a of widget) expect(Object.keys(a).sort()).toEqual(["appIconUrl", "appName", "appUrl", "id"]);
    const noIcon = widget.filter((a) => a.appIconUrl === null);
    expect(noIcon.length).toBeGreaterThan(0);
    expect(widget.filter((a) => a.appIconUrl !== null).every((a) => /^\/app-icons\/[a-z-]+\.svg$/.test(a.appIconUrl))).toBe(true);
    // Without a device filter, too.
    expect((await widgetApps(staff, {})).map((a) => a.id)).toEqual(widget.map((a) => a.id));
    // Fewer than 15: all of them.
    expect((await widgetApps(lina)).length).toBe(3);
  });

  it("a starred app moves first; the order follows appSort", async () => {
    const list = await apps(staff);
    const last = list[list.length - 1];
    await t.sql.query("UPDATE personal_app SET favorite_status = 1, app_sort = 0 WHERE id = $1", [last.id]);
    try {
      expect((await widgetApps(staff))[0].id).toBe(last.id);
      expect((await apps(staff))[0].id).toBe(last.id);
    } finally {
      await t.sql.query("UPDATE personal_app SET favorite_status = $2, app_sort = $3 WHERE id = $1", [last.id, last.favoriteStatus, last.appSort]);
    }
  });

  it("pcOrH5Status narrows to a device; rows for both devices (0) always come along", async () => {
    const { rows } = await t.sql.query(
      "INSERT INTO personal_app (user_id, app_name, app_url, app_sort, diy_status, pc_or_h5_status, favorite_status) VALUES ($1, 'H5 only', 'https://m.example.com', 1, 1, 1, 1) RETURNING id",
      [id.lina],
    );
    const h5 = rows[0].id;
    try {
      const marks = Object.fromEntries((await apps(lina)).map((a) => [a.id, a.pcOrH5Status]));
      expect(Object.keys(marks)).toHaveLength(4);
      const pc = await apps(lina, { pcOrH5Status: 2 });
      expect(pc.map((a) => a.id)).not.toContain(h5);
      expect(pc.every((a) => a.pcOrH5Status === 0 || a.pcOrH5Status === 2)).toBe(true);
      const mobile = await apps(lina, { pcOrH5Status: 1 });
      expect(mobile[0].id).toBe(h5);
      expect(mobile.every((a) => a.pcOrH5Status === 0 || a.pcOrH5Status === 1)).toBe(true);
      expect(mobile.length).toBe(1 + Object.values(marks).filter((m) => m === 0).length);
      expect((await apps(lina, { pcOrH5Status: 0 })).every((a) => a.pcOrH5Status === 0)).toBe(true);
      expect((await widgetApps(lina)).map((a) => a.id)).not.toContain(h5);
      expect((await widgetApps(lina, { pcOrH5Status: 1 }))[0].id).toBe(h5);
    } finally {
      await t.sql.query("DELETE FROM personal_app WHERE id = $1", [h5]);
    }
  });

  it("an app whose catalogue app is off shelf is not listed", async () => {
    const widget = await widgetApps(staff);
    const first = (await apps(staff)).find((a) => a.appId !== null && widget.some((w) => w.id === a.id))!;
    await t.sql.query("UPDATE bsc_app SET status = 0 WHERE id = $1", [first.appId]);
    try {
      const list = await apps(staff);
      expect(list).toHaveLength(17);
      expect(list.map((a) => a.id)).not.toContain(first.id);
      const w = await widgetApps(staff);
      expect(w).toHaveLength(15);
      expect(w.map((a) => a.id)).not.toContain(first.id);
    } finally {
      await t.sql.query("UPDATE bsc_app SET status = 1 WHERE id = $1", [first.appId]);
    }
    // The demo catalogue's own off-shelf app is nobody's visible app.
    const { rows } = await t.sql.query("SELECT id FROM bsc_app WHERE status = 0");
    expect(rows).toHaveLength(1);
    expect((await apps(admin, { userId: id.zhangwei })).every((a) => a.appId !== rows[0].id)).toBe(true);
  });

  it("userId: someone else's is 403 for staff and allowed for an administrator; no session is 401", async () => {
    for (const url of ["/personalApp/listByUserId", "/personalApp/listWidgetApp"]) {
      const res = await t.call("GET", url, { sid: lina, query: { userId: id.zhangwei } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(FORBIDDEN);
      const asAdmin = await t.call("GET", url, { sid: admin, query: { userId: id.zhangwei } });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().data.length).toBe(url.includes("Widget") ? 15 : 18);
      const none = await t.call("GET", url);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject(NO_SESSION);
      expect400(await t.call("GET", url, { sid: staff, query: { pcOrH5Status: 3 } }));
    }
  });
});

// ------------------------------------------------------------------------------------ charts

describe("my data (personalChart/listByUserId)", () => {
  const charts = async (sid: string, query: Record<string, string | number> = { pcOrH5Status: 2 }) => {
    const res = await t.call("GET", "/personalChart/listByUserId", { sid, query });
    expect(res.statusCode).toBe(200);
    return res.json().data as any[];
  };

  it("answers the user's reports by dataSort: zhangwei 3, lina 1, admin 11", async () => {
    const mine = await charts(staff);
    expect(mine).toHaveLength(3);
    expect(mine.map((c) => c.dataSort)).toEqual([...mine.map((c) => c.dataSort)].sort((a, b) => a - b));
    for (const c of mine) {
      expect(c).toMatchObject({ userId: id.zhangwei, dataUrl: expect.stringMatching(/^\/demo-reports\/[a-z-]+\.html$/), chartId: expect.any(Number) });
      expect([0, 2]).toContain(c.pcOrH5Status);
      expect(Object.keys(c).sort()).toEqual(["chartId", "dataName", "dataSort", "dataUrl", "id", "originalUrl", "pcOrH5Status", "userId"]);
    }
    expect(await charts(lina)).toHaveLength(1);
    expect(await charts(admin)).toHaveLength(11);
    expect(await charts(admin, {})).toHaveLength(11);
  });

  it("follows dataSort, hides a report whose data source is off shelf, checks userId", async () => {
    const [a, b] = await charts(staff);
    await t.sql.query("UPDATE personal_chart SET data_sort = 1000 WHERE id = $1", [a.id]);
    try {
      expect((await charts(staff)).map((c) => c.id)).toEqual([b.id, expect.any(Number), a.id]);
    } finally {
      await t.sql.query("UPDATE personal_chart SET data_sort = $2 WHERE id = $1", [a.id, a.dataSort]);
    }
    await t.sql.query("UPDATE bsc_chart SET status = 0 WHERE id = $1", [b.chartId]);
    try {
      expect((await charts(staff)).map((c) => c.id)).not.toContain(b.id);
    } finally {
      await t.sql.query("UPDATE bsc_chart SET status = 1 WHERE id = $1", [b.chartId]);
    }
    expect((await t.call("GET", "/personalChart/listByUserId", { sid: staff, query: { userId: id.admin } })).statusCode).toBe(403);
    expect(await charts(admin, { userId: id.zhangwei, pcOrH5Status: 2 })).toHaveLength(3);
    expect((await t.call("GET", "/personalChart/listByUserId")).statusCode).toBe(401);
  });
});

describe("demo files", () => {
  it("every seeded icon and report exists under public/, and reports load nothing from elsewhere", async () => {
    const pub = path.resolve("public");
    const icons = (await t.sql.query("SELECT app_icon_url FROM bsc_app")).rows.map((r: any) => r.app_icon_url);
    expect(icons.filter((u: string | null) => u === null)).toHaveLength(2);
    for (const u of icons.filter(Boolean)) {
      const svg = fs.readFileSync(path.join(pub, u), "utf8");
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.length).toBeLessThan(2000);
    }
    const reports = (await t.sql.query("SELECT data_url FROM bsc_chart")).rows.map((r: any) => r.data_url);
    expect(reports.length).toBeGreaterThanOrEqual(10);
    const bodies = new Set<string>();
    for (const u of reports) {
      const html = fs.readFileSync(path.join(pub, u), "utf8");
      expect(html).toContain("<svg");
      expect(html).not.toMatch(/(src|href)\s*=|@import|url\(|<script/i);
      bodies.add(html);
    }
    expect(bodies.size).toBe(reports.length);
  });
});

// ---------------------------------------------------------------------------------- calendar

const dayStart = (d: Date, plus = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + plus);
const at = (d: Date, h: number, m = 0, s = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, m, s);
const calendar = (sid: string, startTime: string, endTime: string, userId?: number) =>
  t.call("POST", "/personalCalendar/listCalendar", { sid, body: { startTime, endTime, ...(userId ? { userId } : {}) } });
/** The day's 00:00:00 to the last day's 23:59:59 (what the schedule sends). */
const days = (first: Date, last: Date = first) => [formatDateTime(at(first, 0))!, formatDateTime(at(last, 23, 59, 59))!] as const;

describe("calendar (personalCalendar/listCalendar)", () => {
  it("on the seed day zhangwei has at least two entries; the one past midnight is on both days", async () => {
    const seedDay = dayStart(seededAt);
    const next = dayStart(seededAt, 1);
    const res = await calendar(staff, ...days(seedDay, next));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const today = data[formatLocalDate(seedDay)];
    expect(today.length).toBeGreaterThanOrEqual(2);
    const spanning = today.filter((e: any) => e.calendarEndTime.slice(0, 10) === formatLocalDate(next));
    expect(spanning).toHaveLength(1);
    expect(data[formatLocalDate(next)].map((e: any) => e.id)).toContain(spanning[0].id);
    // The next day asked alone has it too, first (it started the evening before).
    const alone = (await calendar(staff, ...days(next))).json().data[formatLocalDate(next)];
    expect(alone[0]).toEqual(spanning[0]);
    // Each day ordered by start time; every entry has the contract's shape.
    for (const list of Object.values<any[]>(data)) {
      expect(list.map((e) => e.calendarStartTime)).toEqual([...list.map((e) => e.calendarStartTime)].sort());
      for (const e of list) {
        expect(Object.keys(e).sort()).toEqual(["calendarEndTime", "calendarMeeting", "calendarName", "calendarOrganizer", "calendarStartTime", "calendarUrl", "id"]);
        expect(e.calendarUrl).toMatch(/^https:\/\/meet\.example\.com\//);
      }
    }
  });

  it("keys entries by local date over a six-week window; days without entries are absent; lina is free on the seed day", async () => {
    const monday = dayStart(seededAt, -((seededAt.getDay() + 6) % 7) - 14);
    const last = dayStart(monday, 41);
    const res = await calendar(staff, ...days(monday, last));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const keys = Object.keys(data);
    expect(keys.length).toBeGreaterThan(10);
    for (const k of keys) {
      expect(k >= formatLocalDate(monday) && k <= formatLocalDate(last)).toBe(true);
      expect(data[k].length).toBeGreaterThan(0);
      for (const e of data[k]) expect(e.calendarStartTime.slice(0, 10) <= k && e.calendarEndTime.slice(0, 10) >= k).toBe(true);
    }
    // Weekends are free, except the seed day and the night after it.
    const allowed = new Set([formatLocalDate(dayStart(seededAt)), formatLocalDate(dayStart(seededAt, 1))]);
    for (const k of keys) {
      const d = new Date(`${k}T12:00:00`);
      if (d.getDay() === 0 || d.getDay() === 6) expect(allowed.has(k)).toBe(true);
    }
    const linaDay = (await calendar(lina, ...days(dayStart(seededAt)))).json().data;
    expect(linaDay).toEqual({});
  });

  it("an entry ending exactly at midnight is not on the next day; one of no length is on its day", async () => {
    const d = dayStart(seededAt, 30);
    const { rows } = await t.sql.query(
      `INSERT INTO personal_calendar (user_id, calendar_name, calendar_start_time, calendar_end_time)
       VALUES ($1, 'ends at midnight', $2, $3), ($1, 'a moment', $3, $3) RETURNING id`,
      [id.lina, at(dayStart(d, -1), 22), d],
    );
    try {
      const data = (await calendar(lina, ...days(dayStart(d, -1), d))).json().data;
      expect(data[formatLocalDate(dayStart(d, -1))].map((e: any) => e.id)).toContain(rows[0].id);
      expect((data[formatLocalDate(d)] ?? []).map((e: any) => e.id)).toEqual(expect.not.arrayContaining([rows[0].id]));
      expect(data[formatLocalDate(d)].map((e: any) => e.id)).toContain(rows[1].id);
      // Asked for that day alone, too.
      const alone = (await calendar(lina, ...days(d))).json().data[formatLocalDate(d)].map((e: any) => e.id);
      expect(alone).toContain(rows[1].id);
      expect(alone).not.toContain(rows[0].id);
    } finally {
      await t.sql.query("DELETE FROM personal_calendar WHERE id = ANY($1)", [rows.map((r: any) => r.id)]);
    }
  });

  it("refuses an end before the start, more than 42 days, and dates that do not exist (400)", async () => {
    const d = dayStart(seededAt);
    const before = expect400(await calendar(staff, formatDateTime(at(d, 10))!, formatDateTime(at(d, 9, 59, 59))!));
    expect(before.errors[0]).toMatchObject({ field: "endTime", rule: "afterStart" });
    expect((await calendar(staff, formatDateTime(at(d, 10))!, formatDateTime(at(d, 10))!)).statusCode).toBe(200);
    expect((await calendar(staff, ...days(d, dayStart(d, 41)))).statusCode).toBe(200);
    const tooLong = expect400(await calendar(staff, ...days(d, dayStart(d, 42))));
    expect(tooLong.errors[0]).toMatchObject({ field: "endTime", rule: "maxRange" });
    expect(expect400(await calendar(staff, "2026-02-30 00:00:00", "2026-03-01 00:00:00")).errors[0]).toMatchObject({ field: "startTime", rule: "dateTime" });
    expect400(await calendar(staff, "2026-03-01T00:00:00", "2026-03-01 23:59:59"));
    expect400(await t.call("POST", "/personalCalendar/listCalendar", { sid: staff, body: { startTime: "2026-03-01 00:00:00" } }));
    expect400(await t.call("POST", "/personalCalendar/listCalendar", { sid: staff, body: { startTime: "2026-03-01 00:00:00", endTime: "2026-03-01 23:59:59", room: 1 } }));
  });

  it("userId of someone else: 403 for staff, allowed for an administrator; no session is 401", async () => {
    const range = days(dayStart(seededAt));
    const res = await calendar(lina, ...range, id.zhangwei);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(FORBIDDEN);
    const asAdmin = await calendar(admin, ...range, id.zhangwei);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data).toEqual((await calendar(staff, ...range)).json().data);
    const none = await t.call("POST", "/personalCalendar/listCalendar", { body: { startTime: range[0], endTime: range[1] } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject(NO_SESSION);
  });
});

describe("calendar helpers", () => {
  it("parses only real local date-times", () => {
    expect(parseLocalDateTime("2026-03-01 08:05:09")?.getTime()).toBe(new Date(2026, 2, 1, 8, 5, 9).getTime());
    expect(parseLocalDateTime("2026-02-29 00:00:00")).toBeUndefined();
    expect(parseLocalDateTime("2028-02-29 00:00:00")).toBeDefined();
    expect(parseLocalDateTime("2026-01-01 24:00:00")).toBeUndefined();
    expect(parseLocalDateTime("2026-1-01 00:00:00")).toBeUndefined();
  });

  it("byDay puts an entry on every day it overlaps within the window", () => {
    const row = (id: number, s: Date, e: Date) => ({ id, userId: 1, calendarName: `e${id}`, calendarStartTime: s, calendarEndTime: e, calendarMeeting: null, calendarOrganizer: null, calendarUrl: null });
    const from = new Date(2026, 0, 5);
    const to = new Date(2026, 0, 8); // exclusive: the 5th, 6th and 7th
    const out = byDay([row(1, new Date(2026, 0, 4, 20), new Date(2026, 0, 6, 1)), row(2, new Date(2026, 0, 7, 9), new Date(2026, 0, 9))], from, to);
    expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.map((e) => e.id)]))).toEqual({
      "2026-01-05": [1],
      "2026-01-06": [1],
      "2026-01-07": [2],
    });
  });
});

// ------------------------------------------------------------------------- single sign-on

describe("a user created by single sign-on in demo mode", () => {
  it("starts with 10 apps, 3 reports, calendar entries and 12 pending approvals; none when demo seed is off", async () => {
    const p = await buildTestApp({ sso: { ...loadConfig({ NODE_ENV: "test" }).sso, provision: true } });
    try {
      const signOn = async (nameId: string) => {
        const { requestId } = await startSignOn(p);
        const res = await p.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: b64(fullySigned(optionsFor(p, requestId, nameId), await idpKey(p))) } });
        expect(res.statusCode).toBe(200);
        const sid = res.json().data.sid as string;
        const userId = (await p.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id as number;
        await p.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion: "1.0.0" } });
        return { sid, userId };
      };
      const counts = async (userId: number) =>
        (
          await p.sql.query(
            `SELECT (SELECT count(*) FROM personal_app WHERE user_id = $1)::int AS apps,
                    (SELECT count(*) FROM personal_chart WHERE user_id = $1)::int AS charts,
                    (SELECT count(*) FROM personal_calendar WHERE user_id = $1)::int AS calendar,
                    (SELECT count(*) FROM personal_task WHERE user_id = $1)::int AS tasks`,
            [userId],
          )
        ).rows[0];

      const fresh = await signOn("newcomer");
      const c = await counts(fresh.userId);
      expect(c).toMatchObject({ apps: 10, charts: 3 });
      expect(c.calendar).toBeGreaterThan(10);
      expect((await p.call("GET", "/personalTask/getTaskPending", { sid: fresh.sid })).json().data).toBe(12);
      expect((await p.call("GET", "/personalApp/listWidgetApp", { sid: fresh.sid, query: { pcOrH5Status: 2 } })).json().data).toHaveLength(10);
      expect((await p.call("GET", "/personalChart/listByUserId", { sid: fresh.sid, query: { pcOrH5Status: 2 } })).json().data).toHaveLength(3);
      const widget = (await p.call("POST", "/personalTask/getWidgetTaskPage", { sid: fresh.sid, body: {} })).json().data;
      expect(widget.total).toBe(12);
      // Signing on again does not add a second workspace.
      await signOn("newcomer");
      expect(await counts(fresh.userId)).toEqual(c);

      p.app.config.demoSeed = false;
      const plain = await signOn("newcomer2");
      expect(await counts(plain.userId)).toEqual({ apps: 0, charts: 0, calendar: 0, tasks: 0 });
    } finally {
      await p.close();
    }
  });
});

// ------------------------------------------------------------------------- the seed moment

describe("DEMO_SEED_TIME (the moment the demo seed is placed around)", () => {
  it("places zhangwei's three entries on that day and records it; a value that is not an ISO date-time is refused", async () => {
    const moment = new Date(2026, 2, 10, 8, 15); // 2026-03-10 08:15 local
    const p = await buildTestApp({ demoSeedTime: moment });
    try {
      const { rows } = await p.sql.query("SELECT key, value FROM sys_meta WHERE key IN ('demoSeed', 'demoCentres') ORDER BY key");
      expect(rows).toEqual([
        { key: "demoCentres", value: moment.toISOString() },
        { key: "demoSeed", value: moment.toISOString() },
      ]);
      const sid = await p.login("zhangwei", "Staff@12345");
      const res = await p.call("POST", "/personalCalendar/listCalendar", { sid, body: { startTime: "2026-03-10 00:00:00", endTime: "2026-03-10 23:59:59" } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data["2026-03-10"]).toHaveLength(3);
    } finally {
      await p.close();
    }
    expect(loadConfig({ NODE_ENV: "test", DEMO_SEED_TIME: "2026-03-10T08:15:00+08:00" }).demoSeedTime?.toISOString()).toBe("2026-03-10T00:15:00.000Z");
    expect(loadConfig({ NODE_ENV: "test" }).demoSeedTime).toBeUndefined();
    for (const bad of ["yesterday", "2026-03-10", "2026-13-40T00:00:00"]) expect(() => loadConfig({ NODE_ENV: "test", DEMO_SEED_TIME: bad })).toThrow(/DEMO_SEED_TIME/);
  });
});
