import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyChain } from "../src/lib/auditTrail/chain.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: the audit trail of regulated records is written by triggers in the change's own
// transaction, names the person of the request, is chained, cannot be changed through SQL without
// disabling its triggers, and an entry altered or removed that way is found by the verifier.

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  adminId = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'admin'")).rows[0].id;
});
afterAll(async () => {
  await t?.close();
});

const last = async () => (await t.sql.query("SELECT * FROM portal_audit_trail ORDER BY seq DESC LIMIT 1")).rows[0];
const count = async () => Number((await t.sql.query("SELECT count(*) FROM portal_audit_trail")).rows[0].count);

describe("the audit trail", () => {
  it("enters a role created through the API with its person, operation, and the record after", async () => {
    const res = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "Auditors", roleCode: "auditors24", status: 1 } });
    expect(res.json().code, res.body).toBe(0);
    const e = await last();
    expect(e).toMatchObject({ actor_id: adminId, record_type: "role", action: "create", before: null });
    expect(e.actor_name).toContain("(admin)");
    expect(e.operation).toMatch(/Role/);
    expect(e.after).toMatchObject({ role_code: "auditors24" });
  });

  it("enters an edit through the API once, without the version counter it claims first", async () => {
    const { id, version } = (await t.sql.query("SELECT id, version FROM sys_role WHERE role_code = 'auditors24'")).rows[0];
    const before = await count();
    const res = await t.call("PUT", "/sysRole", { sid: admin, body: { id, version, roleName: "Auditors", roleCode: "auditors24", remark: "edited once" } });
    expect(res.json().code, res.body).toBe(0);
    expect(await count()).toBe(before + 1);
    const e = await last();
    expect(e).toMatchObject({ action: "change", operation: "updateSysRole" });
    expect(e.after.remark).toBe("edited once");
    expect("version" in e.after || "version" in e.before).toBe(false);
  });

  it("names the demo seed's entries as the system's, and the migration's as the database user's", async () => {
    const { rows } = await t.sql.query("SELECT DISTINCT actor_name, operation FROM portal_audit_trail WHERE record_type = 'role' AND seq < 1000");
    expect(rows).toContainEqual({ actor_name: "system", operation: "seed" });
    const first = (await t.sql.query("SELECT actor_name, record_type FROM portal_audit_trail WHERE seq = 1")).rows[0];
    expect(first).toMatchObject({ record_type: "esignSetting" });
    expect(first.actor_name).toMatch(/^db:/);
  });

  it("names the person of a write made by a GET (the role status switch)", async () => {
    const id = (await t.sql.query("SELECT id FROM sys_role WHERE role_code = 'auditors24'")).rows[0].id;
    const res = await t.call("GET", `/sysUserEx/changeRoleStatus?id=${id}&status=0`, { sid: admin });
    expect(res.json().code, res.body).toBe(0);
    const e = await last();
    expect(e).toMatchObject({ actor_id: adminId, record_type: "role", action: "change", operation: "changeRoleStatus" });
    expect([e.before.status, e.after.status]).toEqual([1, 0]);
  });

  it("enters a change made outside the product as the database user's, and nothing for a rolled-back one", async () => {
    const before = await count();
    await t.sql.query("BEGIN");
    await t.sql.query("UPDATE sys_role SET remark = 'rolled back' WHERE role_code = 'auditors24'");
    await t.sql.query("ROLLBACK");
    expect(await count()).toBe(before);
    await t.sql.query("UPDATE sys_role SET remark = 'by hand' WHERE role_code = 'auditors24'");
    const e = await last();
    expect(e).toMatchObject({ actor_id: null, action: "change", record_type: "role" });
    expect(e.actor_name).toMatch(/^db:/);
    expect(e.before.remark).not.toBe("by hand");
    expect(e.after.remark).toBe("by hand");
  });

  it("refuses to update, delete or truncate an entry", async () => {
    await expect(t.sql.query("UPDATE portal_audit_trail SET reason = 'x' WHERE seq = 1")).rejects.toThrow(/not allowed/);
    await expect(t.sql.query("DELETE FROM portal_audit_trail WHERE seq = 1")).rejects.toThrow(/not allowed/);
    await expect(t.sql.query("TRUNCATE portal_audit_trail")).rejects.toThrow(/not allowed/);
  });

  it("verifies intact, then reports the first entry altered or removed behind the triggers' back", async () => {
    for (let i = 0; i < 3; i++) await t.sql.query("UPDATE sys_role SET remark = $1 WHERE role_code = 'auditors24'", [`r${i}`]);
    const intact = await verifyChain(t.sql, 2);
    expect(intact.firstBroken).toBeNull();
    expect(intact.intactUpTo).toBe(await count());
    const n = intact.lastSeq;
    // An administrator of the database who disables the protection and edits an entry:
    await t.sql.query("ALTER TABLE portal_audit_trail DISABLE TRIGGER portal_audit_trail_fixed");
    try {
      await t.sql.query("UPDATE portal_audit_trail SET after = jsonb_set(after, '{remark}', '\"forged\"') WHERE seq = $1", [n - 1]);
      expect(await verifyChain(t.sql, 2)).toMatchObject({ intactUpTo: n - 2, firstBroken: { seq: n - 1, reason: "content" } });
      // ...and recomputes its hash to hide it: the next entry's link gives it away.
      await t.sql.query(
        `UPDATE portal_audit_trail SET hash = portal_audit_hash(seq, at, actor_id, actor_name, operation, record_type, record_id, action, before, after, reason, prev_hash) WHERE seq = $1`,
        [n - 1],
      );
      expect(await verifyChain(t.sql)).toMatchObject({ intactUpTo: n - 1, firstBroken: { seq: n, reason: "link" } });
      // A deleted entry is a gap.
      await t.sql.query("DELETE FROM portal_audit_trail WHERE seq = $1", [n - 3]);
      expect(await verifyChain(t.sql)).toMatchObject({ intactUpTo: n - 4, firstBroken: { seq: n - 3, reason: "gap" } });
    } finally {
      await t.sql.query("ALTER TABLE portal_audit_trail ENABLE TRIGGER portal_audit_trail_fixed");
    }
  });
});
