import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { DEMO_POLICY_VERSION } from "../src/db/seed.ts";
import { asOwnPassword, buildTestApp, callerFor, type TestApp } from "./helper.ts";
import { versionOf } from "./support/versions.ts";

// Issue 18, item 4: a change of a user's roles or status, or of a role's menus or status, holds for
// that user's open sessions at their next request, on every instance sharing the database. Two
// app instances on one database here: each change is made through one and seen through the other.
// A session whose role was taken away, disabled or left granting nothing ends (401, code 4004).

let t: TestApp;
let second: FastifyInstance;
/** The same API through the second instance. */
let other: TestApp["call"];
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ config: t.app.config, databaseUrl: t.databaseUrl });
  other = callerFor(second);
  admin = await t.login("admin", "Admin@12345");
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const PASSWORD = "Open@12345";
const enc = (p: string) => t.app.transportKey.encrypt(p);
type Call = TestApp["call"];

async function createUser(userName: string, roleCodes: string[]) {
  const res = await t.call("POST", "/sysUserRole", { sid: admin, body: { userName, realName: userName, roleCodes, password: enc(PASSWORD) } });
  expect(res.json().code).toBe(0);
  // Accept the privacy policy once, so every later refusal is about roles, not consent.
  const userId = res.json().data.id as number;
  await asOwnPassword(t, userName);
  const sid = await t.login(userName, PASSWORD);
  const accepted = await t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion: DEMO_POLICY_VERSION } });
  expect(accepted.json().code).toBe(0);
  return userId;
}

async function createRole(roleCode: string, menuUrls: string[]) {
  const ids = await menuIds(menuUrls);
  const res = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: roleCode, roleCode, menuIds: ids } });
  expect(res.json().code).toBe(0);
  return res.json().data as number;
}

async function menuIds(urls: string[]) {
  const { rows } = await t.sql.query("SELECT id, url FROM sys_menu WHERE url = ANY($1)", [urls]);
  expect(rows.map((r) => r.url).sort()).toEqual([...urls].sort());
  return rows.map((r) => Number(r.id));
}

const setRoles = async (via: Call, userId: number, roleCodes: string[]) =>
  via("PUT", "/sysUserRole", { sid: admin, body: { id: userId, version: await versionOf(t, "sys_user", userId), realName: "changed", roleCodes } });

/** [HTTP status, body code] of a request. */
const outcome = async (res: Promise<{ statusCode: number; json(): any }>) => {
  const r = await res;
  return [r.statusCode, r.json().code];
};
const userPage = (via: Call, sid: string) => outcome(via("POST", "/sysUserRole/page", { sid, body: {} }));
const auditPage = (via: Call, sid: string) => outcome(via("POST", "/sysAuditLog/page", { sid, body: {} }));
const userInfo = (via: Call, sid: string) => via("GET", "/sysUserEx/getUserInfo", { sid });
const ENDED = [401, 4004];

describe("a user's roles change", () => {
  it("the admin role taken from X: X's open admin session ends at its next request on the other instance, and X cannot take the role back", async () => {
    const xId = await createUser("xavier", ["admin", "staff"]);
    const x = await t.login("xavier", PASSWORD);
    expect(await userPage(other, x)).toEqual([200, 0]); // an administrator, on both instances
    expect((await userInfo(other, x)).json().data).toMatchObject({ roleCode: "admin", isAdmin: true });

    expect((await setRoles(t.call, xId, ["staff"])).json().code).toBe(0);

    expect(await userPage(other, x)).toEqual(ENDED);
    expect(await userPage(t.call, x)).toEqual(ENDED); // ended for good, on the instance of the change too
    // The old session cannot give the role back...
    expect(await outcome(other("PUT", "/sysUserRole", { sid: x, body: { id: xId, version: await versionOf(t, "sys_user", xId), realName: "x", roleCodes: ["admin", "staff"] } }))).toEqual(ENDED);
    // ...and a new sign-in lands on the role X still holds, which cannot either.
    const again = await t.login("xavier", PASSWORD);
    expect((await userInfo(other, again)).json().data).toMatchObject({ roleCode: "staff", roleCodes: ["staff"], isAdmin: false });
    expect(await outcome(other("PUT", "/sysUserRole", { sid: again, body: { id: xId, version: await versionOf(t, "sys_user", xId), realName: "x", roleCodes: ["admin", "staff"] } }))).toEqual([403, 4003]);
    const { rows } = await t.sql.query("SELECT r.role_code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1", [xId]);
    expect(rows.map((r) => r.role_code)).toEqual(["staff"]);
  });

  it("a role taken away that the session does not run under changes nothing for it", async () => {
    const id = await createUser("yvonne", ["staff", "editor"]);
    const y = await t.login("yvonne", PASSWORD); // primary role: staff
    expect((await setRoles(other, id, ["staff"])).json().code).toBe(0);
    expect((await userInfo(t.call, y)).json().data).toMatchObject({ roleCode: "staff", roleCodes: ["staff"] });
  });
});

