// The audit log (issue 7, beyond the spec): every successful admin write is recorded with who,
// when, the operation, the entity and the record before and after; failed writes and reads are
// not; secrets never reach a row; the list filters; only holders of /sys/audit may read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionOf } from "./support/versions.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

const logs = async (body: Record<string, unknown> = {}) => (await t.call("POST", "/sysAuditLog/page", { sid: admin, body: { pageSize: 100, ...body } })).json().data;

describe("the audit log", () => {
  it("records a role's create, update and status change with before and after", async () => {
    const created = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "审计员", roleCode: "auditor", description: "看日志" } });
    const id = created.json().data as number;
    await t.call("PUT", "/sysRole", { sid: admin, body: { id, version: await versionOf(t, "sys_role", id), roleName: "审计员", roleCode: "auditor", description: "只读" } });
    await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id, status: 0 } });

    const rows = (await logs({ entity: "sysRole", entityId: String(id), sortField: "id", sortOrder: "asc" })).records;
    expect(rows.map((r: { operationId: string }) => r.operationId)).toEqual(["createSysRole", "updateSysRole", "changeRoleStatus"]);
    const [create, update, status] = rows;
    expect(create).toMatchObject({ userName: "admin", realName: expect.any(String), method: "POST", entity: "sysRole", before: null });
    expect(create.after).toMatchObject({ roleName: "审计员", roleCode: "auditor", description: "看日志" });
    expect(update.before).toMatchObject({ description: "看日志" });
    expect(update.after).toMatchObject({ description: "只读" });
    expect(status).toMatchObject({ method: "GET", before: { status: 1 }, after: { status: 0 } });
    expect(create.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("does not record a refused write or a read", async () => {
    const before = (await logs()).total;
    const dup = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: "管理员2", roleCode: "admin" } });
    expect(dup.statusCode).toBe(400);
    await t.call("POST", "/sysRole/page", { sid: admin, body: { page: 1 } });
    await t.call("GET", "/sysUserRole/getById", { sid: admin, query: { id: 1 } });
    expect((await logs()).total).toBe(before);
  });

  it("keeps no password, hash or token in any row", async () => {
    const res = await t.call("POST", "/sysUserRole", {
      sid: admin,
      body: { userName: "audited", realName: "被审计", roleCodes: ["staff"], password: t.app.transportKey.encrypt("Audit@2026x") },
    });
    const { id } = res.json().data;
    await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: id } });
    const { rows } = await t.sql.query("SELECT operation_id, before::text AS b, after::text AS a FROM sys_audit_log");
    const all = rows.map((r) => `${r.b} ${r.a}`).join("\n");
    expect(rows.map((r) => r.operation_id)).toEqual(expect.arrayContaining(["createSysUserRole", "resetPassword"]));
    expect(all).not.toMatch(/Audit@2026x|\$scrypt|\$argon|passwordHash/);
    const createRow = (await logs({ operationId: "createSysUserRole" })).records[0];
    expect(createRow.after).toMatchObject({ userName: "audited", roleCodes: ["staff"], password: "[redacted]" });
  });

  it("filters by who, entity, operation and day, and lists the entities", async () => {
    expect((await logs({ userName: "zhangwei" })).total).toBe(0);
    expect((await logs({ userName: "adm" })).total).toBeGreaterThan(0);
    const today = new Date().toLocaleDateString("sv-SE");
    const all = (await logs()).total;
    expect((await logs({ createTimeFrom: today, createTimeTo: today })).total).toBe(all);
    expect((await logs({ createTimeTo: "2000-01-01" })).total).toBe(0);
    expect((await logs({ operationId: "ResetPass" })).records.map((r: { operationId: string }) => r.operationId)).toEqual(["resetPassword"]);
    const entities = (await t.call("GET", "/sysAuditLog/entities", { sid: admin })).json().data;
    expect(entities).toEqual(expect.arrayContaining(["sysRole", "sysUser"]));
    expect([...entities].sort()).toEqual(entities);
    expect((await t.call("POST", "/sysAuditLog/page", { sid: admin, body: { pageSize: 1000 } })).statusCode).toBe(400);
  });

  it("refuses everyone without /sys/audit (403, code 4003)", async () => {
    for (const [method, url] of [["POST", "/sysAuditLog/page"], ["GET", "/sysAuditLog/entities"]] as const) {
      const res = await t.call(method, url, { sid: staff, body: method === "POST" ? {} : undefined });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 4003]);
    }
  });
});
