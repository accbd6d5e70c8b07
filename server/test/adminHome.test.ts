import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// The admin landing page (spec 2.3 /home): counts of what waits for an administrator and the
// complaints-over-time series (GET /adminHome/stats).

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

const stats = async (query: Record<string, string> = {}) => {
  const res = await t.call("GET", "/adminHome/stats", { sid: admin, query });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const n = async (q: string) => Number((await t.sql.query(q)).rows[0].n);
const pad = (x: number) => String(x).padStart(2, "0");
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

describe("GET /adminHome/stats", () => {
  it("counts pending complaints and replies, draft policies and disabled users as the database holds them", async () => {
    const s = await stats();
    expect(s).toMatchObject({
      complaintsPending: await n("SELECT count(*) n FROM talk_show WHERE parent_id IS NULL AND review_status = 0"),
      repliesPending: await n("SELECT count(*) n FROM talk_show WHERE parent_id IS NOT NULL AND review_status = 0"),
      policiesDraft: await n("SELECT count(*) n FROM bsc_policy WHERE status = 0"),
      usersDisabled: await n("SELECT count(*) n FROM sys_user WHERE status = 0"),
      unit: "day",
    });
    expect(s.complaintsPending).toBeGreaterThan(0);
    expect(s.complaintTrend).toHaveLength(30);
    expect(s.complaintTrend.at(-1).date).toBe(today());
  });

  it("changes when a complaint is posted, a user is disabled and a policy is drafted", async () => {
    const before = await stats();
    const posted = await t.call("POST", "/helpcenterTalkShow", { sid: staff, body: { content: "首页统计测试：新的吐槽" } });
    expect(posted.statusCode).toBe(200);
    await t.sql.query("UPDATE sys_user SET status = 0 WHERE user_name = 'lina'");
    await t.sql.query("UPDATE bsc_policy SET status = 0 WHERE id = (SELECT min(id) FROM bsc_policy WHERE status <> 0)");
    const after = await stats();
    expect(after.complaintsPending).toBe(before.complaintsPending + 1);
    expect(after.usersDisabled).toBe(before.usersDisabled + 1);
    expect(after.policiesDraft).toBe(before.policiesDraft + 1);
    expect(after.complaintTrend.at(-1).count).toBe(before.complaintTrend.at(-1).count + 1);
  });

  it("groups by Monday-started weeks on request, 12 of them, empty ones as 0", async () => {
    const w = await stats({ unit: "week" });
    expect(w.unit).toBe("week");
    expect(w.complaintTrend).toHaveLength(12);
    for (const b of w.complaintTrend) expect(new Date(`${b.date}T12:00:00`).getDay()).toBe(1);
    const total = w.complaintTrend.reduce((a: number, b: { count: number }) => a + b.count, 0);
    const first = new Date(`${w.complaintTrend[0].date}T00:00:00`);
    expect(total).toBe(Number((await t.sql.query("SELECT count(*) n FROM talk_show WHERE parent_id IS NULL AND create_time >= $1", [first])).rows[0].n));
    expect((await t.call("GET", "/adminHome/stats", { sid: admin, query: { unit: "month" } })).statusCode).toBe(400);
  });

  it("refuses a staff user (403, code 4003)", async () => {
    const res = await t.call("GET", "/adminHome/stats", { sid: staff });
    expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
  });
});
