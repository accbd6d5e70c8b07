import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { openStream, until, type SseStream } from "./support/sse.ts";
import { versionOf } from "./support/versions.ts";

// Issue 23: what makes a notification (tasks, complaints, a privacy version, a role change, the
// moderators' counts), the person's list, unread count and marking read (their own only), and the
// kinds a person chooses not to receive.

let t: TestApp;
let admin: string;
let zhang: string;
let lina: string;
let ids: Record<string, number>;
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  [admin, zhang, lina] = await Promise.all([t.login("admin", "Admin@12345"), t.login("zhangwei", "Staff@12345"), t.login("lina", "Staff@12345")]);
  const { rows } = await t.sql.query("SELECT id, user_name FROM sys_user");
  ids = Object.fromEntries(rows.map((r) => [r.user_name, r.id]));
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

async function stream(sid: string) {
  const s = await openStream(t.app, sid);
  opened.push(s);
  if (s.status !== 200) throw new Error(`the stream was refused: ${s.status}`);
  await s.waitFor((e) => e.event === "ready");
  return s;
}

const list = (sid: string, body: Record<string, unknown> = {}) => t.call("POST", "/notification/page", { sid, body });
const unread = async (sid: string) => (await t.call("GET", "/notification/unreadCount", { sid })).json().data as number;
const addTask = (userId: number, name: string, handled = 0) =>
  t.sql.query(
    "INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, task_status, task_name, task_sponsor) VALUES ($1, 0, $2, 1, $3, '李娜') RETURNING id",
    [userId, handled, name],
  ).then((r) => r.rows[0].id as number);

describe("the seed", () => {
  it("makes no notification of seeded tasks (history, not news)", async () => {
    const { rows } = await t.sql.query("SELECT count(*)::int AS n FROM portal_notification");
    expect(rows[0].n).toBe(0);
  });
});

describe("tasks (written by the source systems' feed: the triggers of personal_task)", () => {
  it("a task that comes to wait on someone notifies them and moves their pending count; one handled moves it back", async () => {
    const s = await stream(zhang);
    const before = (await t.call("GET", "/personalTask/getTaskPending", { sid: zhang })).json().data as number;
    const taskId = await addTask(ids.zhangwei, "Approve the travel request");
    const n = await s.waitFor((e) => e.event === "notification" && e.data.record.id === taskId);
    expect(n.data).toMatchObject({ kind: "taskPending", record: { type: "task", id: taskId }, params: { taskName: "Approve the travel request", taskSponsor: "李娜", approval: true } });
    const up = await s.waitFor((e) => e.event === "counts" && e.data.counts.taskPending === before + 1);
    expect(up.id).toBeUndefined();
    expect(up.data).toMatchObject({ id: null, kind: "taskCounts", record: null });
    await t.sql.query("UPDATE personal_task SET handled_status = 1 WHERE id = $1", [taskId]);
    await s.waitFor((e) => e.event === "counts" && e.data.counts.taskPending === before);
    // A handled task is no new notification; a task already handled when written is none either.
    await addTask(ids.zhangwei, "Already done", 1);
    const taskIds = (await t.sql.query("SELECT record_id FROM portal_notification WHERE kind = 'taskPending' AND user_id = $1", [ids.zhangwei])).rows.map((r) => Number(r.record_id));
    expect(taskIds).toEqual([taskId]);
  });
});

