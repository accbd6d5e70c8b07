import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { exercised, expectRefused, userIdOperations, type Refusal } from "./support/idSwap.ts";
import { SAMPLES, upload } from "./uploadFixtures.ts";

// Issue 8, id-swap cases: an ordinary user (lina) reading, changing or deleting another ordinary
// user's (zhangwei's) layout cards, weather cities, apps, reports, calendar, personal settings,
// complaints, files and avatar by putting the other user's id (a userId, or a row id) in the
// request is refused with the status the contract declares (403 code 4003 for a userId of someone
// else, 404 for a row that is not one's own), and the owner's rows are unchanged afterwards (read
// from the database). Each case also runs the same request as the owner (or with the attacker's
// own id) and sees it succeed, so a refusal is never the request's own fault. The records are
// created through the API first.

let t: TestApp;
let zhangwei: string;
let zhangweiId: number;
let lina: string;
let linaId: number;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  zhangwei = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  zhangweiId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: zhangwei })).json().data.id;
  linaId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: lina })).json().data.id;
  expect(zhangweiId).not.toBe(linaId);
});
afterAll(() => t?.close());
// The file cases upload; each test starts with a fresh upload allowance.
beforeEach(() => t.sql.query("DELETE FROM sys_rate_counter WHERE key LIKE 'upload:%'"));

/** Every row of a user's table, in id order (what "unchanged" compares). */
const rowsOf = async (table: string, userId: number, column = "user_id") =>
  (await t.sql.query(`SELECT * FROM ${table} WHERE ${column} = $1 ORDER BY id`, [userId])).rows;

const okData = (res: LightMyRequestResponse) => {
  expect([res.statusCode, res.json().code], res.body.slice(0, 300)).toEqual([200, 0]);
  return res.json().data;
};

/**
 * The attempt is refused as declared, and the snapshot (the victim's rows, and where it matters
 * the attacker's) is the same before and after it.
 */
async function refusedAndUnchanged(
  method: string,
  path: string,
  refusal: Refusal,
  attempt: () => Promise<LightMyRequestResponse>,
  snapshot: () => Promise<unknown>,
) {
  const before = await snapshot();
  await expectRefused(await attempt(), method, path, refusal);
  expect(await snapshot()).toEqual(before);
}

// ------------------------------------------------------------------------------ layout cards

