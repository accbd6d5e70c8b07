import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// Complaints and replies: the help centre's board (spec 7.7) and the administrator's review
// (spec 7.5, x-permission /roastList and /commentList). Demo seed: 17 complaints, 14 published,
// zhangwei's pending and rejected ones, lina's pending one and lina's pending reply.

let t: TestApp;
let staff: string; // zhangwei
let lina: string;
let admin: string;
const uid: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina], ["admin", admin]] as const)
    uid[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());

/** 400 with a message in both languages. */
const expect400 = (res: { statusCode: number; json(): any }) => {
  const b = res.json();
  expect([res.statusCode, b.code, typeof b.resultMessage, typeof b.resultEnMessage]).toEqual([400, 400, "string", "string"]);
};
const expect403 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
const expect404 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([404, 404]);

const board = async (sid: string, body: Record<string, unknown> = {}) => {
  const res = await t.call("POST", "/helpcenterTalkShow/pageTalkShow", { sid, body: { pageSize: 100, ...body } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; page: number; pageSize: number; records: any[] };
};
const post = (sid: string, body: Record<string, unknown>) => t.call("POST", "/helpcenterTalkShow", { sid, body });
const vote = (sid: string, id: number, type: number) => t.call("POST", "/helpcenterTalkShow/thumbsOrStomp", { sid, body: { id, type } });
const check = (sid: string, body: Record<string, unknown>) => t.call("POST", "/talkShow/checkTalkShow", { sid, body });
const idOf = async (content: string) => (await t.sql.query("SELECT id FROM talk_show WHERE content = $1", [content])).rows[0].id as number;
const REIMBURSE = "报销系统每次上传发票都要重新登录，出差在外用手机非常不方便。";
const HOTEL = "差旅标准里二线城市住宿上限 450 元，旺季根本订不到合规酒店。";

describe("the board as each user sees it (POST /helpcenterTalkShow/pageTalkShow)", () => {
  it("shows published complaints plus the caller's own pending and rejected ones", async () => {
    const z = await board(staff);
    const l = await board(lina);
    const a = await board(admin);
    expect([z.total, l.total, a.total]).toEqual([16, 15, 14]);
    expect(z.records.filter((r) => r.reviewStatus !== 1).map((r) => [r.reviewStatus, r.isMine])).toEqual([[0, true], [2, true]]);
    const rejected = z.records.find((r) => r.reviewStatus === 2);
    expect(rejected.rejectReason).toContain("Please describe the issue");
    expect(l.records.some((r) => r.reviewStatus === 2)).toBe(false);
    expect(l.records.filter((r) => r.reviewStatus === 0).map((r) => r.userId)).toEqual([uid.lina]);
    expect(a.records.every((r) => r.reviewStatus === 1 && r.rejectReason === null)).toBe(true);
  });

  it("carries replies (oldest first), counts and the caller's own vote", async () => {
    const z = await board(staff);
    const first = z.records.find((r) => r.content === REIMBURSE);
    expect(first).toMatchObject({ userName: "张伟", likes: 2, dislikes: 0, myVote: 0, isMine: true, reviewStatus: 1 });
    expect(first.replies.map((r: any) => [r.userName, r.likes, r.myVote, r.isMine])).toEqual([["系统管理员", 2, 1, false], ["李娜", 1, 1, false]]);
    const l = await board(lina);
    expect(l.records.find((r) => r.content === REIMBURSE)).toMatchObject({ myVote: 1, isMine: false });
    // lina's pending reply under the hotel complaint: hers to see, nobody else's
    expect((await board(lina)).records.find((r) => r.content === HOTEL).replies.map((r: any) => r.reviewStatus)).toEqual([1, 0]);
    expect(z.records.find((r) => r.content === HOTEL).replies.map((r: any) => r.reviewStatus)).toEqual([1]);
  });

  it("sorts by likes, lists only mine on request and pages within the limits", async () => {
    const byLikes = (await board(staff, { sortField: "likes", sortOrder: "desc" })).records.map((r) => r.likes);
    expect(byLikes).toEqual([...byLikes].sort((x, y) => y - x));
    expect(byLikes[0]).toBe(2);
    const newest = (await board(staff)).records.map((r) => r.createTime);
    expect(newest).toEqual([...newest].sort().reverse());
    const mine = await board(staff, { mine: true });
    expect(mine.total).toBe(8);
    expect(mine.records.every((r) => r.userId === uid.zhangwei && r.isMine)).toBe(true);
    const p2 = await board(staff, { page: 2, pageSize: 5 });
    expect([p2.total, p2.page, p2.pageSize, p2.records.length]).toEqual([16, 2, 5, 5]);
    for (const body of [{ pageSize: 101 }, { page: 0 }, { sortField: "userId" }, { mine: "yes" }, { x: 1 }])
      expect400(await t.call("POST", "/helpcenterTalkShow/pageTalkShow", { sid: staff, body }));
  });
});

describe("posting and review", () => {
  it("a new complaint waits for review, seen only by its author until an administrator approves it", async () => {
    const res = await post(staff, { content: "  会议室投影仪经常无法连接笔记本。  " });
    expect(res.statusCode).toBe(200);
    const { id, reviewStatus } = res.json().data;
    expect(reviewStatus).toBe(0);
    const mine = (await board(staff)).records.find((r) => r.id === id);
    expect(mine).toMatchObject({ content: "会议室投影仪经常无法连接笔记本。", reviewStatus: 0, isMine: true, likes: 0, myVote: 0, replies: [] });
    expect((await board(lina)).records.some((r) => r.id === id)).toBe(false);
    // nobody can reply to or vote on it yet
    expect404(await post(lina, { content: "同感", parentId: id }));
    expect400(await post(staff, { content: "补充", parentId: id }));
    expect404(await vote(lina, id, 1));

    const ok = await check(admin, { id, reviewStatus: 1 });
    expect([ok.statusCode, ok.json().data]).toEqual([200, id]);
    expect((await board(lina)).records.find((r) => r.id === id)).toMatchObject({ reviewStatus: 1, isMine: false, userName: "张伟" });
    const row = (await t.sql.query("SELECT checker_id, check_time FROM talk_show WHERE id = $1", [id])).rows[0];
    expect(row.checker_id).toBe(uid.admin);
    expect(row.check_time).not.toBeNull();
    // a checked row cannot be checked again
    expect400(await check(admin, { id, reviewStatus: 2, rejectReason: "too late" }));

    // a reply waits too
    const reply = (await post(lina, { content: "三楼也是", parentId: id })).json().data;
    expect(reply.reviewStatus).toBe(0);
    expect((await board(staff)).records.find((r) => r.id === id).replies).toEqual([]);
    expect((await board(lina)).records.find((r) => r.id === id).replies.map((r: any) => [r.content, r.reviewStatus, r.isMine])).toEqual([["三楼也是", 0, true]]);
    expect((await check(admin, { id: reply.id, reviewStatus: 1 })).statusCode).toBe(200);
    expect((await board(staff)).records.find((r) => r.id === id).replies.map((r: any) => r.content)).toEqual(["三楼也是"]);
  });

  it("a rejected complaint stays visible to its author only, with the reason", async () => {
    const { id } = (await post(lina, { content: "Rejected probe" })).json().data;
    expect400(await check(admin, { id, reviewStatus: 2 }));
    expect400(await check(admin, { id, reviewStatus: 2, rejectReason: "   " }));
    expect400(await check(admin, { id, reviewStatus: 3 }));
    expect((await check(admin, { id, reviewStatus: 2, rejectReason: " 请勿重复发布 Duplicate " })).statusCode).toBe(200);
    expect((await board(lina)).records.find((r) => r.id === id)).toMatchObject({ reviewStatus: 2, rejectReason: "请勿重复发布 Duplicate" });
    expect((await board(staff)).records.some((r) => r.id === id)).toBe(false);
    expect404(await check(admin, { id: 999999, reviewStatus: 1 }));
  });

  it("refuses bad content and bad parents", async () => {
    expect400(await post(staff, { content: "" }));
    expect400(await post(staff, { content: "   \n " }));
    expect400(await post(staff, { content: "x".repeat(2001) }));
    expect400(await post(staff, {}));
    expect400(await post(staff, { content: "a", userId: uid.lina }));
    expect400(await post(staff, { content: "a", parentId: 0 }));
    expect404(await post(staff, { content: "a", parentId: 999999 }));
    const reply = (await board(staff)).records.find((r) => r.content === REIMBURSE).replies[0].id;
    expect400(await post(staff, { content: "a", parentId: reply }));
    // lina's pending complaint does not exist for zhangwei
    const linaPending = (await t.sql.query("SELECT id FROM talk_show WHERE review_status = 0 AND parent_id IS NULL AND user_id = $1", [uid.lina])).rows[0].id;
    expect404(await post(staff, { content: "a", parentId: linaPending }));
    expect((await post(staff, { content: "x".repeat(2000) })).statusCode).toBe(200);
  });

  it("the review switch (meta talkShowCheck) decides whether new rows wait; only administrators see or change it", async () => {
    expect403(await t.call("GET", "/talkShow/getCheckTalkShowStatus", { sid: staff }));
    expect403(await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: staff, body: { checkStatus: false } }));
    expect((await t.call("GET", "/talkShow/getCheckTalkShowStatus", { sid: admin })).json().data).toBe(true);
    expect400(await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: admin, body: { checkStatus: "no" } }));
    expect400(await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: admin, body: {} }));
    const off = await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: admin, body: { checkStatus: false } });
    expect([off.statusCode, off.json().data]).toEqual([200, false]);
    try {
      expect((await t.call("GET", "/talkShow/getCheckTalkShowStatus", { sid: admin })).json().data).toBe(false);
      expect((await t.sql.query("SELECT value FROM sys_meta WHERE key = 'talkShowCheck'")).rows[0].value).toBe("false");
      const { id, reviewStatus } = (await post(staff, { content: "Published at once" })).json().data;
      expect(reviewStatus).toBe(1);
      expect((await board(lina)).records.find((r) => r.id === id)).toMatchObject({ reviewStatus: 1 });
    } finally {
      const on = await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: admin, body: { checkStatus: true } });
      expect(on.json().data).toBe(true);
    }
    expect((await post(staff, { content: "Waits again" })).json().data.reviewStatus).toBe(0);
  });
});

