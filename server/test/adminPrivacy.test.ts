import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// Privacy-policy versions in the admin backend (spec 2.3 /privacyPolicyList, /privacyPolicyAdd):
// the page with each version's acceptance count, publishing a new x.y.z version (everyone is asked
// again), and staff refused on both. Demo seed: version 1.0.0, accepted by the three demo accounts.

let t: TestApp;
let admin: string;
let staff: string;
let lina: string;
const uid: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  for (const [name, sid] of [["admin", admin], ["zhangwei", staff], ["lina", lina]] as const)
    uid[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());

const page = async (sid: string, body: Record<string, unknown> = {}) => {
  const res = await t.call("POST", "/bscPrivacyPolicy/page", { sid, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; page: number; pageSize: number; records: any[] };
};
const publish = (sid: string, body: Record<string, unknown>) => t.call("POST", "/bscPrivacyPolicy", { sid, body });
const accept = (sid: string, userId: number, privacyVersion: string) =>
  t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion } });
const expect400 = (res: { statusCode: number; json(): any }, field?: string) => {
  const b = res.json();
  expect([res.statusCode, b.code, typeof b.resultMessage, typeof b.resultEnMessage]).toEqual([400, 400, "string", "string"]);
  if (field) expect(JSON.stringify(b)).toContain(field);
};

describe("POST /bscPrivacyPolicy/page", () => {
  it("lists the seeded version as current, accepted by the three demo accounts", async () => {
    const p = await page(admin);
    expect([p.total, p.page, p.pageSize]).toEqual([1, 1, 10]);
    expect(p.records[0]).toMatchObject({ policyVersion: "1.0.0", acceptedCount: 3, current: true });
    expect(p.records[0].policyContent).toContain("Employee portal privacy policy");
    expect(p.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("refuses a bad date range and an unknown filter", async () => {
    expect400(await t.call("POST", "/bscPrivacyPolicy/page", { sid: admin, body: { startDate: "2026-05-02", endDate: "2026-05-01" } }), "endDate");
    expect400(await t.call("POST", "/bscPrivacyPolicy/page", { sid: admin, body: { startDate: "2026-02-30" } }), "startDate");
    expect400(await t.call("POST", "/bscPrivacyPolicy/page", { sid: admin, body: { pageSize: 101 } }));
    expect400(await t.call("POST", "/bscPrivacyPolicy/page", { sid: admin, body: { status: 1 } }));
  });
});

describe("publishing a new version (POST /bscPrivacyPolicy)", () => {
  it("validates the x.y.z format, the content, uniqueness and that it is higher than the current", async () => {
    for (const v of ["1.1", "2", "1.0.0.1", "01.0.1", "a.b.c", "1..1", "v1.0.1"])
      expect400(await publish(admin, { policyContent: "text", policyVersion: v }), "policyVersion");
    expect400(await publish(admin, { policyContent: "   ", policyVersion: "1.0.1" }), "policyContent");
    expect400(await publish(admin, { policyContent: "text", policyVersion: "1.0.0" }), "policyVersion");
    expect400(await publish(admin, { policyContent: "text", policyVersion: "0.9.9" }), "policyVersion");
    expect((await page(admin)).total).toBe(1);
  });

  it("a new version becomes current with no acceptance; users must accept again and the counts follow", async () => {
    const res = await publish(admin, { policyContent: "  第二版 / Second version  ", policyVersion: " 1.0.10 " });
    expect(res.json().code, res.body).toBe(0);
    const id = res.json().data as number;

    // Everyone, the publisher included, must accept before anything else (4010).
    expect((await t.call("POST", "/helpcenterTalkShow/pageTalkShow", { sid: staff, body: {} })).json().code).toBe(4010);
    expect((await t.call("POST", "/bscPrivacyPolicy/page", { sid: admin, body: {} })).json().code).toBe(4010);
    expect((await t.call("GET", "/bscPrivacyPolicy", { sid: staff })).json().data).toMatchObject({ id, policyVersion: "1.0.10", policyContent: "第二版 / Second version" });

    expect((await accept(admin, uid.admin, "1.0.10")).json().code).toBe(0);
    let p = await page(admin);
    expect(p.records.map((r) => [r.policyVersion, r.acceptedCount, r.current])).toEqual([["1.0.10", 1, true], ["1.0.0", 2, false]]);

    expect((await accept(staff, uid.zhangwei, "1.0.10")).json().code).toBe(0);
    p = await page(admin);
    expect(p.records.map((r) => [r.policyVersion, r.acceptedCount])).toEqual([["1.0.10", 2], ["1.0.0", 1]]);
    expect((await t.call("POST", "/helpcenterTalkShow/pageTalkShow", { sid: staff, body: {} })).json().code).toBe(0);

    // The audit log keeps the publication.
    const audit = await t.sql.query("SELECT * FROM sys_audit_log ORDER BY id DESC LIMIT 1");
    expect(JSON.stringify(audit.rows[0])).toContain("1.0.10");

    // 1.0.10 is numerically higher than 1.0.9: 1.0.9 is now too low, 1.1.0 is fine.
    expect400(await publish(admin, { policyContent: "x", policyVersion: "1.0.9" }), "policyVersion");
  });

  it("filters, sorts and pages", async () => {
    expect((await publish(admin, { policyContent: "third", policyVersion: "1.1.0" })).json().code).toBe(0);
    await accept(admin, uid.admin, "1.1.0");
    expect((await page(admin, { policyVersion: "1.0.0" })).records.map((r) => r.policyVersion)).toEqual(["1.0.0"]);
    expect((await page(admin, { policyVersion: "9.9.9" })).total).toBe(0);
    const today = new Date();
    const d = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect((await page(admin, { startDate: d, endDate: d })).total).toBe(3);
    expect((await page(admin, { endDate: "2000-01-01" })).total).toBe(0);
    const asc = await page(admin, { sortField: "acceptedCount", sortOrder: "asc" });
    expect(asc.records.map((r) => r.acceptedCount)).toEqual([...asc.records.map((r) => r.acceptedCount)].sort((a, b) => a - b));
    const second = await page(admin, { page: 2, pageSize: 2 });
    expect([second.total, second.records.length, second.records[0].policyVersion]).toEqual([3, 1, "1.0.0"]);
    expect((await page(admin, { pageSize: 1 })).records[0]).toMatchObject({ policyVersion: "1.1.0", current: true });
  });
});

describe("staff are refused (403, code 4003)", () => {
  it.each([
    ["POST", "/bscPrivacyPolicy/page", {}],
    ["POST", "/bscPrivacyPolicy", { policyContent: "x", policyVersion: "9.0.0" }],
  ] as const)("%s %s", async (method, url, body) => {
    // The staff user first accepts the current version, so the answer is the permission check, not consent.
    const current = (await t.call("GET", "/bscPrivacyPolicy", { sid: lina })).json().data.policyVersion;
    await accept(lina, uid.lina, current);
    await accept(staff, uid.zhangwei, current);
    for (const sid of [staff, lina]) {
      const res = await t.call(method, url, { sid, body });
      expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
    }
    expect((await t.call(method, url, { body })).statusCode).toBe(401);
    expect((await page(admin)).records.some((r) => r.policyVersion === "9.0.0")).toBe(false);
  });
});