describe("a role's menus or status change", () => {
  it("an open session sees the new grants at its next request, both ways, on the other instance", async () => {
    const roleId = await createRole("auditor", ["/workingSpace"]);
    await createUser("ulrich", ["auditor"]);
    const u = await t.login("ulrich", PASSWORD);
    expect(await auditPage(t.call, u)).toEqual([403, 4003]);

    expect((await other("PUT", "/sysRole/updateRole", { sid: admin, body: { id: roleId, version: await versionOf(t, "sys_role", roleId), menuIds: await menuIds(["/workingSpace", "/sys", "/sys/audit"]) } })).json().code).toBe(0);
    expect(await auditPage(t.call, u)).toEqual([200, 0]);
    const menus = (await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: u, body: {} })).json().data;
    expect(JSON.stringify(menus)).toContain('"/sys/audit"');

    // PUT /sysRole with menuIds takes it away again.
    expect((await other("PUT", "/sysRole", { sid: admin, body: { id: roleId, version: await versionOf(t, "sys_role", roleId), roleName: "auditor", roleCode: "auditor", menuIds: await menuIds(["/workingSpace"]) } })).json().code).toBe(0);
    expect(await auditPage(t.call, u)).toEqual([403, 4003]);
    expect((await userInfo(t.call, u)).statusCode).toBe(200);

    // Left granting nothing, the role cannot carry a session (the portal would read no grants as "show everything").
    expect((await other("PUT", "/sysRole/updateRole", { sid: admin, body: { id: roleId, version: await versionOf(t, "sys_role", roleId), menuIds: [] } })).json().code).toBe(0);
    expect(await outcome(userInfo(t.call, u))).toEqual(ENDED);
    const login = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "ulrich", password: enc(PASSWORD) } });
    expect(await outcome(Promise.resolve(login))).toEqual([403, 4003]);
  });

  it("a disabled role: its sessions end at their next request; enabling it again does not revive them", async () => {
    const roleId = await createRole("visitor", ["/workingSpace", "/helpCenter"]);
    await createUser("violet", ["visitor"]);
    const v = await t.login("violet", PASSWORD);
    expect((await userInfo(other, v)).statusCode).toBe(200);
    expect((await t.call("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: roleId, status: 0 } })).json().code).toBe(0);
    expect(await outcome(userInfo(other, v))).toEqual(ENDED);
    expect((await other("GET", "/sysUserEx/changeRoleStatus", { sid: admin, query: { id: roleId, status: 1 } })).json().code).toBe(0);
    expect(await outcome(userInfo(t.call, v))).toEqual(ENDED);
    expect((await userInfo(t.call, await t.login("violet", PASSWORD))).statusCode).toBe(200);
  });
});

describe("a user's status changes", () => {
  it("disabled (status switch or the edit form): every open session of theirs ends, on every instance", async () => {
    const id = await createUser("walter", ["staff"]);
    const one = await t.login("walter", PASSWORD);
    const two = (await other("POST", "/sysUserEx/baseLogin", { body: { userName: "walter", password: enc(PASSWORD) } })).json().data.sid;
    expect((await other("GET", "/sysUserEx/changeUserStatus", { sid: admin, query: { id, status: 0 } })).json().code).toBe(0);
    for (const [via, sid] of [[t.call, one], [other, two], [other, one], [t.call, two]] as const) expect(await outcome(userInfo(via, sid))).toEqual(ENDED);

    await t.call("GET", "/sysUserEx/changeUserStatus", { sid: admin, query: { id, status: 1 } });
    const three = await t.login("walter", PASSWORD);
    expect((await t.call("PUT", "/sysUserRole", { sid: admin, body: { id, version: await versionOf(t, "sys_user", id), realName: "walter", roleCodes: ["staff"], status: 0 } })).json().code).toBe(0);
    expect(await outcome(userInfo(other, three))).toEqual(ENDED);
  });
});