describe("layout cards (personalLayout)", () => {
  const card = (over: Record<string, unknown> = {}) => ({
    modelCode: "chart_model",
    modelAbscissaLength: 400,
    modelOrdinateLength: 300,
    modelTopMargin: 0,
    modelLeftMargin: 0,
    isDeleted: 0,
    breakpoint: "md",
    ...over,
  });
  let victimCard: number;
  const victimCards = () => rowsOf("personal_layout", zhangweiId);
  const bothCards = async () => [await rowsOf("personal_layout", zhangweiId), await rowsOf("personal_layout", linaId)];

  beforeAll(async () => {
    const saved = okData(await t.call("POST", "/personalLayout/saveBatch", { sid: zhangwei, body: [card()] }));
    victimCard = saved[0].id;
    okData(await t.call("POST", "/personalLayout/saveBatch", { sid: lina, body: [card({ modelCode: "app_model" })] }));
  });

  it("lina cannot read zhangwei's cards by userId (403), zhangwei and the administrator can", async () => {
    const path = "/personalLayout/listByUserId";
    await expectRefused(await t.call("GET", path, { sid: lina, query: { userId: zhangweiId } }), "GET", path, "403 4003");
    expect(okData(await t.call("GET", path, { sid: zhangwei, query: { userId: zhangweiId } })).map((c: { id: number }) => c.id)).toContain(victimCard);
    expect(okData(await t.call("GET", path, { sid: admin, query: { userId: zhangweiId } })).map((c: { id: number }) => c.id)).toContain(victimCard);
    // Lina's own list never carries zhangwei's card.
    expect(okData(await t.call("GET", path, { sid: lina })).map((c: { userId: number }) => c.userId)).not.toContain(zhangweiId);
  });

  it("lina cannot save a card for zhangwei (userId, 403)", async () => {
    const path = "/personalLayout/saveBatch";
    await refusedAndUnchanged("POST", path, "403 4003", () => t.call("POST", path, { sid: lina, body: [card({ userId: zhangweiId, modelTopMargin: 777 })] }), bothCards);
    okData(await t.call("POST", path, { sid: lina, body: [card({ userId: linaId, modelCode: "app_model" })] }));
  });

  it("lina cannot move zhangwei's card by its id (404), nor by naming him as the userId (403)", async () => {
    const path = "/personalLayout/updateBatchById";
    await refusedAndUnchanged("PUT", path, "404", () => t.call("PUT", path, { sid: lina, body: [{ id: victimCard, modelTopMargin: 999 }] }), bothCards);
    await refusedAndUnchanged("PUT", path, "403 4003", () => t.call("PUT", path, { sid: lina, body: [{ id: victimCard, userId: zhangweiId, modelTopMargin: 999 }] }), bothCards);
    okData(await t.call("PUT", path, { sid: zhangwei, body: [{ id: victimCard, modelTopMargin: 10 }] }));
  });

  it("lina cannot delete zhangwei's card by its id (404); it stays until zhangwei deletes it", async () => {
    const path = "/personalLayout/deleteBatch";
    const [own] = okData(await t.call("POST", "/personalLayout/saveBatch", { sid: lina, body: [card({ modelCode: "task_model" })] }));
    // Mixed with one of her own: all or nothing, so her own card stays too.
    await refusedAndUnchanged("DELETE", path, "404", () => t.call("DELETE", path, { sid: lina, body: [own.id, victimCard] }), bothCards);
    okData(await t.call("DELETE", path, { sid: zhangwei, body: [victimCard] }));
    expect((await victimCards()).map((r) => r.id)).not.toContain(victimCard);
  });
});

// ---------------------------------------------------------------------------- weather cities

describe("weather cities (personalWeatherCity)", () => {
  const both = async () => [await rowsOf("personal_weather_city", zhangweiId), await rowsOf("personal_weather_city", linaId)];
  let victimRow: number;

  beforeAll(async () => {
    const saved = okData(await t.call("POST", "/personalWeatherCity/saveBatch", { sid: zhangwei, body: [{ cityId: "1796236", cityName: "上海", showOrder: 0 }] }));
    victimRow = saved[0].id;
    okData(await t.call("POST", "/personalWeatherCity/saveBatch", { sid: lina, body: [{ cityId: "1816670", cityName: "北京", showOrder: 0 }] }));
  });

  it("lina cannot read zhangwei's cities by userId (403)", async () => {
    const path = "/personalWeatherCity/listByUserId";
    await expectRefused(await t.call("GET", path, { sid: lina, query: { userId: zhangweiId } }), "GET", path, "403 4003");
    expect(okData(await t.call("GET", path, { sid: zhangwei, query: { userId: zhangweiId } }))[0].id).toBe(victimRow);
  });

  it("lina cannot replace zhangwei's cities by naming him (403)", async () => {
    const path = "/personalWeatherCity/saveBatch";
    await refusedAndUnchanged("POST", path, "403 4003", () => t.call("POST", path, { sid: lina, body: [{ userId: zhangweiId, cityId: "1808926", cityName: "杭州", showOrder: 0 }] }), both);
    // An empty list with his userId is not expressible (no item); a list naming both users is 400, never a write.
    const mixed = await t.call("POST", path, { sid: lina, body: [{ userId: linaId, cityId: "1808926", cityName: "杭州", showOrder: 0 }, { userId: zhangweiId, cityId: "1795565", cityName: "深圳", showOrder: 1 }] });
    expect(mixed.statusCode).toBe(400);
  });

  it("lina cannot take over or rename zhangwei's city row by its id (404)", async () => {
    const path = "/personalWeatherCity/saveBatch";
    await refusedAndUnchanged("POST", path, "404", () => t.call("POST", path, { sid: lina, body: [{ id: victimRow, cityId: "1808926", cityName: "杭州", showOrder: 0 }] }), both);
    okData(await t.call("POST", path, { sid: zhangwei, body: [{ id: victimRow, cityId: "1796236", cityName: "上海", showOrder: 1 }] }));
  });
});

