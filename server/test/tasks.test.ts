import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLocalDate, parseLocalDate, sixMonthRange } from "../src/handlers/tasks/tasks.ts";
import { containsPattern } from "../src/lib/like.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let staff: string; // zhangwei
let lina: string;
let admin: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina], ["admin", admin]] as const)
    id[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());

const TASK_KEYS = [
  "approvalStatus", "approvedBy", "completionDate", "endDate", "formStatus", "id", "pendingOn", "processStatus", "reminderDate", "requestDate",
  "requestor", "startDate", "taskApprovedPerson", "taskCompleteTime", "taskCurrentApproved", "taskName", "taskSponsor", "taskStartTime", "taskStatus",
  "taskUrl", "title", "type",
];

const widget = async (sid: string, body: Record<string, unknown> = {}) => {
  const res = await t.call("POST", "/personalTask/getWidgetTaskPage", { sid, body });
  expect(res.statusCode).toBe(200);
  return res.json().data as { records: any[]; total: number; page: number; pageSize: number };
};
const taskPage = async (sid: string, body: Record<string, unknown> = {}) => {
  const res = await t.call("POST", "/personalTask/getTaskPage", { sid, body });
  expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
  return res.json().data as { records: any[]; total: number; page: number; pageSize: number };
};
const pending = async (sid: string) => {
  const res = await t.call("GET", "/personalTask/getTaskPending", { sid });
  expect(res.statusCode).toBe(200);
  return res.json().data as number;
};
/** The same count straight from the table (the oracle for the filters). */
const countWhere = async (userId: number, where: string, params: unknown[] = []) =>
  Number((await t.sql.query(`SELECT count(*) FROM personal_task WHERE user_id = $1 AND ${where}`, [userId, ...params])).rows[0].count);
/** Newest requestDate first, then id, descending. */
const newestFirst = (rows: any[]) =>
  rows.every((r, i) => i === 0 || rows[i - 1].requestDate > r.requestDate || (rows[i - 1].requestDate === r.requestDate && rows[i - 1].id > r.id));

