import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { loadContract, operations } from "../src/contract.ts";
import { handlerFor } from "../src/handlers/index.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { form, hiddenValue, signInThroughAcs } from "./samlFixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CONSENT = { code: 4010, data: null, resultMessage: "请先阅读并同意隐私政策", resultEnMessage: "Please read and accept the privacy policy first" };
const idOf = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id as number;
const accept = (sid: string, userId: number, privacyVersion: string) =>
  t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 1, privacyVersion } });

describe("the demo seed", () => {
  it("has the demo accounts through the first-login flow: the seeded policy accepted, the guide seen", async () => {
    const { rows } = await t.sql.query(
      "SELECT u.user_name, r.privacy_status, r.privacy_version, r.novice_guide_status, r.theme_code FROM personal_status_record r JOIN sys_user u ON u.id = r.user_id ORDER BY u.id",
    );
    expect(rows).toEqual(
      ["admin", "zhangwei", "lina"].map((user_name) => ({ user_name, privacy_status: 1, privacy_version: "1.0.0", novice_guide_status: 1, theme_code: 0 })),
    );
    const sid = await t.login("zhangwei", "Staff@12345");
    expect((await t.call("GET", "/api/user/query", { sid })).statusCode).toBe(200);
  });
});

describe("consent enforced by the API", () => {
  it("refuses every operation but the exempt ones (403, code 4010) until the current version is accepted", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const userId = await idOf(sid);
    await t.sql.query("DELETE FROM personal_status_record WHERE user_id = $1", [userId]);

    for (const [method, url, opts] of [
      ["GET", "/api/user/query", {}],
      ["GET", "/fileInfoEx/downloadFile", { query: { id: 1 } }],
      ["GET", "/bscApp/listAll", {}], // not built yet: consent is checked first
      ["POST", "/bscPrivacyPolicy/page", { body: {} }],
    ] as const) {
      const res = await t.call(method, url, { sid, ...opts });
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, CONSENT]);
    }
    // What the consent flow and logout need still answers.
    const exempt: [string, string, object?][] = [
      ["GET", "/sysUserEx/getUserInfo"],
      ["GET", "/sysUserEx/getUserTitle"],
      ["POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { body: {} }],
      ["GET", "/api/getDate"],
      ["GET", "/sysUserEx/getSysVersion"],
      ["GET", "/api/user/checkLoginStatus", { query: { username: "zhangwei" } }],
      ["GET", "/personalStatusRecord", { query: { userId } }],
      ["POST", "/personalStatusRecord", { body: { userId, languageStatus: "en" } }],
      ["GET", "/bscPrivacyPolicy"],
    ];
    for (const [method, url, opts] of exempt) {
      const res = await t.call(method, url, { sid, ...opts });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // Refusing (status 0) changes nothing; an old version cannot be accepted.
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId, privacyStatus: 0 } });
    expect((await t.call("GET", "/api/user/query", { sid })).json().code).toBe(4010);
    expect((await accept(sid, userId, "0.9")).statusCode).toBe(400);

    expect((await accept(sid, userId, "1.0.0")).json().code).toBe(0);
    expect((await t.call("GET", "/api/user/query", { sid })).statusCode).toBe(200);
  });

  it("applies to administrators, and publishing a new version asks everyone again", async () => {
    const admin = await t.login("admin", "Admin@12345");
    const staff = await t.login("lina", "Staff@12345");
    expect((await t.call("POST", "/sysRole/page", { sid: admin, body: {} })).statusCode).toBe(200);
    expect((await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body: { policyContent: "v1.1", policyVersion: "1.1.0" } })).json().code).toBe(0);

    const adminRole = await t.call("POST", "/sysRole/page", { sid: admin, body: {} });
    expect([adminRole.statusCode, adminRole.json()]).toEqual([403, CONSENT]);
    expect((await t.call("GET", "/api/user/query", { sid: staff })).json()).toEqual(CONSENT);
    // A role change and the menus still work, so the web can show the dialog in either shell.
    const switched = await t.call("GET", "/sysUserEx/changeRole", { sid: staff, query: { roleCode: "editor" } });
    expect(switched.json().code).toBe(0);
    const editor = switched.json().data.sid;
    expect((await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: editor, body: {} })).statusCode).toBe(200);

    expect((await accept(editor, await idOf(editor), "1.0.0")).statusCode).toBe(400); // no longer current
    expect((await accept(editor, await idOf(editor), "1.1.0")).json().code).toBe(0);
    expect((await t.call("GET", "/api/user/query", { sid: editor })).statusCode).toBe(200);
    expect((await t.call("POST", "/sysRole/page", { sid: admin, body: {} })).json().code).toBe(4010);
    await accept(admin, await idOf(admin), "1.1.0");
    expect((await t.call("POST", "/sysRole/page", { sid: admin, body: {} })).statusCode).toBe(200);

    // logout is exempt too (the dialog's Refuse).
    expect((await t.call("GET", "/sysUserEx/logout", { sid: staff })).statusCode).toBe(401); // ended by the role change
    await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body: { policyContent: "v1.2", policyVersion: "1.2.0" } });
    expect((await t.call("GET", "/sysUserEx/logout", { sid: editor })).json().code).toBe(0);
  });

  it("asks nothing while no policy is published", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    await t.sql.query("DELETE FROM personal_status_record WHERE user_id = $1", [await idOf(sid)]);
    expect((await t.call("GET", "/api/user/query", { sid })).json().code).toBe(4010);
    const saved = (await t.sql.query("DELETE FROM bsc_privacy_policy RETURNING *")).rows;
    try {
      expect((await t.call("GET", "/api/user/query", { sid })).statusCode).toBe(200);
    } finally {
      for (const p of saved)
        await t.sql.query("INSERT INTO bsc_privacy_policy (id, policy_content, policy_version, create_time, created_by) VALUES ($1, $2, $3, $4, $5)", [
          p.id, p.policy_content, p.policy_version, p.create_time, p.created_by,
        ]);
    }
  });
});