// ------------------------------------------------------------------------------------- apps

describe("personal apps (personalApp)", () => {
  const apps = () => rowsOf("personal_app", zhangweiId);
  const newApp = async (sid: string, name: string) =>
    okData(await t.call("POST", "/personalApp", { sid, body: { appName: name, appUrl: "https://example.com/app" } })) as number;
  let victimApp: number;
  beforeAll(async () => {
    victimApp = await newApp(zhangwei, "张伟的应用");
  });

  it.each([
    ["/personalApp/listByUserId"],
    ["/personalApp/diyListByUserId"],
    ["/personalApp/getLabelAppList"],
    ["/personalApp/listWidgetApp"],
  ])("lina cannot read zhangwei's apps by userId: GET %s (403)", async (path) => {
    await expectRefused(await t.call("GET", path, { sid: lina, query: { userId: zhangweiId } }), "GET", path, "403 4003");
    okData(await t.call("GET", path, { sid: zhangwei, query: { userId: zhangweiId } }));
  });

  it("lina cannot add an app to zhangwei's list (userId, 403)", async () => {
    await refusedAndUnchanged("POST", "/personalApp", "403 4003", () => t.call("POST", "/personalApp", { sid: lina, body: { userId: zhangweiId, appName: "插入", appUrl: "https://evil.example.com" } }), apps);
  });

  it("lina cannot change zhangwei's app by its id (404): update, favourite, batch", async () => {
    await refusedAndUnchanged("PUT", "/personalApp", "404", () => t.call("PUT", "/personalApp", { sid: lina, body: { id: victimApp, appName: "改名", appUrl: "https://evil.example.com" } }), apps);
    await refusedAndUnchanged("PUT", "/personalApp/updateAppFavoriteStatus", "404", () => t.call("PUT", "/personalApp/updateAppFavoriteStatus", { sid: lina, body: { id: victimApp, favoriteStatus: 1 } }), apps);
    const own = await newApp(lina, "李娜的应用");
    const batch = "/personalApp/updateBatchById";
    await refusedAndUnchanged("PUT", batch, "404", () => t.call("PUT", batch, { sid: lina, body: [{ id: own, appSort: 5 }, { id: victimApp, appSort: 1 }] }), async () => [await apps(), await rowsOf("personal_app", linaId)]);
    // The same requests with her own id succeed.
    okData(await t.call("PUT", "/personalApp", { sid: lina, body: { id: own, appName: "改名" } }));
    okData(await t.call("PUT", "/personalApp/updateAppFavoriteStatus", { sid: lina, body: { id: own, favoriteStatus: 1 } }));
    okData(await t.call("PUT", batch, { sid: lina, body: [{ id: own, appSort: 5 }] }));
  });

  it("lina cannot delete zhangwei's app by its id (404), nor can the administrator (404)", async () => {
    await refusedAndUnchanged("DELETE", "/personalApp", "404", () => t.call("DELETE", "/personalApp", { sid: lina, query: { id: victimApp } }), apps);
    await refusedAndUnchanged("DELETE", "/personalApp", "404", () => t.call("DELETE", "/personalApp", { sid: admin, query: { id: victimApp } }), apps);
    okData(await t.call("DELETE", "/personalApp", { sid: zhangwei, query: { id: victimApp } }));
  });
});

// ---------------------------------------------------------------------------------- reports

