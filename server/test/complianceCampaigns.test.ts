import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetAdministrator } from "../src/lib/adminReset.ts";
import { contentHashOf } from "../src/lib/esign/sign.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: read-and-acknowledge campaigns. Who is asked (departments with those below them, roles,
// named users; disabled users never), the policy versions an approval writes, progress and overdue,
// close and restart (reason in the audit trail, version-checked), reminders (once per person per
// hour), the export, the notifications, and the menu and buttons that guard them.

let t: TestApp;
let admin: string;
let ids: Record<string, number>;
let dept: Record<string, number>;
let roleId: number;
let policyId: number;
const PASSWORD = "Reader@2026x";

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows as T[];
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

async function mkDept(name: string, parentId: number | null) {
  return (await q<{ id: number }>("INSERT INTO sys_dept (dept_name, parent_id) VALUES ($1, $2) RETURNING id", [name, parentId]))[0].id;
}
async function mkUser(userName: string, deptId: number | null, status = 1) {
  const hash = await hashPassword(PASSWORD);
  const id = (await q<{ id: number }>("INSERT INTO sys_user (user_name, real_name, password_hash, status, dept_id) VALUES ($1, $2, $3, $4, $5) RETURNING id", [userName, `Real ${userName}`, hash, status, deptId]))[0].id;
  // staff, with the privacy policy accepted, so they can sign in and act
  await q("INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE role_code = 'staff'", [id]);
  await q("INSERT INTO personal_status_record (user_id, privacy_status, privacy_version, novice_guide_status) VALUES ($1, 1, '1.0.0', 1)", [id]);
  return id;
}

/** A policy made by the administrator and approved (answers its id). */
async function approvedPolicy(title: string, content: string) {
  const folderId = (await q<{ id: number }>("INSERT INTO bsc_folder (folder_name) VALUES ($1) RETURNING id", [`F ${title}`]))[0].id;
  const body = { title, keyword: `kw-${Math.random().toString(36).slice(2, 10)}`, folderId, content, deptId: dept.top, creator: ids.admin, status: 1 };
  const res = await t.call("POST", "/bscPolicy", { sid: admin, body });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data as number;
  expect((await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: admin, body: { id, status: 4 } })).statusCode).toBe(200);
  return id;
}
/** The policy edited (new content) and approved again. */
async function reapprove(id: number, content: string) {
  expect((await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: admin, body: { id, status: 0 } })).statusCode).toBe(200);
  const p = (await t.call("GET", "/bscPolicy/getById", { sid: admin, query: { id } })).json().data;
  const body = { id, version: p.version, title: p.title, keyword: p.keyword, folderId: p.folderId, content, deptId: p.deptId, creator: p.creator, status: 1 };
  const res = await t.call("POST", "/bscPolicy", { sid: admin, body });
  expect(res.statusCode, res.body).toBe(200);
  expect((await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: admin, body: { id, status: 4 } })).statusCode).toBe(200);
}
const versionsOf = (id: number) => q<{ id: number; content_hash: string; content: string }>("SELECT id, content_hash, content FROM bsc_policy_version WHERE policy_id = $1 ORDER BY id", [id]);

const create = (body: Record<string, unknown>, sid = admin) =>
  t.call("POST", "/compliance/campaign", {
    sid,
    body: { title: "Read the SOP", policyId, dueDate: day(7), signatureRequired: false, targets: { deptIds: [], roleIds: [], userIds: [] }, ...body },
  });
const people = async (id: number) =>
  (await q<{ user_id: number; dept_id: number | null; done_at: Date | null }>("SELECT user_id, dept_id, done_at FROM portal_campaign_assignee WHERE campaign_id = $1 ORDER BY user_id", [id]));