describe("personal record (partial saves, theme, current version)", () => {
  it("changes only the fields sent and keeps the theme for the user", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const userId = await idOf(sid);
    await t.sql.query("DELETE FROM personal_status_record WHERE user_id = $1", [userId]);
    const current = (await t.call("GET", "/bscPrivacyPolicy", { sid })).json().data.policyVersion;
    const save = async (body: object) => (await t.call("POST", "/personalStatusRecord", { sid, body: { userId, ...body } })).json().data;

    expect(await save({ themeCode: 2, themeColor: "#C8161D", themeHeadColor: "#C8161D" })).toMatchObject({
      languageStatus: "cn", noviceGuideStatus: 0, privacyStatus: 0, privacyVersion: null, themeCode: 2, themeColor: "#C8161D", themeHeadColor: "#C8161D",
    });
    expect(await save({ languageStatus: "en" })).toMatchObject({ languageStatus: "en", themeCode: 2, themeColor: "#C8161D" });
    expect(await save({ privacyStatus: 1, privacyVersion: current })).toMatchObject({ privacyStatus: 1, privacyVersion: current, languageStatus: "en", themeCode: 2 });
    expect(await save({ noviceGuideStatus: 1 })).toMatchObject({ noviceGuideStatus: 1, privacyStatus: 1, languageStatus: "en", themeCode: 2 });
    expect(await save({ themeCode: 0 })).toMatchObject({ themeCode: 0, themeColor: "#C8161D", noviceGuideStatus: 1, privacyVersion: current });
    const read = (await t.call("GET", "/personalStatusRecord", { sid, query: { userId } })).json().data;
    expect(read).toMatchObject({ userId, languageStatus: "en", noviceGuideStatus: 1, privacyStatus: 1, privacyVersion: current, themeCode: 0, themeColor: "#C8161D" });

    for (const [body, field] of [
      [{ themeCode: 4 }, "themeCode"],
      [{ themeCode: -1 }, "themeCode"],
      [{ themeColor: "red" }, "themeColor"],
      [{ privacyVersion: current }, "privacyVersion"], // a version alone would skip the check
      [{ privacyStatus: 1 }, "privacyVersion"],
      [{ privacyStatus: 1, privacyVersion: "9.9.9" }, "privacyVersion"],
    ] as const) {
      const res = await t.call("POST", "/personalStatusRecord", { sid, body: { userId, ...body } });
      expect([JSON.stringify(body), res.statusCode, res.json().errors?.[0]?.field]).toEqual([JSON.stringify(body), 400, field]);
    }
  });
});