describe("personal reports (personalChart)", () => {
  const charts = () => rowsOf("personal_chart", zhangweiId);
  const newChart = async (sid: string, name: string) =>
    okData(await t.call("POST", "/personalChart", { sid, body: { dataName: name, dataUrl: "https://example.com/report" } })) as number;
  let victimChart: number;
  beforeAll(async () => {
    victimChart = await newChart(zhangwei, "张伟的报表");
  });

  it("lina cannot read zhangwei's reports by userId (403)", async () => {
    const path = "/personalChart/listByUserId";
    await expectRefused(await t.call("GET", path, { sid: lina, query: { userId: zhangweiId } }), "GET", path, "403 4003");
    expect(okData(await t.call("GET", path, { sid: zhangwei, query: { userId: zhangweiId } })).map((c: { id: number }) => c.id)).toContain(victimChart);
  });

  it("lina cannot add a report to zhangwei's carousel (userId, 403)", async () => {
    await refusedAndUnchanged("POST", "/personalChart", "403 4003", () => t.call("POST", "/personalChart", { sid: lina, body: { userId: zhangweiId, dataName: "插入", dataUrl: "https://evil.example.com" } }), charts);
  });

  it("lina cannot change zhangwei's report by its id (404): update, batch", async () => {
    await refusedAndUnchanged("PUT", "/personalChart", "404", () => t.call("PUT", "/personalChart", { sid: lina, body: { id: victimChart, dataName: "改名", dataUrl: "https://evil.example.com" } }), charts);
    const own = await newChart(lina, "李娜的报表");
    const batch = "/personalChart/updateBatchById";
    await refusedAndUnchanged("PUT", batch, "404", () => t.call("PUT", batch, { sid: lina, body: [{ id: own, dataSort: 5 }, { id: victimChart, dataSort: 1 }] }), async () => [await charts(), await rowsOf("personal_chart", linaId)]);
    okData(await t.call("PUT", "/personalChart", { sid: lina, body: { id: own, dataName: "改名" } }));
    okData(await t.call("PUT", batch, { sid: lina, body: [{ id: own, dataSort: 5 }] }));
  });

  it("lina cannot delete zhangwei's report by its id (404)", async () => {
    await refusedAndUnchanged("DELETE", "/personalChart", "404", () => t.call("DELETE", "/personalChart", { sid: lina, query: { id: victimChart } }), charts);
    okData(await t.call("DELETE", "/personalChart", { sid: zhangwei, query: { id: victimChart } }));
  });
});

// ------------------------------------------------------------------ calendar and personal settings

describe("calendar and personal settings", () => {
  it("lina cannot read zhangwei's calendar by userId (403)", async () => {
    const path = "/personalCalendar/listCalendar";
    const body = { startTime: "2026-01-01 00:00:00", endTime: "2026-01-31 23:59:59" };
    await expectRefused(await t.call("POST", path, { sid: lina, body: { ...body, userId: zhangweiId } }), "POST", path, "403 4003");
    okData(await t.call("POST", path, { sid: zhangwei, body: { ...body, userId: zhangweiId } }));
  });

  it("lina cannot read or change zhangwei's personal settings by userId (403)", async () => {
    const path = "/personalStatusRecord";
    await expectRefused(await t.call("GET", path, { sid: lina, query: { userId: zhangweiId } }), "GET", path, "403 4003");
    await refusedAndUnchanged("POST", path, "403 4003", () => t.call("POST", path, { sid: lina, body: { userId: zhangweiId, themeCode: 3, privacyStatus: 0 } }), () => rowsOf("personal_status_record", zhangweiId));
    okData(await t.call("GET", path, { sid: zhangwei, query: { userId: zhangweiId } }));
    // The same save for herself is accepted (privacyStatus 0 would withdraw her consent: theme only).
    okData(await t.call("POST", path, { sid: lina, body: { userId: linaId, themeCode: 3 } }));
  });
});

// ------------------------------------------------------------------------------------ tasks

describe("tasks (personalTask)", () => {
  it.each([["/personalTask/getTaskPage"], ["/personalTask/getWidgetTaskPage"]])("lina cannot read zhangwei's tasks by userId: POST %s (403)", async (path) => {
    await expectRefused(await t.call("POST", path, { sid: lina, body: { userId: zhangweiId } }), "POST", path, "403 4003");
    okData(await t.call("POST", path, { sid: zhangwei, body: { userId: zhangweiId } }));
    okData(await t.call("POST", path, { sid: admin, body: { userId: zhangweiId } }));
  });
});