describe("votes (POST /helpcenterTalkShow/thumbsOrStomp)", () => {
  it("toggles one vote per user: same again removes it, the other switches it", async () => {
    const id = await idOf(REIMBURSE); // liked by lina and admin
    const step = async (sid: string, type: number) => {
      const res = await vote(sid, id, type);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect(await step(staff, 1)).toEqual({ id, likes: 3, dislikes: 0, myVote: 1 });
    expect(await step(staff, 1)).toEqual({ id, likes: 2, dislikes: 0, myVote: 0 });
    expect(await step(staff, 2)).toEqual({ id, likes: 2, dislikes: 1, myVote: 2 });
    expect(await step(staff, 1)).toEqual({ id, likes: 3, dislikes: 0, myVote: 1 });
    expect(await step(lina, 2)).toEqual({ id, likes: 2, dislikes: 1, myVote: 2 });
    expect((await t.sql.query("SELECT count(*)::int AS n FROM talk_show_vote WHERE talk_show_id = $1 AND user_id = $2", [id, uid.zhangwei])).rows[0].n).toBe(1);
    expect((await board(staff)).records.find((r) => r.id === id)).toMatchObject({ likes: 2, dislikes: 1, myVote: 1 });
    // put the demo votes back
    await step(staff, 1);
    expect(await step(lina, 1)).toEqual({ id, likes: 2, dislikes: 0, myVote: 1 });
  });

  it("votes on replies too, never on unpublished rows, and refuses bad input", async () => {
    const reply = (await board(staff)).records.find((r) => r.content === REIMBURSE).replies[1];
    expect((await vote(admin, reply.id, 2)).json().data).toEqual({ id: reply.id, likes: 1, dislikes: 1, myVote: 2 });
    await vote(admin, reply.id, 2);
    const pending = (await t.sql.query("SELECT id FROM talk_show WHERE review_status = 0 AND user_id = $1 LIMIT 1", [uid.zhangwei])).rows[0].id;
    expect404(await vote(staff, pending, 1)); // even the author's own pending row
    const rejected = (await t.sql.query("SELECT id FROM talk_show WHERE review_status = 2 LIMIT 1")).rows[0].id;
    expect404(await vote(staff, rejected, 1));
    expect404(await vote(staff, 999999, 1));
    expect400(await vote(staff, reply.id, 0));
    expect400(await vote(staff, reply.id, 3));
    expect400(await t.call("POST", "/helpcenterTalkShow/thumbsOrStomp", { sid: staff, body: { id: reply.id } }));
  });
});

describe("deleting one's own rows (DELETE /helpcenterTalkShow)", () => {
  it("deletes the caller's complaint with its replies; others' rows are 403 or 404", async () => {
    const { id } = (await post(lina, { content: "Delete probe" })).json().data;
    await check(admin, { id, reviewStatus: 1 });
    const reply = (await t.call("POST", "/talkShow", { sid: admin, body: { content: "Official answer", parentId: id } })).json().data;
    await vote(staff, id, 1);
    expect403(await t.call("DELETE", "/helpcenterTalkShow", { sid: staff, query: { id } }));
    expect403(await t.call("DELETE", "/helpcenterTalkShow", { sid: lina, query: { id: reply } }));
    const pending = (await t.sql.query("SELECT id FROM talk_show WHERE review_status = 0 AND parent_id IS NULL AND user_id = $1", [uid.lina])).rows[0].id;
    expect404(await t.call("DELETE", "/helpcenterTalkShow", { sid: staff, query: { id: pending } }));
    expect404(await t.call("DELETE", "/helpcenterTalkShow", { sid: staff, query: { id: 999999 } }));
    expect400(await t.call("DELETE", "/helpcenterTalkShow", { sid: staff, query: { id: "x" } }));

    const res = await t.call("DELETE", "/helpcenterTalkShow", { sid: lina, query: { id } });
    expect([res.statusCode, res.json().data]).toEqual([200, null]);
    expect((await t.sql.query("SELECT id FROM talk_show WHERE id = ANY($1)", [[id, reply]])).rows).toEqual([]);
    expect((await t.sql.query("SELECT * FROM talk_show_vote WHERE talk_show_id = $1", [id])).rows).toEqual([]);
    expect404(await t.call("DELETE", "/helpcenterTalkShow", { sid: lina, query: { id } }));
  });

  it("lets an author delete their own pending reply", async () => {
    const hotel = await idOf(HOTEL);
    const { id } = (await post(staff, { content: "Pending reply to delete", parentId: hotel })).json().data;
    expect((await t.call("DELETE", "/helpcenterTalkShow", { sid: staff, query: { id } })).statusCode).toBe(200);
    expect((await t.sql.query("SELECT id FROM talk_show WHERE id = $1", [id])).rows).toEqual([]);
    expect((await t.sql.query("SELECT id FROM talk_show WHERE id = $1", [hotel])).rows).toHaveLength(1);
  });
});

describe("administrator's review screens", () => {
  const adminOps: [string, string, Record<string, unknown>?, Record<string, string | number>?][] = [
    ["POST", "/talkShow/pageTalkShowList", {}],
    ["GET", "/talkShow/getCheckTalkShowStatus"],
    ["PUT", "/talkShow/updateCheckTalkShowStatus", { checkStatus: false }],
    ["GET", "/talkShow/getById", undefined, { id: 1 }],
    ["POST", "/talkShow/checkTalkShow", { id: 1, reviewStatus: 1 }],
    ["POST", "/talkShow", { content: "x" }],
    ["DELETE", "/talkShow", { ids: [1] }],
    ["POST", "/talkShow/pageTalkShow", {}],
  ];
  it.each(adminOps)("%s %s is refused to staff (403) and to no session (401)", async (method, url, body, query) => {
    expect403(await t.call(method, url, { sid: staff, body, query }));
    expect403(await t.call(method, url, { sid: lina, body, query }));
    const res = await t.call(method, url, { body, query });
    expect([res.statusCode, res.json().code]).toEqual([401, 4004]);
  });

  it("pages complaints only, with reply counts and every review state", async () => {
    const { rows } = await t.sql.query("SELECT count(*)::int AS n, count(*) FILTER (WHERE review_status = 0)::int AS pending FROM talk_show WHERE parent_id IS NULL");
    const res = await t.call("POST", "/talkShow/pageTalkShowList", { sid: admin, body: { pageSize: 100 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(rows[0].n);
    expect(data.records.every((r: any) => r.parentId === null && Array.isArray(r.replies) && r.replies.length === 0)).toBe(true);
    expect(data.records.find((r: any) => r.content === REIMBURSE)).toMatchObject({ replyCount: 2, likes: 2, userName: "张伟", reviewStatus: 1 });
    expect(data.records.find((r: any) => r.content === HOTEL).replyCount).toBe(2);
    const pending = (await t.call("POST", "/talkShow/pageTalkShowList", { sid: admin, body: { reviewStatus: 0, pageSize: 100 } })).json().data;
    expect(pending.total).toBe(rows[0].pending);
    expect(pending.records.every((r: any) => r.reviewStatus === 0)).toBe(true);
    const rejected = (await t.call("POST", "/talkShow/pageTalkShowList", { sid: admin, body: { reviewStatus: 2 } })).json().data;
    expect(rejected.records.map((r: any) => r.rejectReason)).toContain("请具体描述遇到的问题，以便相关部门跟进。Please describe the issue so the team can follow up.");
  });

  it("filters by content, author and dates and sorts by any allowed field", async () => {
    const list = async (body: Record<string, unknown>) => (await t.call("POST", "/talkShow/pageTalkShowList", { sid: admin, body: { pageSize: 100, ...body } })).json().data;
    const vpn = await list({ content: "vpn" });
    expect(vpn.records.map((r: any) => r.content)).toEqual(["The VPN disconnects every 20 minutes when I work from customer sites."]);
    const byName = await list({ userName: "李娜" });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.records.every((r: any) => r.userId === uid.lina)).toBe(true);
    expect((await list({ userName: "lina" })).total).toBe(byName.total);
    const today = new Date();
    const d = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, "0")}-${String(x.getDate()).padStart(2, "0")}`;
    const recent = await list({ startDate: d(new Date(today.getTime() - 6 * 86_400_000)), endDate: d(today) });
    const { rows } = await t.sql.query("SELECT count(*)::int AS n FROM talk_show WHERE parent_id IS NULL AND create_time >= date_trunc('day', now()) - interval '6 days'");
    expect(recent.total).toBe(rows[0].n);
    expect(recent.total).toBeGreaterThan(3);
    expect((await list({ startDate: "2000-01-01", endDate: "2000-01-31" })).total).toBe(0);
    const asc = (await list({ sortField: "likes", sortOrder: "asc" })).records.map((r: any) => r.likes);
    expect(asc).toEqual([...asc].sort((x: number, y: number) => x - y));
    const ids = (await list({ sortField: "id", sortOrder: "asc" })).records.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    for (const body of [{ startDate: "2026-02-30" }, { startDate: "2026-03-02", endDate: "2026-03-01" }, { startDate: "01/02/2026" }, { pageSize: 101 }, { reviewStatus: 5 }, { sortField: "content" }])
      expect400(await t.call("POST", "/talkShow/pageTalkShowList", { sid: admin, body }));
  });

  it("answers one complaint with all its replies in every state (GET /talkShow/getById)", async () => {
    const hotel = await idOf(HOTEL);
    const res = await t.call("GET", "/talkShow/getById", { sid: admin, query: { id: hotel } });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ id: hotel, parentId: null, userName: "张伟", reviewStatus: 1, replyCount: 2, likes: 2 });
    expect(c.replies.map((r: any) => [r.userName, r.reviewStatus, r.parentId])).toEqual([["系统管理员", 1, hotel], ["李娜", 0, hotel]]);
    const reply = await t.call("GET", "/talkShow/getById", { sid: admin, query: { id: c.replies[1].id } });
    expect(reply.json().data).toMatchObject({ parentId: hotel, replies: [], replyCount: 0 });
    expect404(await t.call("GET", "/talkShow/getById", { sid: admin, query: { id: 999999 } }));
    expect400(await t.call("GET", "/talkShow/getById", { sid: admin, query: { id: -1 } }));
  });

  it("posts official rows published at once (POST /talkShow)", async () => {
    const hotel = await idOf(HOTEL);
    const res = await t.call("POST", "/talkShow", { sid: admin, body: { content: " 旺季上浮方案已批准。 ", parentId: hotel } });
    expect(res.statusCode).toBe(200);
    const id = res.json().data;
    expect((await board(staff)).records.find((r) => r.id === hotel).replies.map((r: any) => r.content)).toContain("旺季上浮方案已批准。");
    expect400(await t.call("POST", "/talkShow", { sid: admin, body: { content: "x", parentId: id } }));
    expect404(await t.call("POST", "/talkShow", { sid: admin, body: { content: "x", parentId: 999999 } }));
    expect400(await t.call("POST", "/talkShow", { sid: admin, body: { content: "  " } }));
    const top = (await t.call("POST", "/talkShow", { sid: admin, body: { content: "Announcement" } })).json().data;
    expect((await board(lina)).records.find((r) => r.id === top)).toMatchObject({ reviewStatus: 1, userName: "系统管理员" });
  });

  it("pages replies, one complaint's or all (POST /talkShow/pageTalkShow)", async () => {
    const hotel = await idOf(HOTEL);
    const one = (await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { parentId: hotel, sortField: "createTime", sortOrder: "asc" } })).json().data;
    expect(one.records.every((r: any) => r.parentId === hotel)).toBe(true);
    expect(one.records.slice(0, 2).map((r: any) => r.reviewStatus)).toEqual([1, 0]);
    const all = (await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { pageSize: 100 } })).json().data;
    const { rows } = await t.sql.query("SELECT count(*)::int AS n FROM talk_show WHERE parent_id IS NOT NULL");
    expect(all.total).toBe(rows[0].n);
    expect(all.records.every((r: any) => typeof r.parentId === "number")).toBe(true);
    const pendingReplies = (await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { reviewStatus: 0, userName: "李娜" } })).json().data;
    expect(pendingReplies.records.map((r: any) => r.content)).toEqual(["希望也能考虑展会期间的特殊情况。"]);
    expect404(await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { parentId: 999999 } }));
    expect404(await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { parentId: one.records[0].id } })); // a reply is not a complaint
    expect400(await t.call("POST", "/talkShow/pageTalkShow", { sid: admin, body: { pageSize: 0 } }));
  });

  it("deletes by query or body, all or nothing (DELETE /talkShow)", async () => {
    const make = async (content: string) => (await t.call("POST", "/talkShow", { sid: admin, body: { content } })).json().data as number;
    const a = await make("del-a");
    const b = await make("del-b");
    const r = (await t.call("POST", "/talkShow", { sid: admin, body: { content: "del-a reply", parentId: a } })).json().data;
    expect404(await t.call("DELETE", "/talkShow", { sid: admin, body: { ids: [a, 999999] } }));
    expect((await t.sql.query("SELECT count(*)::int AS n FROM talk_show WHERE id = ANY($1)", [[a, b, r]])).rows[0].n).toBe(3);
    expect400(await t.call("DELETE", `/talkShow?ids=${a}`, { sid: admin, body: { ids: [b] } }));
    expect400(await t.call("DELETE", "/talkShow", { sid: admin }));
    expect400(await t.call("DELETE", "/talkShow", { sid: admin, body: { ids: [] } }));
    const byQuery = await t.call("DELETE", `/talkShow?ids=${a}`, { sid: admin });
    expect([byQuery.statusCode, byQuery.json().data]).toEqual([200, null]);
    expect((await t.sql.query("SELECT id FROM talk_show WHERE id = ANY($1)", [[a, r]])).rows).toEqual([]); // the reply went with it
    const c = await make("del-c");
    expect((await t.call("DELETE", `/talkShow?ids=${b}&ids=${c}`, { sid: admin })).statusCode).toBe(200);
    expect((await t.sql.query("SELECT id FROM talk_show WHERE id = ANY($1)", [[b, c]])).rows).toEqual([]);
    const d = await make("del-d");
    expect((await t.call("DELETE", "/talkShow", { sid: admin, body: { ids: [d] } })).statusCode).toBe(200);
    expect404(await t.call("DELETE", "/talkShow", { sid: admin, body: { ids: [d] } }));
  });
});
