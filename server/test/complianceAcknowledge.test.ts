import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/passwords.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: an acknowledgement and its signature are always the caller's own and only of the
// policy's current version with its exact content: no way to name another person (an
// administrator's session acknowledges for itself only), no superseded version, no wrong content
// hash, no signature without re-authentication where a campaign asks for one (403 4031), a wrong
// password refused and counted (locked after repeated failures: 429). The audit trail has the
// acknowledgement and the signature with the person as actor. A person with such records cannot be
// deleted (409 4092).

let t: TestApp;
let admin: string;
let ids: Record<string, number>;
let policyId: number;
let version: { id: number; content_hash: string };
const PASSWORD = "Signer@2026x";

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows as T[];
const inDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

async function mkUser(userName: string) {
  const id = (
    await q<{ id: number }>("INSERT INTO sys_user (user_name, real_name, password_hash) VALUES ($1, $2, $3) RETURNING id", [userName, `Signer ${userName}`, await hashPassword(PASSWORD)])
  )[0].id;
  await q("INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE role_code = 'staff'", [id]);
  await q("INSERT INTO personal_status_record (user_id, privacy_status, privacy_version, novice_guide_status) VALUES ($1, 1, '1.0.0', 1)", [id]);
  return id;
}

const enc = (p: string) => t.app.transportKey.encrypt(p);
const ack = (sid: string, body: Record<string, unknown>) =>
  t.call("POST", "/compliance/acknowledge", { sid, body: { policyVersionId: version.id, contentHash: version.content_hash, ...body } });
const campaign = async (userIds: number[], signatureRequired: boolean) => {
  const res = await t.call("POST", "/compliance/campaign", {
    sid: admin,
    body: { title: signatureRequired ? "Sign it" : "Read it", policyId, dueDate: inDays(3), signatureRequired, targets: { deptIds: [], roleIds: [], userIds } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
};
const assignment = async (campaignId: number, userId: number) =>
  (await q<{ done_at: Date | null; acknowledgement_id: string | null }>("SELECT done_at, acknowledgement_id FROM portal_campaign_assignee WHERE campaign_id = $1 AND user_id = $2", [campaignId, userId]))[0];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  ids = Object.fromEntries((await q<{ id: number; user_name: string }>("SELECT id, user_name FROM sys_user")).map((r) => [r.user_name, r.id]));
  for (const u of ["plain.reader", "signer", "locked.out", "other.person"]) ids[u] = await mkUser(u);
  const folderId = (await q<{ id: number }>("INSERT INTO bsc_folder (folder_name) VALUES ('SOPs') RETURNING id"))[0].id;
  const deptId = (await q<{ id: number }>("SELECT id FROM sys_dept ORDER BY id LIMIT 1"))[0].id;
  const made = await t.call("POST", "/bscPolicy", { sid: admin, body: { title: "Sterile SOP", keyword: "sterile-sop", folderId, content: "<p>Sterilise</p>", deptId, creator: ids.admin, status: 1 } });
  policyId = made.json().data;
  expect((await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: admin, body: { id: policyId, status: 4 } })).statusCode).toBe(200);
  [version] = await q("SELECT id, content_hash FROM bsc_policy_version WHERE policy_id = $1", [policyId]);
});
afterAll(async () => {
  await t?.close();
});

