import { execFile } from "node:child_process";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: the audit trail's operations (page, print view, verify, inspector export) and the
// `npm run audit:verify` command. Entries are written by the database's triggers; here they come
// from role changes through the API and a signature inserted in SQL (its insert trigger enters it).

const run = promisify(execFile);

let t: TestApp;
let admin: string;
let staff: string;
let roleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
  const res = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "Trail", roleCode: "trail24", status: 1 } });
  expect(res.json().code, res.body).toBe(0);
  roleId = (await t.sql.query("SELECT id FROM sys_role WHERE role_code = 'trail24'")).rows[0].id;
  const { rows } = await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'admin'");
  await t.sql.query(
    `INSERT INTO portal_signature (user_id, printed_name, user_name, meaning, record_type, record_id, content_hash, method)
     VALUES ($1, '系统管理员', 'admin', 'readUnderstood', 'policyVersion', '1', $2, 'password')`,
    [rows[0].id, "ab".repeat(32)],
  );
});
afterAll(async () => {
  await t?.close();
});

const page = (body: object, sid = admin) => t.call("POST", "/auditTrail/page", { sid, body });
const verify = async () => {
  const res = await t.call("GET", "/auditTrail/verify", { sid: admin });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
};
/** `npm run audit:verify` against this test's database, as a child process. */
const command = async (): Promise<{ code: number; out: string }> => {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/auditVerify.ts", "--database-url", t.databaseUrl], { timeout: 60_000 });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
};

describe("the audit trail's operations", () => {
  it("pages entries newest first, filtered by record, person, action and period", async () => {
    const first = await page({ pageSize: 100 });
    expect(first.json().code, first.body).toBe(0);
    const all = first.json().data;
    expect(all.total).toBeGreaterThan(2);
    const seqs = all.records.map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    const role = (await page({ recordType: "role", recordId: String(roleId) })).json().data;
    expect(role.total).toBe(1);
    expect(role.records[0]).toMatchObject({ recordType: "role", recordId: String(roleId), action: "create", before: null });
    expect(role.records[0].actorName).toContain("(admin)");
    expect(role.records[0].after).toMatchObject({ role_code: "trail24" });

    const byDb = (await page({ actorName: "db:", recordType: "signature" })).json().data;
    expect(byDb.total).toBe(1);
    const byAdmin = (await page({ actorName: "(admin)", recordType: "signature" })).json().data;
    expect(byAdmin.total).toBe(0);
    const adminId = role.records[0].actorId;
    expect((await page({ actorId: adminId, recordType: "role", recordId: String(roleId) })).json().data.total).toBe(1);
    expect((await page({ recordType: "role", recordId: String(roleId), action: "delete" })).json().data.total).toBe(0);

    const today = role.records[0].at.slice(0, 10);
    expect((await page({ recordType: "role", recordId: String(roleId), from: today, to: today })).json().data.total).toBe(1);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await page({ recordType: "role", recordId: String(roleId), from: tomorrow })).json().data.total).toBe(0);

    const asc = (await page({ pageSize: 2, sortOrder: "asc" })).json().data.records;
    expect(asc.map((r: { seq: number }) => r.seq)).toEqual([1, 2]);
  });

  it("gives the print view's entries oldest first with how many match", async () => {
    const res = await t.call("POST", "/auditTrail/print", { sid: admin, body: { recordType: "signature" } });
    const data = res.json().data;
    expect(data).toMatchObject({ total: 1, cap: 1000 });
    expect(data.records[0].after).toMatchObject({ meaning: "readUnderstood", printed_name: "系统管理员" });
  });

  it("exports the filtered entries as a workbook that lists a signature with its meaning", async () => {
    const res = await t.call("GET", "/auditTrail/export", { sid: admin, query: { recordType: "signature" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toMatch(/audit-trail-.*\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Audit trail")!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    expect(ws.rowCount).toBe(2);
    const cell = (name: RegExp) => row[header.findIndex((h) => name.test(h))];
    expect(cell(/^Record type/)).toMatch(/signature/i);
    expect(cell(/^Signature meaning/)).toMatch(/Read and understood/);
    expect(cell(/^Printed name/)).toBe("系统管理员");
    expect(cell(/^Signed content hash/)).toBe("ab".repeat(32));
    expect(cell(/^Time/)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d \(.+\)$/);
    expect(JSON.parse(String(cell(/^After/)))).toMatchObject({ meaning: "readUnderstood" });
  });

  it("refuses every operation without the audit trail's menu", async () => {
    for (const [method, url] of [["POST", "/auditTrail/page"], ["POST", "/auditTrail/print"], ["GET", "/auditTrail/verify"], ["GET", "/auditTrail/export"]] as const) {
      const res = await t.call(method, url, { sid: staff, body: method === "POST" ? {} : undefined });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
  });

  it("verifies intact, and the screen's operation and the command both name the first entry altered in SQL", async () => {
    const intact = await verify();
    expect(intact).toMatchObject({ firstBroken: null });
    expect(intact.intactUpTo).toBe(intact.lastSeq);
    expect(intact.checked).toBe(intact.lastSeq);
    expect(intact.verifiedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const ok = await command();
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain(`intact up to entry ${intact.lastSeq}`);

    // Any entry, not only the last: the role's creation, somewhere in the middle.
    const { rows } = await t.sql.query("SELECT seq FROM portal_audit_trail WHERE record_type = 'role' AND record_id = $1", [String(roleId)]);
    const n = Number(rows[0].seq);
    expect(n).toBeLessThan(intact.lastSeq);
    await t.sql.query("ALTER TABLE portal_audit_trail DISABLE TRIGGER portal_audit_trail_fixed");
    try {
      await t.sql.query("UPDATE portal_audit_trail SET actor_name = 'someone else' WHERE seq = $1", [n]);
      expect(await verify()).toMatchObject({ intactUpTo: n - 1, firstBroken: { seq: n, reason: "content" }, lastSeq: intact.lastSeq });
      const broken = await command();
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toContain(`BROKEN at entry ${n}: edited`);
      expect(broken.out).toContain(`intact up to entry ${n - 1}`);

      // Removed: the gap is the first broken entry.
      await t.sql.query("DELETE FROM portal_audit_trail WHERE seq = $1", [n - 1]);
      expect(await verify()).toMatchObject({ intactUpTo: n - 2, firstBroken: { seq: n - 1, reason: "gap" } });
      const gap = await command();
      expect(gap.code).toBe(1);
      expect(gap.out).toContain(`BROKEN at entry ${n - 1}: removed`);
    } finally {
      await t.sql.query("ALTER TABLE portal_audit_trail ENABLE TRIGGER portal_audit_trail_fixed");
    }
  });
});