describe("my-task widget (getWidgetTaskPage)", () => {
  it("pages zhangwei's 23 pending approvals 10 at a time, newest first: page 3 has 3", async () => {
    const p1 = await widget(staff);
    expect(p1).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(p1.records).toHaveLength(10);
    const p2 = await widget(staff, { page: 2 });
    const p3 = await widget(staff, { page: 3, pageSize: 10 });
    expect(p2.records).toHaveLength(10);
    expect(p3).toMatchObject({ total: 23, page: 3, pageSize: 10 });
    expect(p3.records).toHaveLength(3);
    // Past the end: no row carries the window total, so it is counted on its own.
    expect(await widget(staff, { page: 4 })).toEqual({ records: [], total: 23, page: 4, pageSize: 10 });
    const all = [...p1.records, ...p2.records, ...p3.records];
    expect(new Set(all.map((r) => r.id)).size).toBe(23);
    expect(newestFirst(all)).toBe(true);
    const { rows } = await t.sql.query("SELECT id FROM personal_task WHERE user_id = $1 AND receive_or_sponsor = 0 AND handled_status = 0 AND task_status = 1", [id.zhangwei]);
    expect(all.map((r) => r.id).sort()).toEqual(rows.map((r: any) => r.id).sort());
    for (const r of all) {
      expect(Object.keys(r).sort()).toEqual(TASK_KEYS);
      expect(r).toMatchObject({ taskStatus: 1, taskUrl: expect.stringMatching(/^https:\/\/bpm\.example\.com\//) });
    }
  });

  it("answers missing values as null (the UI shows --)", async () => {
    const all = (await widget(staff, { pageSize: 100 })).records;
    expect(all).toHaveLength(23);
    expect(all.some((r) => r.taskSponsor === null)).toBe(true);
    expect(all.some((r) => r.taskStartTime === null)).toBe(true);
    expect(all.some((r) => r.taskSponsor !== null && r.taskStartTime !== null)).toBe(true);
    for (const r of all) expect(r.taskCompleteTime).toBeNull();
    expect(all.filter((r) => r.taskStartTime !== null).every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r.taskStartTime))).toBe(true);
  });

  it("admin has 120, lina none; userId of someone else is 403 for staff, allowed for an administrator", async () => {
    expect((await widget(admin)).total).toBe(120);
    expect(await widget(lina)).toEqual({ records: [], total: 0, page: 1, pageSize: 10 });
    const res = await t.call("POST", "/personalTask/getWidgetTaskPage", { sid: lina, body: { userId: id.zhangwei } });
    expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
    expect((await widget(admin, { userId: id.zhangwei })).total).toBe(23);
    expect((await widget(staff, { userId: id.zhangwei })).total).toBe(23);
  });

  it("needs a session and a valid body", async () => {
    const none = await t.call("POST", "/personalTask/getWidgetTaskPage", { body: {} });
    expect([none.statusCode, none.json().code]).toEqual([401, 4004]);
    for (const body of [{ pageSize: 0 }, { pageSize: 101 }, { page: 0 }, { taskStatus: 0 }]) {
      const res = await t.call("POST", "/personalTask/getWidgetTaskPage", { sid: staff, body });
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
  });
});

describe("pending badge (getTaskPending)", () => {
  it("counts received tasks not yet handled: zhangwei 23, admin 120, lina 0", async () => {
    expect(await pending(staff)).toBe(23);
    expect(await pending(admin)).toBe(120);
    expect(await pending(lina)).toBe(0);
  });

  it("counts non-approval tasks too, but never handled or sponsored ones", async () => {
    const { rows } = await t.sql.query(
      `INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, task_status, task_name) VALUES
        ($1, 0, 0, 0, 'to read'), ($1, 0, 1, 1, 'done'), ($1, 1, 0, 1, 'my draft') RETURNING id`,
      [id.lina],
    );
    try {
      expect(await pending(lina)).toBe(1);
      // The widget shows approvals only.
      expect((await widget(lina)).total).toBe(0);
    } finally {
      await t.sql.query("DELETE FROM personal_task WHERE id = ANY($1)", [rows.map((r: any) => r.id)]);
    }
    expect(await pending(lina)).toBe(0);
    const none = await t.call("GET", "/personalTask/getTaskPending");
    expect([none.statusCode, none.json().code]).toEqual([401, 4004]);
  });
});

describe("six-month range (getSixMonthDate)", () => {
  it("answers today and the same day six months earlier", async () => {
    const res = await t.call("GET", "/personalTask/getSixMonthDate", { sid: staff });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(["endDate", "startDate"]);
    expect(data).toEqual(sixMonthRange(new Date()));
    expect(data.endDate).toBe(formatLocalDate(new Date()));
    expect(data.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await t.call("GET", "/personalTask/getSixMonthDate")).statusCode).toBe(401);
  });

  it("clamps the day to the month six months back", () => {
    const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 30);
    expect(sixMonthRange(at(2026, 8, 31))).toEqual({ startDate: "2026-02-28", endDate: "2026-08-31" });
    expect(sixMonthRange(at(2028, 8, 31))).toEqual({ startDate: "2028-02-29", endDate: "2028-08-31" });
    expect(sixMonthRange(at(2026, 3, 15))).toEqual({ startDate: "2025-09-15", endDate: "2026-03-15" });
    expect(sixMonthRange(at(2026, 1, 31))).toEqual({ startDate: "2025-07-31", endDate: "2026-01-31" });
    expect(sixMonthRange(at(2026, 5, 31))).toEqual({ startDate: "2025-11-30", endDate: "2026-05-31" });
    expect(sixMonthRange(at(2026, 12, 31))).toEqual({ startDate: "2026-06-30", endDate: "2026-12-31" });
    expect(sixMonthRange(new Date(2026, 6, 1, 0, 0, 1))).toEqual({ startDate: "2026-01-01", endDate: "2026-07-01" });
  });

  it("date helpers: only real dates parse; LIKE wildcards are escaped", () => {
    expect(parseLocalDate("2026-02-28")?.getTime()).toBe(new Date(2026, 1, 28).getTime());
    expect(parseLocalDate("2026-02-29")).toBeUndefined();
    expect(parseLocalDate("2026-13-01")).toBeUndefined();
    expect(containsPattern("15%_a\\b")).toBe("%15\\%\\_a\\\\b%");
  });
});