const detail = async (id: number) => (await t.call("GET", "/compliance/campaign", { sid: admin, query: { id } })).json().data;
const progress = async (id: number) => {
  const res = await t.call("GET", "/compliance/campaign/progress", { sid: admin, query: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const acknowledge = (sid: string, policyVersionId: number, contentHash: string) => t.call("POST", "/compliance/acknowledge", { sid, body: { policyVersionId, contentHash } });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  ids = Object.fromEntries((await q<{ id: number; user_name: string }>("SELECT id, user_name FROM sys_user")).map((r) => [r.user_name, r.id]));
  dept = {};
  dept.top = await mkDept("Quality", null);
  dept.mid = await mkDept("Quality / Audit", dept.top);
  dept.leaf = await mkDept("Quality / Audit / Field", dept.mid);
  dept.other = await mkDept("Sales", null);
  ids.q1 = await mkUser("q.top", dept.top);
  ids.q2 = await mkUser("q.mid", dept.mid);
  ids.q3 = await mkUser("q.leaf", dept.leaf);
  ids.qOff = await mkUser("q.disabled", dept.leaf, 0);
  ids.s1 = await mkUser("s.one", dept.other);
  ids.s2 = await mkUser("s.role", dept.other);
  ids.named = await mkUser("n.named", null);
  roleId = (await q<{ id: number }>("INSERT INTO sys_role (role_name, role_code) VALUES ('Auditors', 'auditors') RETURNING id"))[0].id;
  await q("INSERT INTO sys_user_role (user_id, role_id, sort) VALUES ($1, $2, 1), ($3, $2, 1)", [ids.s2, roleId, ids.qOff]);
  policyId = await approvedPolicy("Cleanroom SOP", "<p>Gowning steps v1</p>");
});
afterAll(async () => {
  await t?.close();
});

describe("policy versions", () => {
  it("an approval writes a version when the content changed, with its SHA-256; an unchanged approval writes none", async () => {
    const v = await versionsOf(policyId);
    expect(v).toHaveLength(1);
    expect(v[0].content_hash).toBe(contentHashOf(v[0].content));
    const id = await approvedPolicy("Versioned", "<p>One</p>");
    await reapprove(id, "<p>One</p>");
    expect(await versionsOf(id)).toHaveLength(1);
    await reapprove(id, "<p>Two</p>");
    const after = await versionsOf(id);
    expect(after).toHaveLength(2);
    expect(after[1].content).toBe("<p>Two</p>");
  });
});

describe("starting a campaign", () => {
  it("asks the enabled people of the departments and those below, of the roles, and the named users; notified once each", async () => {
    const res = await create({ targets: { deptIds: [dept.top], roleIds: [roleId], userIds: [ids.named] } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data as number;
    const asked = await people(id);
    expect(asked.map((p) => p.user_id).sort((a, b) => a - b)).toEqual([ids.q1, ids.q2, ids.q3, ids.s2, ids.named].sort((a, b) => a - b));
    // the department is the person's at the start
    expect(asked.find((p) => p.user_id === ids.q3)?.dept_id).toBe(dept.leaf);
    const told = await q<{ user_id: number; record_type: string; record_id: string; params: Record<string, unknown> }>(
      "SELECT user_id, record_type, record_id, params FROM portal_notification WHERE kind = 'readRequested' AND (params->>'campaignId')::int = $1 ORDER BY user_id",
      [id],
    );
    expect(told.map((n) => n.user_id)).toEqual(asked.map((p) => p.user_id));
    expect(told[0]).toMatchObject({ record_type: "policy", record_id: String(policyId), params: { campaignId: id, policyId, title: "Cleanroom SOP", dueDate: day(7), signatureRequired: false } });
  });

  it("a person who muted read requests is asked but not notified", async () => {
    await q("INSERT INTO portal_notification_preference (user_id, muted_kinds) VALUES ($1, '{readRequested}')", [ids.s1]);
    const id = (await create({ targets: { deptIds: [dept.other], roleIds: [], userIds: [] } })).json().data as number;
    expect((await people(id)).map((p) => p.user_id)).toContain(ids.s1);
    const told = await q("SELECT 1 FROM portal_notification WHERE kind = 'readRequested' AND user_id = $1", [ids.s1]);
    expect(told).toHaveLength(0);
  });

  it("refuses no targets, targets that hold nobody enabled, unknown targets, a past due date, a never-published policy", async () => {
    expect((await create({})).statusCode).toBe(400);
    const emptyDept = await mkDept("Empty", null);
    expect((await create({ targets: { deptIds: [emptyDept], roleIds: [], userIds: [ids.qOff] } })).statusCode).toBe(400);
    expect((await create({ targets: { deptIds: [2_000_000_000], roleIds: [], userIds: [] } })).statusCode).toBe(400);
    expect((await create({ dueDate: day(-1), targets: { deptIds: [dept.top], roleIds: [], userIds: [] } })).statusCode).toBe(400);
    const draftFolder = (await q<{ id: number }>("INSERT INTO bsc_folder (folder_name) VALUES ('drafts') RETURNING id"))[0].id;
    const draft = (await t.call("POST", "/bscPolicy", { sid: admin, body: { title: "Draft", keyword: "draft-only", folderId: draftFolder, content: "<p>x</p>", deptId: dept.top, creator: ids.admin } })).json().data;
    const res = await create({ policyId: draft, targets: { deptIds: [dept.top], roleIds: [], userIds: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().resultEnMessage).toMatch(/never published/);
  });

  it("a person who already acknowledged the version is done at once", async () => {
    const [v] = await versionsOf(policyId);
    const sid = await t.login("n.named", PASSWORD);
    expect((await acknowledge(sid, v.id, v.content_hash)).statusCode).toBe(200);
    const id = (await create({ targets: { deptIds: [], roleIds: [], userIds: [ids.named, ids.q1] } })).json().data as number;
    const asked = await people(id);
    expect(asked.find((p) => p.user_id === ids.named)?.done_at).not.toBeNull();
    expect(asked.find((p) => p.user_id === ids.q1)?.done_at).toBeNull();
  });
});

describe("progress, people, reminders, export", () => {
  it("counts done, pending and overdue in all and per department; overdue once the due date has passed", async () => {
    const id = (await create({ targets: { deptIds: [dept.top, dept.other], roleIds: [], userIds: [ids.named] } })).json().data as number;
    const [v] = await versionsOf(policyId);
    // n.named acknowledged before (done at once); q.mid acknowledges now
    expect((await acknowledge(await t.login("q.mid", PASSWORD), v.id, v.content_hash)).statusCode).toBe(200);
    let p = await progress(id);
    expect(p).toMatchObject({ total: 6, done: 2, pending: 4, overdue: 0 });
    const byDept = Object.fromEntries(p.departments.map((d: { deptId: number | null }) => [String(d.deptId), d]));
    expect(byDept[String(dept.mid)]).toMatchObject({ total: 1, done: 1, pending: 0, deptName: "Quality / Audit" });
    expect(byDept[String(dept.other)]).toMatchObject({ total: 2, done: 0, pending: 2 });
    expect(byDept.null).toMatchObject({ total: 1, done: 1, deptName: null });
    // most not-done first
    expect(p.departments[0].deptId).toBe(dept.other);
    // the due date passes: the pending are overdue
    await q("UPDATE portal_campaign SET due_date = current_date - 2 WHERE id = $1", [id]);
    p = await progress(id);
    expect(p).toMatchObject({ total: 6, done: 2, pending: 0, overdue: 4 });
    const overdue = (await t.call("POST", "/compliance/campaign/people/page", { sid: admin, body: { id, state: "overdue", pageSize: 100 } })).json().data;
    expect(overdue.total).toBe(4);
    expect(overdue.records.every((r: { state: string }) => r.state === "overdue")).toBe(true);
    const noDept = (await t.call("POST", "/compliance/campaign/people/page", { sid: admin, body: { id, deptId: 0 } })).json().data;
    expect(noDept.records.map((r: { userName: string }) => r.userName)).toEqual(["n.named"]);
    const byName = (await t.call("POST", "/compliance/campaign/people/page", { sid: admin, body: { id, name: "Real q.l" } })).json().data;
    expect(byName.records.map((r: { userName: string }) => r.userName)).toEqual(["q.leaf"]);
    expect((await detail(id)).overdue).toBe(4);
  });

  it("reminds the pending at most once per person per hour", async () => {
    const id = (await create({ targets: { deptIds: [dept.mid], roleIds: [], userIds: [] } })).json().data as number;
    // q.mid acknowledged the version before: done; q.leaf is pending
    const remind = () => t.call("POST", "/compliance/campaign/remind", { sid: admin, body: { id } });
    const first = await remind();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ reminded: 1 });
    expect((await remind()).json().data).toEqual({ reminded: 0 });
    const sent = await q<{ user_id: number }>("SELECT user_id FROM portal_notification WHERE kind = 'readReminder' AND (params->>'campaignId')::int = $1", [id]);
    expect(sent.map((r) => r.user_id)).toEqual([ids.q3]);
    await q("UPDATE portal_campaign_assignee SET reminded_at = now() - interval '61 minutes' WHERE campaign_id = $1", [id]);
    expect((await remind()).json().data).toEqual({ reminded: 1 });
  });

  it("exports an xlsx with the people and the figures", async () => {
    const id = (await create({ title: "Export me", targets: { deptIds: [dept.mid], roleIds: [], userIds: [] } })).json().data as number;
    const res = await t.call("GET", "/compliance/campaign/export", { sid: admin, query: { id } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toMatch(/spreadsheetml/);
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const out: string[][] = [];
      wb.getWorksheet(name)!.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((c) => String(c ?? ""))));
      return out;
    };
    const ppl = rows("people");
    expect(ppl[0][0]).toMatch(/Account/);
    expect(ppl.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ["q.mid", "已完成 Done"],
      ["q.leaf", "待完成 Pending"],
    ]);
    const figures = rows("departments");
    expect(figures.at(-1)).toEqual(["合计 All", "2", "1", "1", "0"]);
  });
});

describe("close and restart", () => {
  it("close needs the campaign's version and a reason; the audit trail has the create and the close with the reason and the actor", async () => {
    const id = (await create({ targets: { deptIds: [dept.other], roleIds: [], userIds: [] } })).json().data as number;
    const c = await detail(id);
    const close = (body: Record<string, unknown>) => t.call("PUT", "/compliance/campaign/close", { sid: admin, body: { id, version: c.version, reason: "Wrong audience", ...body } });
    expect((await close({ reason: undefined })).statusCode).toBe(400);
    const stale = await close({ version: c.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(4090);
    const done = await close({});
    expect(done.statusCode, done.body).toBe(200);
    expect((await detail(id)).status).toBe(0);
    const trail = await q<{ action: string; actor_id: number; actor_name: string; reason: string | null; operation: string }>(
      "SELECT action, actor_id, actor_name, reason, operation FROM portal_audit_trail WHERE record_type = 'campaign' AND record_id = $1 ORDER BY seq",
      [String(id)],
    );
    expect(trail.map((e) => [e.action, e.operation, e.reason])).toEqual([
      ["create", "createCampaign", null],
      ["change", "closeCampaign", "Wrong audience"],
    ]);
    expect(trail.every((e) => e.actor_id === ids.admin && e.actor_name.includes("(admin)"))).toBe(true);
    // a closed campaign is not in anyone's list
    const s1 = await t.login("s.one", PASSWORD);
    const list = (await t.call("POST", "/compliance/toRead/page", { sid: s1, body: { pageSize: 100 } })).json().data;
    expect(list.records.map((r: { campaignId: number }) => r.campaignId)).not.toContain(id);
    expect((await close({ version: c.version + 1 })).statusCode).toBe(400); // already closed
    // a restart reopens it
    const reopened = await t.call("POST", "/compliance/campaign/restart", { sid: admin, body: { id, version: c.version + 1, reason: "Audience fixed" } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await detail(id)).status).toBe(1);
    const again = (await t.call("POST", "/compliance/toRead/page", { sid: s1, body: { pageSize: 100 } })).json().data;
    expect(again.records.map((r: { campaignId: number }) => r.campaignId)).toContain(id);
    // an unknown campaign is 404 everywhere
    for (const [m, url] of [["GET", "/compliance/campaign"], ["GET", "/compliance/campaign/progress"], ["GET", "/compliance/campaign/export"]] as const)
      expect((await t.call(m, url, { sid: admin, query: { id: 2_000_000_000 } })).statusCode).toBe(404);
  });

  it("a new version makes the campaign superseded; restart asks everyone anew for it, keeps the earlier acknowledgements, notifies", async () => {
    const pid = await approvedPolicy("Restartable", "<p>R1</p>");
    const id = (await create({ policyId: pid, targets: { deptIds: [dept.mid], roleIds: [], userIds: [] } })).json().data as number;
    const [v1] = await versionsOf(pid);
    const mid = await t.login("q.mid", PASSWORD);
    expect((await acknowledge(mid, v1.id, v1.content_hash)).statusCode).toBe(200);
    expect((await progress(id)).done).toBe(1);
    expect((await detail(id)).superseded).toBe(false);
    await reapprove(pid, "<p>R2</p>");
    const c = await detail(id);
    expect(c.superseded).toBe(true);
    // the superseded version cannot be acknowledged any more
    const leaf = await t.login("q.leaf", PASSWORD);
    const late = await acknowledge(leaf, v1.id, v1.content_hash);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 4091 });
    expect(late.json().resultMessage).toBeTruthy();
    // a person moves department: the restart resolves the targets again
    await q("UPDATE sys_user SET dept_id = $1 WHERE id = $2", [dept.other, ids.q3]);
    const restart = (body: Record<string, unknown>) => t.call("POST", "/compliance/campaign/restart", { sid: admin, body: { id, version: c.version, reason: "Version 2 published", ...body } });
    expect((await restart({ version: c.version + 5 })).json().code).toBe(4090);
    const res = await restart({});
    expect(res.statusCode, res.body).toBe(200);
    const [, v2] = await versionsOf(pid);
    const after = await detail(id);
    expect(after).toMatchObject({ policyVersionId: v2.id, superseded: false, total: 1, done: 0, pending: 1 });
    expect(after.restartedAt).toBeTruthy();
    expect((await people(id)).map((p) => p.user_id)).toEqual([ids.q2]);
    expect(await q("SELECT 1 FROM portal_acknowledgement WHERE user_id = $1 AND policy_version_id = $2", [ids.q2, v1.id])).toHaveLength(1);
    const told = await q("SELECT 1 FROM portal_notification WHERE kind = 'readRequested' AND user_id = $1 AND (params->>'campaignId')::int = $2", [ids.q2, id]);
    expect(told).toHaveLength(2);
    const trail = await q<{ reason: string; operation: string }>("SELECT reason, operation FROM portal_audit_trail WHERE record_type = 'campaign' AND record_id = $1 AND action = 'change'", [String(id)]);
    expect(trail).toEqual([{ reason: "Version 2 published", operation: "restartCampaign" }]);
    await q("UPDATE sys_user SET dept_id = $1 WHERE id = $2", [dept.leaf, ids.q3]);
  });
});

describe("permissions", () => {
  it("staff cannot see or start campaigns; the seed gives the administrator the menu and both buttons", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    expect((await t.call("POST", "/compliance/campaign/page", { sid: staff, body: {} })).statusCode).toBe(403);
    expect((await create({ targets: { deptIds: [dept.top], roleIds: [], userIds: [] } }, staff)).statusCode).toBe(403);
    const granted = await q<{ url: string }>(
      "SELECT m.url FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id JOIN sys_role r ON r.id = rm.role_id WHERE r.role_code = 'admin' AND m.url IN ('/compliance/campaign', 'compliance:campaign:add', 'compliance:campaign:edit') ORDER BY m.url",
    );
    expect(granted.map((g) => g.url)).toEqual(["/compliance/campaign", "compliance:campaign:add", "compliance:campaign:edit"]);
    const page = (await t.call("POST", "/compliance/campaign/page", { sid: admin, body: { title: "Export" } })).json().data;
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(["Export me"]);
  });

  it("admin:reset puts the campaign menu and its buttons back, granted to the administrator role", async () => {
    await q("DELETE FROM sys_menu WHERE url IN ('compliance:campaign:add', 'compliance:campaign:edit', '/compliance/campaign')");
    const res = await resetAdministrator(t.app.db, { userName: "admin" });
    expect(res.lines.join("\n")).toMatch(/menus: restored 3 missing menus and buttons/);
    const granted = await q<{ url: string }>(
      "SELECT m.url FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id JOIN sys_role r ON r.id = rm.role_id WHERE r.is_admin AND m.url IN ('/compliance/campaign', 'compliance:campaign:add', 'compliance:campaign:edit') ORDER BY m.url",
    );
    expect(granted.map((g) => g.url)).toEqual(["/compliance/campaign", "compliance:campaign:add", "compliance:campaign:edit"]);
  });
});