// ------------------------------------------------------------------------------- complaints

describe("complaints (helpcenterTalkShow)", () => {
  const complaint = async (sid: string, content: string) =>
    okData(await t.call("POST", "/helpcenterTalkShow", { sid, body: { content } })).id as number;
  const row = async (id: number) => (await t.sql.query("SELECT * FROM talk_show WHERE id = $1", [id])).rows;

  it("lina cannot delete zhangwei's published complaint (403), nor his pending one (404)", async () => {
    const published = await complaint(zhangwei, "张伟的吐槽：已发布");
    okData(await t.call("POST", "/talkShow/checkTalkShow", { sid: admin, body: { id: published, reviewStatus: 1 } }));
    const pending = await complaint(zhangwei, "张伟的吐槽：待审核");
    await refusedAndUnchanged("DELETE", "/helpcenterTalkShow", "403 4003", () => t.call("DELETE", "/helpcenterTalkShow", { sid: lina, query: { id: published } }), () => row(published));
    await refusedAndUnchanged("DELETE", "/helpcenterTalkShow", "404", () => t.call("DELETE", "/helpcenterTalkShow", { sid: lina, query: { id: pending } }), () => row(pending));
    expect((await row(published)).length).toBe(1);
    okData(await t.call("DELETE", "/helpcenterTalkShow", { sid: zhangwei, query: { id: pending } }));
    expect(await row(pending)).toEqual([]);
  });

  it("lina does not see zhangwei's pending complaint, and cannot reply to it (404)", async () => {
    const pending = await complaint(zhangwei, "张伟的吐槽：只有他自己看得到");
    const page = okData(await t.call("POST", "/helpcenterTalkShow/pageTalkShow", { sid: lina, body: { pageSize: 100 } }));
    expect(JSON.stringify(page)).not.toContain("只有他自己看得到");
    await refusedAndUnchanged(
      "POST",
      "/helpcenterTalkShow",
      "404",
      () => t.call("POST", "/helpcenterTalkShow", { sid: lina, body: { content: "回复", parentId: pending } }),
      async () => (await t.sql.query("SELECT id FROM talk_show WHERE parent_id = $1", [pending])).rows,
    );
    // Nor vote on it.
    await refusedAndUnchanged(
      "POST",
      "/helpcenterTalkShow/thumbsOrStomp",
      "404",
      () => t.call("POST", "/helpcenterTalkShow/thumbsOrStomp", { sid: lina, body: { id: pending, type: 1 } }),
      async () => (await t.sql.query("SELECT * FROM talk_show_vote WHERE talk_show_id = $1", [pending])).rows,
    );
  });

  it("an ordinary user cannot use the moderation operations on another's complaint (403 4003)", async () => {
    const published = await complaint(zhangwei, "张伟的吐槽：审核操作");
    okData(await t.call("POST", "/talkShow/checkTalkShow", { sid: admin, body: { id: published, reviewStatus: 1 } }));
    await refusedAndUnchanged("DELETE", "/talkShow", "403 4003", () => t.call("DELETE", "/talkShow", { sid: lina, body: [published] }), () => row(published));
    await refusedAndUnchanged("POST", "/talkShow/checkTalkShow", "403 4003", () => t.call("POST", "/talkShow/checkTalkShow", { sid: lina, body: { id: published, reviewStatus: 2, rejectReason: "x" } }), () => row(published));
    await expectRefused(await t.call("GET", "/talkShow/getById", { sid: lina, query: { id: published } }), "GET", "/talkShow/getById", "403 4003");
  });
});

// ------------------------------------------------------------------------------ files, avatar

