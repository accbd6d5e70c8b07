import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: electronic signatures as a setting per action - publishing a privacy-policy version and
// a complaint moderation decision. Off (the seed): the actions work as before. On: the action needs
// the signer's password again (or a fresh SSO login, esign-sso.test.ts) and is signed in its own
// transaction; without a signature, 403 4031 and nothing is done.

let t: TestApp;
let admin: string;
let staff: string;
const uid: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
  for (const [name, sid] of [["admin", admin], ["zhangwei", staff]] as const) uid[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");
const password = (plain: string) => ({ method: "password", password: t.app.transportKey.encrypt(plain) });
const setting = (sid: string, body: Record<string, unknown>) => t.call("PUT", "/esign/settings", { sid, body });
const settings = async (sid = admin) => (await t.call("GET", "/esign/settings", { sid })).json().data;
const publish = (body: Record<string, unknown>) => t.call("POST", "/bscPrivacyPolicy", { sid: admin, body });
const versions = async () => (await t.sql.query("SELECT id, policy_version FROM bsc_privacy_policy ORDER BY id")).rows.map((r) => r.policy_version);
const accept = (sid: string, userId: number, privacyVersion: string) => t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion } });
const signaturesOf = (sid: string, recordType: string, recordId: number | string) =>
  t.call("GET", "/esign/signatures", { sid, query: { recordType, recordId: String(recordId) } });
const pending = async () => (await t.sql.query("SELECT id, content FROM talk_show WHERE review_status = 0 ORDER BY id")).rows.map((r) => ({ id: Number(r.id), content: r.content as string }));
const check = (body: Record<string, unknown>) => t.call("POST", "/talkShow/checkTalkShow", { sid: admin, body });
const signatureCount = async () => Number((await t.sql.query("SELECT count(*) FROM portal_signature")).rows[0].count);

describe("the e-sign settings", () => {
  it("are seeded off, one per action; staff may neither read nor set them", async () => {
    expect(await settings()).toEqual([
      { action: "privacyPublish", required: false, meaning: "approved" },
      { action: "complaintModeration", required: false, meaning: "reviewed" },
    ]);
    expect((await t.call("GET", "/esign/settings", { sid: staff })).statusCode).toBe(403);
    expect((await setting(staff, { action: "privacyPublish", required: true, meaning: "approved" })).statusCode).toBe(403);
    expect((await setting(admin, { action: "other", required: true, meaning: "approved" })).statusCode).toBe(400);
    expect((await setting(admin, { action: "privacyPublish", required: true, meaning: "liked" })).statusCode).toBe(400);
  });

  it("a change is in the audit trail with who made it, before and after", async () => {
    const res = await setting(admin, { action: "privacyPublish", required: false, meaning: "reviewed" });
    expect(res.json().data).toEqual({ action: "privacyPublish", required: false, meaning: "reviewed" });
    const [row] = (await t.sql.query("SELECT * FROM portal_audit_trail WHERE record_type = 'esignSetting' ORDER BY seq DESC LIMIT 1")).rows;
    expect(row).toMatchObject({ record_id: "privacyPublish", action: "change", operation: "updateEsignSetting" });
    expect(row.actor_name).toContain("(admin)");
    expect(row.before.meaning).toBe("approved");
    expect(row.after.meaning).toBe("reviewed");
  });
});

