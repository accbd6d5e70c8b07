// A password an administrator gave is changed at the first sign-in (issue 21): a new user's and a
// reset one's password sign-in may do only what the privacy consent and the change need (403, code
// 4011 otherwise) until updatepwd; single sign-on is not held up; the contract marks the exemption.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract, operations } from "../src/contract.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
});
afterAll(() => t.close());

const enc = (p: string) => t.app.transportKey.encrypt(p);
const CHANGE_FIRST = { code: 4011, data: null, resultMessage: "请先修改管理员为您设置的密码", resultEnMessage: "Please change the password an administrator gave you first" };
const info = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data;
const changePassword = (sid: string, oldPassword: string, newPassword: string) =>
  t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: enc(oldPassword), newPassword: enc(newPassword) } });
const flagOf = async (userName: string) =>
  (await t.sql.query("SELECT must_change_password FROM sys_user WHERE user_name = $1", [userName])).rows[0].must_change_password as boolean;

/** Ordinary operations of a signed-in person: the personal centre, the workspace, an admin screen. */
async function expectHeldUp(sid: string) {
  for (const [method, url, opts] of [
    ["GET", "/api/user/query", {}],
    ["GET", "/personalLayout/listByUserId", { query: { userId: (await info(sid)).id } }],
    ["POST", "/sysUserRole/page", { body: {} }],
  ] as const) {
    const res = await t.call(method, url, { sid, ...opts });
    expect([url, res.statusCode, res.json()]).toEqual([url, 403, CHANGE_FIRST]);
  }
}

describe("a password an administrator gave", () => {
  it("a new user: privacy first, then only the password change, then everything", async () => {
    const created = (await t.call("POST", "/sysUserRole", { sid: admin, body: { userName: "newbie21", realName: "新同事", roleCodes: ["staff"] } })).json().data;
    expect(await flagOf("newbie21")).toBe(true);
    const sid = await t.login("newbie21", created.initialPassword);
    const me = await info(sid);
    expect(me.mustChangePassword).toBe(true);
    // The consent comes first (4010), and what it needs answers.
    expect((await t.call("GET", "/api/user/query", { sid })).json().code).toBe(4010);
    const version = (await t.call("GET", "/bscPrivacyPolicy", { sid })).json().data.policyVersion;
    expect((await t.call("POST", "/personalStatusRecord", { sid, body: { userId: me.id, privacyStatus: 1, privacyVersion: version } })).statusCode).toBe(200);
    // Then nothing but the change (and what the consent-exempt list holds: who am I, logout).
    await expectHeldUp(sid);
    expect((await t.call("GET", "/sysUserEx/getUserTitle", { sid })).statusCode).toBe(200);
    // The change itself follows its rules; a wrong old password changes nothing.
    expect((await changePassword(sid, "not-the-one-1", "Newbie@2026")).json().errors[0]).toMatchObject({ field: "oldPassword", rule: "wrong" });
    expect(await flagOf("newbie21")).toBe(true);
    expect((await changePassword(sid, created.initialPassword, "Newbie@2026")).statusCode).toBe(200);
    expect(await flagOf("newbie21")).toBe(false);
    // The same session goes on, now with everything its role grants.
    expect((await info(sid)).mustChangePassword).toBe(false);
    expect((await t.call("GET", "/api/user/query", { sid })).statusCode).toBe(200);
    // And the next sign-in too.
    const next = await t.login("newbie21", "Newbie@2026");
    expect((await info(next)).mustChangePassword).toBe(false);
    expect((await t.call("GET", "/api/user/query", { sid: next })).statusCode).toBe(200);
  });

  it("a reset: the next password sign-in changes it first; an administrator's typed password too", async () => {
    const zhang = (await t.call("POST", "/sysUserRole/page", { sid: admin, body: { userName: "zhangwei" } })).json().data.records[0].id;
    const generated = (await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: zhang } })).json().data.password;
    const sid = await t.login("zhangwei", generated);
    expect((await info(sid)).mustChangePassword).toBe(true);
    await expectHeldUp(sid);
    expect((await changePassword(sid, generated, "Zhang@2026wei")).statusCode).toBe(200);
    expect((await t.call("GET", "/api/user/query", { sid })).statusCode).toBe(200);

    expect((await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: zhang, password: enc("Typed@2026pw") } })).statusCode).toBe(200);
    const again = await t.login("zhangwei", "Typed@2026pw");
    await expectHeldUp(again);
    expect((await changePassword(again, "Typed@2026pw", "Staff@12345")).statusCode).toBe(200);
    expect(await flagOf("zhangwei")).toBe(false);
  });

  it("does not hold up a single sign-on, which never uses the password", async () => {
    const lina = (await t.call("POST", "/sysUserRole/page", { sid: admin, body: { userName: "lina" } })).json().data.records[0].id;
    const generated = (await t.call("POST", "/api/user/resetPassword", { sid: admin, body: { userId: lina } })).json().data.password;
    expect(await flagOf("lina")).toBe(true);
    const token = (await t.call("GET", "/devIdp/token", { query: { userName: "lina", kind: "saml2" } })).json().data.token;
    const sso = (await t.call("GET", "/sysUserEx/saml2TokenLogin", { query: { token } })).json().data.sid as string;
    expect((await info(sso)).mustChangePassword).toBe(false);
    expect((await t.call("GET", "/api/user/query", { sid: sso })).statusCode).toBe(200);
    // The password sign-in still is.
    await expectHeldUp(await t.login("lina", generated));
  });

  it("the contract exempts exactly updatepwd beside the consent-exempt operations", async () => {
    const ops = operations(await loadContract());
    expect(ops.filter((o) => o.op["x-password-change-exempt"] === true).map((o) => o.operationId)).toEqual(["updatepwd"]);
  });
});
