import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOTES_PER_MINUTE } from "../src/lib/talkShowLimits.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 20 item 4: complaints, replies and votes are limited per user (120 complaints in under a
// second were all accepted). The limits count in fixed one-minute windows, so a burst that crosses
// a window's end may pass up to twice the limit: each test sends a little more than that and
// expects the refusal somewhere in it.

const TOO_FREQUENT = { code: 403, data: null, resultMessage: "操作过于频繁，请稍后再试", resultEnMessage: "The operation is too frequent. Please try again later" };

let t: TestApp;
let staff: string;
let lina: string;
let admin: string;
let voteTarget: number; // posted before the floods below use up the administrator's posts
beforeAll(async () => {
  t = await buildTestApp(); // the default limits
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  voteTarget = (await t.call("POST", "/talkShow", { sid: admin, body: { content: "vote on me" } })).json().data;
});
afterAll(() => t.close());

/** Sends `send` up to `tries` times; the number accepted before the first 429, and that answer. */
async function untilRefused(send: (i: number) => Promise<{ statusCode: number; json(): any }>, tries: number) {
  for (let i = 0; i < tries; i++) {
    const res = await send(i);
    if (res.statusCode === 429) return { accepted: i, refusal: res.json() };
    expect([i, res.statusCode, res.json().code]).toEqual([i, 200, 0]);
  }
  return { accepted: tries, refusal: null };
}

describe("complaints and replies (20 a minute, 100 an hour, per user)", () => {
  const limit = 20;

  it("a flood of complaints is refused with the spec's message; another person still posts", async () => {
    const flood = await untilRefused((i) => t.call("POST", "/helpcenterTalkShow", { sid: staff, body: { content: `flood ${i}` } }), 2 * limit + 1);
    expect(flood.refusal).toEqual(TOO_FREQUENT);
    expect(flood.accepted).toBeGreaterThanOrEqual(limit);
    // Refused means not stored: at most what was accepted.
    const { rows } = await t.sql.query("SELECT count(*)::int n FROM talk_show WHERE content LIKE 'flood %'");
    expect(rows[0].n).toBe(flood.accepted);
    const other = await t.call("POST", "/helpcenterTalkShow", { sid: lina, body: { content: "lina is not limited by zhangwei" } });
    expect([other.statusCode, other.json().code]).toEqual([200, 0]);
  });

  it("replies and the administrator's posts count too", async () => {
    const complaint = (await t.call("POST", "/talkShow", { sid: admin, body: { content: "published complaint" } })).json().data as number;
    const replies = await untilRefused((i) => t.call("POST", "/helpcenterTalkShow", { sid: lina, body: { content: `reply ${i}`, parentId: complaint } }), 2 * limit + 1);
    expect(replies.refusal).toEqual(TOO_FREQUENT);
    const official = await untilRefused((i) => t.call("POST", "/talkShow", { sid: admin, body: { content: `official ${i}`, parentId: complaint } }), 2 * limit + 1);
    expect(official.refusal).toEqual(TOO_FREQUENT);
  });

  it("a flood paced under the minute's limit stops at the hour's", async () => {
    // Arranged: this hour's count already at 100 for lina (as if she had posted 19 a minute since).
    const hour = 3_600_000;
    await t.sql.query(
      "INSERT INTO sys_rate_counter (key, window_start, count) VALUES ($1, $2, 100) ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = 100",
      [`talkShowPost:${await userId("lina")}:h`, Math.floor(Date.now() / hour) * hour],
    );
    await t.sql.query("DELETE FROM sys_rate_counter WHERE key = $1", [`talkShowPost:${await userId("lina")}:m`]);
    const res = await t.call("POST", "/helpcenterTalkShow", { sid: lina, body: { content: "the 101st this hour" } });
    expect([res.statusCode, res.json()]).toEqual([429, TOO_FREQUENT]);
  });
});

describe("votes (60 a minute per user)", () => {
  it("a flood of votes is refused with the spec's message", async () => {
    const votes = await untilRefused((i) => t.call("POST", "/helpcenterTalkShow/thumbsOrStomp", { sid: staff, body: { id: voteTarget, type: 1 + (i % 2) } }), 2 * VOTES_PER_MINUTE + 1);
    expect(votes.refusal).toEqual(TOO_FREQUENT);
    expect(votes.accepted).toBeGreaterThanOrEqual(VOTES_PER_MINUTE);
  });
});

async function userId(name: string): Promise<number> {
  return (await t.sql.query("SELECT id FROM sys_user WHERE user_name = $1", [name])).rows[0].id;
}