describe("task centre (getTaskPage)", () => {
  it("defaults to received, unhandled tasks of the caller, 10 a page, newest first", async () => {
    const page = await taskPage(staff);
    expect(page).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(page.records).toHaveLength(10);
    expect(newestFirst(page.records)).toBe(true);
    expect(page.records.map((r) => r.id)).toEqual((await widget(staff)).records.map((r) => r.id));
    for (const r of page.records) expect(Object.keys(r).sort()).toEqual(TASK_KEYS);
  });

  it("each filter narrows to exactly the matching rows", async () => {
    const u = id.zhangwei;
    const cases: [Record<string, unknown>, string, unknown[]][] = [
      [{ handledStatus: 1 }, "receive_or_sponsor = 0 AND handled_status = 1", []],
      [{ receiveOrSponsor: 1, handledStatus: 1 }, "receive_or_sponsor = 1 AND handled_status = 1", []],
      [{ receiveOrSponsor: 1, handledStatus: 0 }, "receive_or_sponsor = 1 AND handled_status = 0", []],
      [{ handledStatus: 1, taskStatus: 0 }, "receive_or_sponsor = 0 AND handled_status = 1 AND task_status = 0", []],
      [{ handledStatus: 1, taskStatus: 1 }, "receive_or_sponsor = 0 AND handled_status = 1 AND task_status = 1", []],
      [{ handledStatus: 1, completeStatus: 0 }, "receive_or_sponsor = 0 AND handled_status = 1 AND complete_status = 0", []],
      [{ handledStatus: 1, completeStatus: 1 }, "receive_or_sponsor = 0 AND handled_status = 1 AND complete_status = 1", []],
      [{ processStatus: 2 }, "receive_or_sponsor = 0 AND handled_status = 0 AND process_status = 2", []],
      [{ approvalStatus: 4 }, "receive_or_sponsor = 0 AND handled_status = 0 AND approval_status = 4", []],
      [{ handledStatus: 1, approvalStatus: 32, taskStatus: 1 }, "receive_or_sponsor = 0 AND handled_status = 1 AND approval_status = 32", []],
    ];
    const all = await taskPage(staff, { pageSize: 100 });
    for (const [filter, where, params] of cases) {
      const expected = await countWhere(u, where, params);
      const got = await taskPage(staff, { pageSize: 100, ...filter });
      expect([filter, got.total, got.records.length]).toEqual([filter, expected, expected]);
      expect([filter, expected > 0]).toEqual([filter, true]);
      expect(newestFirst(got.records)).toBe(true);
      for (const [k, v] of Object.entries(filter)) if (k in got.records[0]) for (const r of got.records) expect([k, r[k]]).toEqual([k, v]);
    }
    // Narrowing within the default set.
    const approval2 = await taskPage(staff, { pageSize: 100, approvalStatus: 2 });
    expect(approval2.total).toBeGreaterThan(0);
    expect(approval2.total).toBeLessThan(all.total);
  });

  it("zhangwei's tasks cover every processStatus and approvalStatus", async () => {
    const combos = [
      { receiveOrSponsor: 0, handledStatus: 0 }, { receiveOrSponsor: 0, handledStatus: 1 },
      { receiveOrSponsor: 1, handledStatus: 0 }, { receiveOrSponsor: 1, handledStatus: 1 },
    ];
    const seen = { process: new Set<number>(), approval: new Set<number>(), form: new Set<number>() };
    for (const c of combos)
      for (const r of (await taskPage(staff, { ...c, pageSize: 100 })).records) {
        seen.process.add(r.processStatus);
        seen.approval.add(r.approvalStatus);
        seen.form.add(r.formStatus);
      }
    expect([...seen.process].filter((s) => s !== null).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...seen.approval].filter((s) => s !== null).sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32]);
    expect([...seen.form].filter((s) => s !== null).sort()).toEqual([0, 1, 2, 3, 4]);
    // null means every status, and 0 is a status of its own (never read as null).
    const all = await taskPage(staff, { handledStatus: 1, pageSize: 100 });
    expect((await taskPage(staff, { handledStatus: 1, pageSize: 100, processStatus: null, approvalStatus: null })).total).toBe(all.total);
    expect((await taskPage(staff, { handledStatus: 1, pageSize: 100, processStatus: 0 })).total).toBeLessThan(all.total);
    for (const ps of [0, 1, 2, 3, 4, 5, 6, 7]) {
      let total = 0;
      for (const c of combos) {
        const got = await taskPage(staff, { ...c, processStatus: ps, pageSize: 100 });
        expect(got.records.every((r) => r.processStatus === ps)).toBe(true);
        total += got.total;
      }
      expect([ps, total]).toEqual([ps, await countWhere(id.zhangwei, "process_status = $2", [ps])]);
    }
  });

  it("title matches the title or the task name, case-insensitively, with % and _ taken literally", async () => {
    const u = id.zhangwei;
    const byName = await taskPage(staff, { title: "expense", pageSize: 100 });
    expect(byName.total).toBe(await countWhere(u, "receive_or_sponsor = 0 AND handled_status = 0 AND (task_name ILIKE '%expense%' OR title ILIKE '%expense%')"));
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.total).toBeLessThan(23);
    expect(byName.records.every((r) => /expense/i.test(`${r.taskName} ${r.title}`))).toBe(true);
    const byTitle = await taskPage(staff, { title: "学术会议", pageSize: 100 });
    expect(byTitle.total).toBeGreaterThan(0);
    expect(byTitle.records.every((r) => r.title.includes("学术会议"))).toBe(true);
    for (const wild of ["%", "_", "15%", "LOT_"]) {
      const got = await taskPage(staff, { title: wild, pageSize: 100 });
      expect([wild, got.total > 0, got.total < 23]).toEqual([wild, true, true]);
      expect(got.records.every((r) => `${r.taskName} ${r.title}`.includes(wild))).toBe(true);
    }
    expect((await taskPage(staff, { title: "no such task anywhere" })).total).toBe(0);
  });

  it("startDate and endDate bound requestDate by local date, both inclusive", async () => {
    const all = (await taskPage(staff, { pageSize: 100 })).records;
    const day = all[5].requestDate.slice(0, 10);
    const sameDay = all.filter((r) => r.requestDate.startsWith(day)).map((r) => r.id);
    const one = await taskPage(staff, { startDate: day, endDate: day, pageSize: 100 });
    expect(one.records.map((r) => r.id)).toEqual(sameDay);
    const later = await taskPage(staff, { startDate: day, pageSize: 100 });
    expect(later.records.map((r) => r.id)).toEqual(all.filter((r) => r.requestDate.slice(0, 10) >= day).map((r) => r.id));
    const earlier = await taskPage(staff, { endDate: day, pageSize: 100 });
    expect(earlier.records.map((r) => r.id)).toEqual(all.filter((r) => r.requestDate.slice(0, 10) <= day).map((r) => r.id));
    expect(later.total + earlier.total - one.total).toBe(23);

    // The six-month default leaves out older handled tasks.
    const range = sixMonthRange(new Date());
    const handled = await taskPage(staff, { handledStatus: 1, pageSize: 100 });
    const recent = await taskPage(staff, { handledStatus: 1, pageSize: 100, ...range });
    expect(recent.total).toBeLessThan(handled.total);
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.records.every((r) => r.requestDate.slice(0, 10) >= range.startDate && r.requestDate.slice(0, 10) <= range.endDate)).toBe(true);
  });

  it("refuses an end date before the start date, dates that do not exist, and invalid bodies (400)", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await t.call("POST", "/personalTask/getTaskPage", { sid: staff, body });
      expect([JSON.stringify(body), res.statusCode, res.json().code]).toEqual([JSON.stringify(body), 400, 400]);
      return res.json();
    };
    expect((await bad({ startDate: "2026-03-02", endDate: "2026-03-01" })).errors[0]).toMatchObject({ field: "endDate", rule: "afterStart" });
    expect((await bad({ startDate: "2026-02-30" })).errors[0]).toMatchObject({ field: "startDate", rule: "date" });
    await bad({ startDate: "2026/03/01" });
    await bad({ processStatus: 8 });
    await bad({ approvalStatus: 3 });
    await bad({ pageSize: 101 });
    await bad({ receiveOrSponsor: 2 });
    await bad({ title: "x".repeat(101) });
    await bad({ sortBy: "id" });
  });

  it("userId of someone else: 403 for staff, allowed for an administrator; no session is 401", async () => {
    const res = await t.call("POST", "/personalTask/getTaskPage", { sid: staff, body: { userId: id.admin } });
    expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
    expect((await taskPage(admin, { userId: id.zhangwei })).total).toBe(23);
    expect((await taskPage(admin)).total).toBe(120);
    expect((await taskPage(lina)).total).toBe(0);
    expect((await taskPage(lina, { receiveOrSponsor: 1, handledStatus: 1 })).total).toBeGreaterThan(0);
    const none = await t.call("POST", "/personalTask/getTaskPage", { body: {} });
    expect([none.statusCode, none.json().code]).toEqual([401, 4004]);
  });
});