describe("publishing a privacy-policy version", () => {
  it("off: published without a signature, as before", async () => {
    await setting(admin, { action: "privacyPublish", required: false, meaning: "approved" });
    const before = await signatureCount();
    const res = await publish({ policyContent: "Version two", policyVersion: "1.1.0" });
    expect(res.json().code, res.body).toBe(0);
    expect(await signatureCount()).toBe(before);
    expect((await accept(admin, uid.admin, "1.1.0")).json().code).toBe(0);
  });

  it("required: refused without a signature (403 4031) and with a wrong password; nothing published, nobody notified", async () => {
    await setting(admin, { action: "privacyPublish", required: true, meaning: "approved" });
    const notes = Number((await t.sql.query("SELECT count(*) FROM portal_notification")).rows[0].count);
    const none = await publish({ policyContent: "Version three", policyVersion: "1.2.0" });
    expect([none.statusCode, none.json().code]).toEqual([403, 4031]);
    expect(none.json().resultEnMessage).toBe("This action needs your electronic signature: confirm who you are and sign");
    const wrong = await publish({ policyContent: "Version three", policyVersion: "1.2.0", signature: password("wrong-Password1") });
    expect([wrong.statusCode, wrong.json().errors?.[0]?.rule]).toEqual([400, "wrong"]);
    expect(await versions()).not.toContain("1.2.0");
    expect(Number((await t.sql.query("SELECT count(*) FROM portal_notification")).rows[0].count)).toBe(notes);
  });

  it("required: published with the password, signed in the same transaction with the content's hash and the setting's meaning", async () => {
    const content = "Version three: what we keep, why, and for how long";
    const res = await publish({ policyContent: `  ${content} `, policyVersion: "1.2.0", signature: password("Admin@12345") });
    expect(res.json().code, res.body).toBe(0);
    const id = res.json().data as number;
    expect((await accept(admin, uid.admin, "1.2.0")).json().code).toBe(0);
    const list = await signaturesOf(admin, "privacyPolicy", id);
    expect(list.json().data).toEqual([
      expect.objectContaining({ printedName: "系统管理员", userName: "admin", meaning: "approved", method: "password", recordType: "privacyPolicy", recordId: String(id), contentHash: sha256(content) }),
    ]);
    // Staff may not see the signatures of a privacy-policy version (an administrator's record).
    expect((await accept(staff, uid.zhangwei, "1.2.0")).json().code).toBe(0);
    expect((await signaturesOf(staff, "privacyPolicy", id)).statusCode).toBe(403);
  });
});

describe("a complaint moderation decision", () => {
  it("off: decided without a signature, as before", async () => {
    const [p] = await pending();
    const before = await signatureCount();
    expect((await check({ id: p.id, reviewStatus: 1 })).json().code).toBe(0);
    expect(await signatureCount()).toBe(before);
  });

  it("required: refused without a signature, nothing decided; decided with the password and signed with the content's hash", async () => {
    await setting(admin, { action: "complaintModeration", required: true, meaning: "reviewed" });
    const [p] = await pending();
    const none = await check({ id: p.id, reviewStatus: 2, rejectReason: "Off topic" });
    expect([none.statusCode, none.json().code]).toEqual([403, 4031]);
    expect((await pending()).map((r) => r.id)).toContain(p.id);

    const res = await check({ id: p.id, reviewStatus: 2, rejectReason: "Off topic", signature: password("Admin@12345") });
    expect(res.json().code, res.body).toBe(0);
    expect((await pending()).map((r) => r.id)).not.toContain(p.id);
    const list = (await signaturesOf(admin, "talkShow", p.id)).json().data;
    expect(list).toEqual([expect.objectContaining({ userName: "admin", meaning: "reviewed", method: "password", recordType: "talkShow", contentHash: sha256(p.content) })]);
    // A moderation signature is seen by the moderators, not by staff (the author included).
    expect((await signaturesOf(staff, "talkShow", p.id)).statusCode).toBe(403);
  });
});

describe("signatures of policy versions", () => {
  it("a person sees only their own; the campaign administrators all", async () => {
    const v = { id: 424242, content_hash: sha256("a policy version") };
    // Two signatures of one version, written as the product writes them (the signing itself is the campaigns' part).
    for (const [userId, userName] of [[uid.admin, "admin"], [uid.zhangwei, "zhangwei"]] as const)
      await t.sql.query(
        "INSERT INTO portal_signature (user_id, printed_name, user_name, meaning, record_type, record_id, content_hash, method) VALUES ($1, $2, $2, 'readUnderstood', 'policyVersion', $3, $4, 'password')",
        [userId, userName, String(v.id), v.content_hash],
      );
    // The campaign administrators' menu (seeded by the campaigns' part; made here when this branch has not got it yet).
    await t.sql.query(
      "INSERT INTO sys_menu (menu_code, menu_name, url, type, hidden, parent_id) SELECT 9240, 'campaign', '/compliance/campaign', 0, 0, NULL WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/compliance/campaign')",
    );
    await t.sql.query(
      "INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.role_code = 'admin' AND m.url = '/compliance/campaign' ON CONFLICT DO NOTHING",
    );
    const mine = (await signaturesOf(staff, "policyVersion", v.id)).json().data;
    expect(mine.map((s: { userName: string }) => s.userName)).toEqual(["zhangwei"]);
    const all = (await signaturesOf(admin, "policyVersion", v.id)).json().data;
    expect(all.map((s: { userName: string }) => s.userName)).toEqual(["admin", "zhangwei"]);
  });
});