describe("the contract marks the consent-exempt operations", () => {
  it("x-consent-exempt is on exactly the consent flow, logout and the public operations", async () => {
    const ops = operations(await loadContract());
    const exempt = ops.filter((o) => o.op["x-consent-exempt"] === true).map((o) => o.operationId);
    const isPublic = (o: (typeof ops)[number]) => Array.isArray(o.op.security) && o.op.security.length === 0;
    const sessionOnes = ops.filter((o) => !isPublic(o) && o.op["x-consent-exempt"] === true).map((o) => o.operationId);
    expect(sessionOnes.sort()).toEqual(
      [
        "logout", "getUserInfo", "getUserTitle", "getRoleMenuVOByRoles", "changeRole",
        "getPersonalStatusRecord", "savePersonalStatusRecord", "getBscPrivacyPolicy",
      ].sort(),
    );
    expect(ops.filter(isPublic).filter((o) => !exempt.includes(o.operationId)).map((o) => o.operationId)).toEqual([]);
    for (const id of ["getDate", "getSysVersion", "checkLoginStatus"]) expect(exempt).toContain(id);
  });

  it("a built operation no longer declares 501, and every upload needs a session", async () => {
    const ops = operations(await loadContract());
    expect(ops.filter((o) => handlerFor(o.operationId) && o.op.responses["501"]).map((o) => o.operationId)).toEqual([]);
    const uploads = ops.filter((o) => o.op.requestBody?.content?.["multipart/form-data"]);
    expect(uploads.filter((o) => Array.isArray(o.op.security) && o.op.security.length === 0)).toEqual([]);
  });
});

describe("a brand-new user through the development IdP's other-name form", () => {
  async function signOnAs(app: TestApp, userName: string) {
    const start = (await app.call("GET", "/sysUserEx/ssoLogin", { query: { route: "workingSpace" } })).json().content as string;
    const page = await app.app.inject({ method: "GET", url: start });
    expect(page.body).toMatch(/<form method="post" action="respond" data-testid="devIdp-other-user">/);
    expect(page.body).toMatch(/<input type="text" id="devIdp-userName" name="userName" required maxlength="20"[^>]*data-testid="devIdp-userName">/);
    expect(page.body).toContain('data-testid="devIdp-other-user-submit"');
    expect(page.body).toContain("Sign in as another user name");
    expect(page.body).toContain("以其他用户名登录");
    const posted = await app.app.inject({
      method: "POST",
      url: "/portal-api/devIdp/respond",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ userName, SAMLRequest: hiddenValue(page.body, "SAMLRequest")!, RelayState: hiddenValue(page.body, "RelayState")! }),
    });
    // The ACS validates and hands /relogin a one-time code bound by a cookie (issue 19).
    return (await signInThroughAcs(app, hiddenValue(posted.body, "SAMLResponse")!, "workingSpace")).answer;
  }

  it("with SAML_PROVISION a new staff user is created, signed in, and goes through the first-login flow", async () => {
    const p = await buildTestApp({ sso: { ...loadConfig({ NODE_ENV: "test" }).sso, provision: true } });
    try {
      const res = await signOnAs(p, "newstaff01");
      expect(res.statusCode).toBe(200);
      const sid = res.json().data.sid;
      const me = (await p.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data;
      expect(me).toMatchObject({ userName: "newstaff01", realName: "newstaff01", roleCode: "staff" });
      expect((await p.call("GET", "/personalStatusRecord", { sid, query: { userId: me.id } })).json().data).toBeNull();
      expect((await p.call("GET", "/api/user/query", { sid })).json().code).toBe(4010);
      const policy = (await p.call("GET", "/bscPrivacyPolicy", { sid })).json().data;
      await p.call("POST", "/personalStatusRecord", { sid, body: { userId: me.id, privacyStatus: 1, privacyVersion: policy.policyVersion } });
      expect((await p.call("GET", "/api/user/query", { sid })).json().data.userName).toBe("newstaff01");
      expect((await p.call("GET", "/api/user/query/login/", { sid })).json().data).toMatchObject({ loginType: "saml", lastLoginTime: null });
    } finally {
      await p.close();
    }
  });

  it("without it the unknown name is refused (403, code 4005: this account does not exist or is disabled)", async () => {
    const res = await signOnAs(t, "newstaff02");
    expect([res.statusCode, res.json().code, res.json().resultEnMessage]).toEqual([403, 4005, "This account does not exist or is disabled"]);
  });
});