describe("for the caller only", () => {
  it("the body cannot name a person (an extra property is refused)", async () => {
    for (const extra of [{ userId: ids["other.person"] }, { userName: "other.person" }]) {
      const res = await ack(admin, extra);
      expect(res.statusCode).toBe(400);
    }
    expect(await q("SELECT 1 FROM portal_acknowledgement")).toHaveLength(0);
  });

  it("an administrator's session acknowledges for the administrator, nobody else", async () => {
    const res = await ack(admin, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await q<{ user_id: number }>("SELECT user_id FROM portal_acknowledgement");
    expect(rows.map((r) => r.user_id)).toEqual([ids.admin]);
    expect(res.json().data).toMatchObject({ policyVersionId: version.id, signature: null });
  });
});

describe("only the current version with its content", () => {
  it("a wrong content hash is 409 4091, in both languages; nothing written", async () => {
    const sid = await t.login("other.person", PASSWORD);
    const res = await ack(sid, { contentHash: "0".repeat(64) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 4091 });
    expect(res.json().resultMessage).toMatch(/内容/);
    expect(res.json().resultEnMessage).toMatch(/content/);
    expect(await q("SELECT 1 FROM portal_acknowledgement WHERE user_id = $1", [ids["other.person"]])).toHaveLength(0);
    // an unknown version is 404
    expect((await ack(sid, { policyVersionId: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe("the signature a campaign asks for", () => {
  it("without re-authentication: 403 4031, neither acknowledgement nor signature, the person still pending", async () => {
    const c = await campaign([ids.signer], true);
    const sid = await t.login("signer", PASSWORD);
    const status = (await t.call("GET", "/compliance/acknowledgement/status", { sid, query: { policyId } })).json().data;
    expect(status).toMatchObject({ policyVersionId: version.id, contentHash: version.content_hash, requested: true, signatureRequired: true, meaning: "readUnderstood", dueDate: inDays(3), acknowledgement: null });
    const res = await ack(sid, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(4031);
    expect(await q("SELECT 1 FROM portal_acknowledgement WHERE user_id = $1", [ids.signer])).toHaveLength(0);
    expect(await q("SELECT 1 FROM portal_signature WHERE user_id = $1", [ids.signer])).toHaveLength(0);
    expect((await assignment(c, ids.signer)).done_at).toBeNull();
  });

  it("a wrong password: 400, counted; nothing written", async () => {
    const sid = await t.login("signer", PASSWORD);
    const res = await ack(sid, { signature: { method: "password", password: enc("Wrong@2026x") } });
    expect(res.statusCode).toBe(400);
    expect((await q<{ failures: number }>("SELECT failures FROM sys_login_throttle WHERE key = $1", [`esign:${ids.signer}`]))[0]?.failures).toBe(1);
    expect(await q("SELECT 1 FROM portal_signature WHERE user_id = $1", [ids.signer])).toHaveLength(0);
  });

  it("the password again: the acknowledgement with its signature, the campaign done; in the audit trail with the person as actor; a second call answers the same", async () => {
    const c = (await q<{ id: number }>("SELECT id FROM portal_campaign WHERE title = 'Sign it'"))[0].id;
    const sid = await t.login("signer", PASSWORD);
    const res = await ack(sid, { signature: { method: "password", password: enc(PASSWORD) } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.signature).toMatchObject({
      printedName: "Signer signer",
      userName: "signer",
      meaning: "readUnderstood",
      method: "password",
      recordType: "policyVersion",
      recordId: String(version.id),
      contentHash: version.content_hash,
    });
    const a = await assignment(c, ids.signer);
    expect(a.done_at).not.toBeNull();
    expect(Number(a.acknowledgement_id)).toBe(data.id);
    const trail = await q<{ record_type: string; actor_id: number; actor_name: string; operation: string }>(
      "SELECT record_type, actor_id, actor_name, operation FROM portal_audit_trail WHERE (record_type = 'acknowledgement' AND record_id = $1) OR (record_type = 'signature' AND record_id = $2) ORDER BY seq",
      [String(data.id), String(data.signature.id)],
    );
    expect(trail.map((e) => e.record_type)).toEqual(["signature", "acknowledgement"]);
    for (const e of trail) expect(e).toMatchObject({ actor_id: ids.signer, actor_name: "Signer signer (signer)", operation: "acknowledgePolicy" });
    const again = await ack(sid, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(data);
    expect(await q("SELECT 1 FROM portal_signature WHERE user_id = $1", [ids.signer])).toHaveLength(1);
    const list = (await t.call("POST", "/compliance/toRead/page", { sid, body: {} })).json().data;
    expect(list.records).toEqual([expect.objectContaining({ campaignId: c, state: "done", signatureRequired: true, policyId, policyVersionId: version.id })]);
    expect((await t.call("GET", "/compliance/toRead/count", { sid })).json().data).toEqual({ pending: 0, overdue: 0 });
  });

  it("repeated wrong passwords lock signing (429), even with the right password then", async () => {
    await campaign([ids["locked.out"]], true);
    const sid = await t.login("locked.out", PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await ack(sid, { signature: { method: "password", password: enc(`Wrong@${i}x`) } })).statusCode);
    expect(codes[0]).toBe(400);
    expect(codes).toContain(429);
    expect((await ack(sid, { signature: { method: "password", password: enc(PASSWORD) } })).statusCode).toBe(429);
    expect(await q("SELECT 1 FROM portal_acknowledgement WHERE user_id = $1", [ids["locked.out"]])).toHaveLength(0);
  });

  it("without a campaign asking for it, a signature is optional; sent, it is made", async () => {
    const reader = await t.login("plain.reader", PASSWORD);
    await campaign([ids["plain.reader"]], false);
    expect((await t.call("GET", "/compliance/toRead/count", { sid: reader })).json().data).toEqual({ pending: 1, overdue: 0 });
    const res = await ack(reader, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signature).toBeNull();
    const other = await t.login("other.person", PASSWORD);
    const signed = await ack(other, { signature: { method: "password", password: enc(PASSWORD) } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.signature).toMatchObject({ userName: "other.person", meaning: "readUnderstood" });
  });
});

describe("the to-read list and badge", () => {
  it("the caller's requests of open campaigns: pending first (overdue, then by due date), then done; counts; a never-published policy's status is 404", async () => {
    const me = await mkUser("list.reader");
    const sid = await t.login("list.reader", PASSWORD);
    const late = await campaign([me], false);
    const soon = await campaign([me], false);
    const later = await campaign([me], false);
    const closed = await campaign([me], false);
    await q("UPDATE portal_campaign SET due_date = current_date - 1 WHERE id = $1", [late]);
    await q("UPDATE portal_campaign SET due_date = current_date + 30 WHERE id = $1", [later]);
    await q("UPDATE portal_campaign SET status = 0 WHERE id = $1", [closed]);
    const page = async (body: Record<string, unknown> = {}) => (await t.call("POST", "/compliance/toRead/page", { sid, body })).json().data;
    const all = await page();
    expect(all.records.map((r: { campaignId: number; state: string }) => [r.campaignId, r.state])).toEqual([
      [late, "overdue"],
      [soon, "pending"],
      [later, "pending"],
    ]);
    expect((await page({ state: "done" })).total).toBe(0);
    expect((await t.call("GET", "/compliance/toRead/count", { sid })).json().data).toEqual({ pending: 3, overdue: 1 });
    expect((await ack(sid, {})).statusCode).toBe(200);
    const done = await page({ state: "done" });
    expect(done.total).toBe(3);
    expect(done.records.every((r: { state: string; doneAt: string | null }) => r.state === "done" && r.doneAt)).toBe(true);
    expect((await t.call("GET", "/compliance/toRead/count", { sid })).json().data).toEqual({ pending: 0, overdue: 0 });
    // the closed campaign's assignment is left as it was
    expect((await assignment(closed, me)).done_at).toBeNull();
    expect((await t.call("GET", "/compliance/acknowledgement/status", { sid, query: { policyId: 2_000_000_000 } })).statusCode).toBe(404);
  });
});

describe("deleting a person with regulated records", () => {
  it("is refused with 409 4092 in both languages; the person stays", async () => {
    const leaver = await mkUser("leaver");
    const sid = await t.login("leaver", PASSWORD);
    expect((await ack(sid, { signature: { method: "password", password: enc(PASSWORD) } })).statusCode).toBe(200);
    const res = await t.call("DELETE", "/sysUserRole", { sid: admin, query: { id: leaver } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 4092 });
    expect(res.json().resultMessage).toMatch(/签名/);
    expect(res.json().resultEnMessage).toMatch(/signatures/);
    expect(await q("SELECT 1 FROM sys_user WHERE id = $1", [leaver])).toHaveLength(1);
  });
});