describe("files and avatar", () => {
  const download = (sid: string, id: number) => t.call("GET", "/fileInfoEx/downloadFile", { sid, query: { id } });
  const fileRow = async (id: number) => (await t.sql.query("SELECT id, owner_user_id, sha256, purpose FROM sys_file WHERE id = $1", [id])).rows;
  const headIcons = async () => (await t.sql.query("SELECT id, head_icon_file_id FROM sys_user WHERE id = ANY($1) ORDER BY id", [[zhangweiId, linaId]])).rows;

  it("lina cannot download zhangwei's uploaded file by its id (404); he and the administrator can", async () => {
    const up = await upload(t, "/fileInfoEx/uploadFile", zhangwei, { filename: "张伟.pdf", type: "application/pdf", data: SAMPLES.pdf() });
    const { id } = okData(up);
    await expectRefused(await download(lina, id), "GET", "/fileInfoEx/downloadFile", "404");
    expect((await download(zhangwei, id)).statusCode).toBe(200);
    expect((await download(admin, id)).statusCode).toBe(200);
    // A 404 says nothing the unknown id does not: the same answer for an id that does not exist.
    expect((await download(lina, 2_000_000_000)).json()).toEqual((await download(lina, id)).json());
  });

  it("lina cannot read zhangwei's avatar file (404) nor make it hers (saveIcon, 404); his avatar and its file stay", async () => {
    const { id: avatar } = okData(await upload(t, "/file/upload", zhangwei, { filename: "me.png", type: "image/png", data: SAMPLES.png() }));
    okData(await t.call("POST", "/sysUserEx/saveIcon", { sid: zhangwei, body: { fileId: avatar } }));
    const { id: other } = okData(await upload(t, "/fileInfoEx/uploadFile", zhangwei, { filename: "doc.pdf", type: "application/pdf", data: SAMPLES.pdf() }));
    await expectRefused(await download(lina, avatar), "GET", "/fileInfoEx/downloadFile", "404");
    const state = async () => [await headIcons(), await fileRow(avatar), await fileRow(other)];
    await refusedAndUnchanged("POST", "/sysUserEx/saveIcon", "404", () => t.call("POST", "/sysUserEx/saveIcon", { sid: lina, body: { fileId: avatar } }), state);
    await refusedAndUnchanged("POST", "/sysUserEx/saveIcon", "404", () => t.call("POST", "/sysUserEx/saveIcon", { sid: lina, body: { fileId: other } }), state);
    // Lina's own avatar upload is accepted the same way.
    const { id: hers } = okData(await upload(t, "/file/upload", lina, { filename: "her.png", type: "image/png", data: SAMPLES.png() }));
    okData(await t.call("POST", "/sysUserEx/saveIcon", { sid: lina, body: { fileId: hers } }));
    // Her avatar change deleted her previous file only; zhangwei's avatar is his and downloadable by him.
    expect((await headIcons()).find((u) => u.id === zhangweiId)!.head_icon_file_id).toBe(avatar);
    expect((await download(zhangwei, avatar)).statusCode).toBe(200);
    // The account operations (queryUser, getUserTitle) have no userId: lina's answers are hers.
    expect(okData(await t.call("GET", "/sysUserEx/getUserTitle", { sid: lina })).headIcon).toBe(`/fileInfoEx/downloadFile?id=${hers}`);
    expect(okData(await t.call("GET", "/api/user/query", { sid: lina })).id).toBe(linaId);
  });

  it("the account operations ignore a userId or id smuggled into the body (400 unknown field, never another user's row)", async () => {
    const before = (await t.sql.query("SELECT real_name, email, phone FROM sys_user WHERE id = $1", [zhangweiId])).rows;
    const res = await t.call("POST", "/api/user/update", { sid: lina, body: { id: zhangweiId, userId: zhangweiId, realName: "被改名" } });
    expect(res.statusCode).toBe(400);
    expect((await t.sql.query("SELECT real_name, email, phone FROM sys_user WHERE id = $1", [zhangweiId])).rows).toEqual(before);
  });
});

describe("coverage", () => {
  // Runs last (vitest runs a file's tests in order): generated from the contract, so an operation
  // added later with a userId fails here until it has an id-swap case.
  it("has an id-swap case for every operation of a signed-in user that takes a userId", async () => {
    const wanted = await userIdOperations();
    expect(wanted.length).toBeGreaterThanOrEqual(17);
    expect(wanted.filter((w) => !exercised.has(w))).toEqual([]);
  });
});