describe("the person's list", () => {
  it("lists the caller's own notifications newest first, counts the unread, and marks one or all read", async () => {
    const a = await addTask(ids.lina, "Lina first");
    const b = await addTask(ids.lina, "Lina second");
    await addTask(ids.zhangwei, "Not lina's");
    const page = (await list(lina)).json().data;
    expect(page.records.map((r: { record: { id: number } }) => r.record.id)).toEqual([b, a]);
    expect(page.total).toBe(2);
    expect(page.records[0]).toMatchObject({ kind: "taskPending", readAt: null, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(await unread(lina)).toBe(2);
    const first = page.records[1].id as number;
    const read = await t.call("PUT", "/notification/read", { sid: lina, body: { id: first } });
    expect(read.json()).toMatchObject({ code: 0, data: first });
    expect(await unread(lina)).toBe(1);
    expect((await list(lina, { unreadOnly: true })).json().data.records.map((r: { id: number }) => r.id)).toEqual([page.records[0].id]);
    const all = await t.call("PUT", "/notification/readAll", { sid: lina });
    expect(all.json().data).toBe(1);
    expect(await unread(lina)).toBe(0);
    expect((await list(lina)).json().data.records.every((r: { readAt: string | null }) => r.readAt !== null)).toBe(true);
  });

  it("never shows or marks another person's notification (404 as for an unknown id)", async () => {
    const theirs = (await t.sql.query("SELECT id FROM portal_notification WHERE user_id = $1 AND read_at IS NULL LIMIT 1", [ids.zhangwei])).rows[0].id as number;
    const refused = await t.call("PUT", "/notification/read", { sid: lina, body: { id: Number(theirs) } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 404, resultEnMessage: "Notification does not exist" });
    const still = (await t.sql.query("SELECT read_at FROM portal_notification WHERE id = $1", [theirs])).rows[0].read_at;
    expect(still).toBeNull();
    expect((await list(lina)).json().data.records.some((r: { id: number }) => r.id === Number(theirs))).toBe(false);
    expect((await t.call("PUT", "/notification/readAll", { sid: lina })).json().data).toBe(0);
    expect(await unread(zhang)).toBeGreaterThan(0);
  });
});

describe("preferences", () => {
  it("every kind is received until the person turns it off; a kind turned off is not written at all", async () => {
    const initial = (await t.call("GET", "/notification/preference", { sid: lina })).json().data;
    expect(initial.kinds.every((k: { enabled: boolean }) => k.enabled)).toBe(true);
    expect(initial.kinds.map((k: { kind: string }) => k.kind)).toContain("taskPending");
    const set = await t.call("PUT", "/notification/preference", { sid: lina, body: { kinds: [{ kind: "taskPending", enabled: false }] } });
    expect(set.json().data.kinds).toContainEqual({ kind: "taskPending", enabled: false });
    expect(set.json().data.kinds).toContainEqual({ kind: "roleChanged", enabled: true });
    const s = await stream(lina);
    const before = (await list(lina)).json().data.total;
    const muted = await addTask(ids.lina, "Muted task");
    // The count event still comes (the task card updates); the notification does not.
    await s.waitFor((e) => e.event === "counts" && e.data.kind === "taskCounts");
    expect(s.events.filter((e) => e.event === "notification")).toEqual([]);
    expect((await list(lina)).json().data.total).toBe(before);
    expect((await t.sql.query("SELECT count(*)::int AS n FROM portal_notification WHERE record_id = $1 AND kind = 'taskPending'", [muted])).rows[0].n).toBe(0);
    // Turned on again, the next one arrives.
    await t.call("PUT", "/notification/preference", { sid: lina, body: { kinds: [{ kind: "taskPending", enabled: true }] } });
    const next = await addTask(ids.lina, "Heard task");
    await s.waitFor((e) => e.event === "notification" && e.data.record.id === next);
  });

  it("refuses an unknown kind (400)", async () => {
    const res = await t.call("PUT", "/notification/preference", { sid: lina, body: { kinds: [{ kind: "everything", enabled: false }] } });
    expect(res.statusCode).toBe(400);
  });
});

describe("the listener", () => {
  it("opens its connection again when it is lost, and sends the open streams what was committed meanwhile", async () => {
    const s = await stream(zhang);
    const { listener } = t.app.notifications;
    const cut = await t.sql.query("SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN portal_events'");
    expect(cut.rows.map((r) => r.done)).toEqual([true]);
    await until(() => !listener.listening, 20_000, "the listener to notice the lost connection");
    // Committed while nobody listens: its NOTIFY reaches no instance.
    const taskId = await addTask(ids.zhangwei, "While the listener was away");
    await s.waitFor((e) => e.event === "notification" && e.data.record.id === taskId);
    expect(listener.listening).toBe(true);
  });
});

describe("what else notifies", () => {
  it("an administrator's change of someone's roles tells them, with the roles they now hold", async () => {
    const s = await stream(lina);
    const body = { id: ids.lina, version: await versionOf(t, "sys_user", ids.lina), realName: "李娜", roleCodes: ["staff"], bu: "Quality", email: "li.na@example.com", phone: null };
    expect((await t.call("PUT", "/sysUserRole", { sid: admin, body })).statusCode).toBe(200);
    const e = await s.waitFor((x) => x.event === "notification" && x.data.kind === "roleChanged");
    expect(e.data).toMatchObject({ record: { type: "user", id: ids.lina }, params: { roleCodes: ["staff"] } });
    // The same roles again are no change: no second notification.
    await t.call("PUT", "/sysUserRole", { sid: admin, body: { ...body, version: await versionOf(t, "sys_user", ids.lina) } });
    const n = (await t.sql.query("SELECT count(*)::int AS n FROM portal_notification WHERE user_id = $1 AND kind = 'roleChanged'", [ids.lina])).rows[0].n;
    expect(n).toBe(1);
  });

  it("the moderators' waiting counts go only to sessions whose role grants the admin home", async () => {
    const moderator = await stream(admin);
    const staff = await stream(zhang);
    await t.call("PUT", "/talkShow/updateCheckTalkShowStatus", { sid: admin, body: { checkStatus: 1 } });
    const posted = await t.call("POST", "/helpcenterTalkShow", { sid: zhang, body: { content: "Please add a bike rack." } });
    expect(posted.json().data.reviewStatus).toBe(0);
    const counts = await moderator.waitFor((e) => e.event === "counts" && e.data.kind === "moderationCounts");
    const stats = (await t.call("GET", "/adminHome/stats", { sid: admin })).json().data;
    expect(counts.data.counts).toEqual({ complaintsPending: stats.complaintsPending, repliesPending: stats.repliesPending });
    // zhangwei's own stream then hears of the rejection, never of the counts.
    await t.call("POST", "/talkShow/checkTalkShow", { sid: admin, body: { id: posted.json().data.id, reviewStatus: 2, rejectReason: "Duplicate" } });
    const decided = await staff.waitFor((e) => e.event === "notification" && e.data.kind === "complaintDecided");
    expect(decided.data.params).toMatchObject({ reviewStatus: 2, rejectReason: "Duplicate" });
    expect(staff.events.filter((e) => e.event === "counts" && e.data.kind === "moderationCounts")).toEqual([]);
  });

  it("a new privacy-policy version tells every enabled user", async () => {
    const s = await stream(zhang);
    const res = await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body: { policyVersion: "9.0.0", policyContent: "<p>New terms</p>" } });
    expect(res.statusCode).toBe(200);
    const e = await s.waitFor((x) => x.event === "notification" && x.data.kind === "privacyPolicyPublished");
    expect(e.data).toMatchObject({ record: { type: "privacyPolicy", id: res.json().data }, params: { policyVersion: "9.0.0" } });
    const { rows } = await t.sql.query(
      "SELECT (SELECT count(*)::int FROM portal_notification WHERE kind = 'privacyPolicyPublished') AS told, (SELECT count(*)::int FROM sys_user WHERE status = 1) AS enabled",
    );
    expect(rows[0].told).toBe(rows[0].enabled);
  });
});
