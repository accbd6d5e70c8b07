import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { handlers } from "../src/handlers/index.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

/**
 * The 501 path needs an operation without a handler. As the contract gets built out none may be
 * left, so this file's app is built with one handler withheld (the resolver reads the handlers
 * when the routes are registered; vitest isolates test files, so no other app lacks it).
 */
const WITHHELD = "bscPortalAppListAll";

let t: TestApp;
beforeAll(async () => {
  const handler = handlers[WITHHELD];
  expect(handler).toBeTypeOf("function");
  delete handlers[WITHHELD];
  try {
    t = await buildTestApp();
  } finally {
    handlers[WITHHELD] = handler;
  }
});
afterAll(() => t.close());

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

describe("session required", () => {
  it("answers 401 with code 4004 without a sid, with a bogus one, and with the text timeout", async () => {
    for (const sid of [undefined, "0".repeat(64), "timeout"]) {
      const res = await t.call("GET", "/sysUserEx/getUserInfo", { sid });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 4004, data: null });
      expect(res.json().resultMessage).toBeTruthy();
      expect(res.json().resultEnMessage).toMatch(/session expired/i);
    }
  });

  it("judges the session and the permission before the body: no schema details reach a caller without them", async () => {
    // An invalid body (a required field missing, a wrong type) to an operation behind a session.
    const anonymous = await t.call("POST", "/talkShow", { body: { parentId: "x" } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(4004);
    // An ordinary user's invalid body to an administrator's operation is refused as forbidden.
    const staff = await t.login("zhangwei", "Staff@12345");
    const forbidden = await t.call("POST", "/sysRole", { sid: staff, body: { roleName: 42 } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe(4003);
    // With both, the same body is judged: 400 with the field.
    const admin = await t.login("admin", "Admin@12345");
    const invalid = await t.call("POST", "/sysRole", { sid: admin, body: { roleName: 42 } });
    expect(invalid.statusCode).toBe(400);
  });

  it("refuses a request without the body its operation requires (no content-type at all): 400, not a crash", async () => {
    const anonymous = await t.app.inject({ method: "POST", url: "/portal-api/sysUserEx/baseLogin" });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ code: 400, resultEnMessage: "The request body is required" });
    const sid = await t.login("zhangwei", "Staff@12345");
    const signedIn = await t.app.inject({ method: "POST", url: "/portal-api/personalApp", headers: { sid } });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().resultMessage).toBe("请求体不能为空");
  });

  it("answers an address the router cannot decode, or a path parameter over its length, in the bilingual envelope (400)", async () => {
    // A lone surrogate, percent-encoded: not valid UTF-8 (found by a longer fuzz run, seed 20261123).
    const bad = await t.app.inject({ method: "GET", url: "/portal-api/sourceData/%ED%A0%80/template?format=xlsx" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: null, resultMessage: "请求地址无效", resultEnMessage: "The request address is not valid" });
    const long = await t.app.inject({ method: "GET", url: `/portal-api/sourceData/${"x".repeat(200)}/template` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 400, data: null, resultEnMessage: "A parameter in the request address is too long" });
    expect(long.headers["x-content-type-options"]).toBe("nosniff");
    expect(long.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
  });

  it("takes the Authorization header, which overrides sid", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const viaAuth = await t.call("GET", "/sysUserEx/getUserInfo", { headers: { authorization: sid, sid: "0".repeat(64) } });
    expect(viaAuth.statusCode).toBe(200);
    const badAuth = await t.call("GET", "/sysUserEx/getUserInfo", { headers: { authorization: "f".repeat(64), sid } });
    expect(badAuth.json().code).toBe(4004);
  });
});

describe("baseLogin", () => {
  it("signs in with an RSA-encrypted password and loads the user", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    expect(sid).toMatch(/^[0-9a-f]{64}$/);
    const info = await t.call("GET", "/sysUserEx/getUserInfo", { sid });
    expect(info.json()).toMatchObject({ code: 0, data: { userName: "zhangwei", realName: "张伟", roleCode: "staff", isAdmin: false } });
  });

  it("gives a new sid at every login and stores only its hash", async () => {
    const a = await t.login("lina", "Staff@12345");
    const b = await t.login("lina", "Staff@12345");
    expect(a).not.toBe(b);
    const rows = await t.sql.query("SELECT sid_hash FROM sys_session WHERE sid_hash IN ($1, $2, $3)", [a, sha256(a), sha256(b)]);
    expect(rows.rows.map((r) => r.sid_hash).sort()).toEqual([sha256(a), sha256(b)].sort());
  });

  it("answers an unknown user and a wrong password alike (401, code 4001)", async () => {
    const enc = (p: string) => t.app.transportKey.encrypt(p);
    const wrong = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "zhangwei", password: enc("nope-nope") } });
    const unknown = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "nobody", password: enc("nope-nope") } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe(4001);
  });

  it("takes any account text a person types - an e-mail, a Chinese name, a hyphen: an unknown one fails like a wrong password (issue 21, defect 14)", async () => {
    await t.sql.query("DELETE FROM sys_login_throttle"); // this test's failures alone
    const enc = (p: string) => t.app.transportKey.encrypt(p);
    const login = (userName: string) => t.call("POST", "/sysUserEx/baseLogin", { body: { userName, password: enc("nope-nope") } });
    const reference = (await login("nobody")).json();
    expect(reference.code).toBe(4001);
    for (const userName of ["zhang.wei@corp.example", "张伟", "li-na"]) {
      const res = await login(userName);
      expect(res.statusCode, userName).toBe(401);
      expect(res.json(), userName).toEqual(reference);
      const status = await t.call("GET", "/api/user/checkLoginStatus", { query: { username: userName } });
      expect(status.statusCode, userName).toBe(200);
      expect(status.json().content, userName).toBe(false);
    }
    // Still bounded: more than 50 characters, or a control character, is no account text.
    const long = await login("a".repeat(51));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: "userName", rule: "maxLength" });
    expect((await login("a\u0000b")).statusCode).toBe(400);
    // Neither its failures nor its calls count against the file's other sign-ins (30 a minute per address).
    await t.sql.query("DELETE FROM sys_login_throttle");
    await t.sql.query("DELETE FROM sys_rate_counter WHERE key LIKE 'login:%' OR key LIKE 'status:%'");
  });

  it("refuses a password that was not encrypted with the transport key", async () => {
    const res = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "zhangwei", password: Buffer.from("Staff@12345-plain").toString("base64") } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "password", rule: "encryption" });
  });

  it("backs off an account from one client after repeated failures, even with the right password (more: loginBackoff.test.ts)", async () => {
    const enc = (p: string) => t.app.transportKey.encrypt(p);
    for (let i = 0; i < 5; i++) await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "admin", password: enc("wrong-pass") } });
    const res = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "admin", password: enc("Admin@12345") } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 403, resultEnMessage: "The operation is too frequent. Please try again later" });
    await t.sql.query("DELETE FROM sys_login_throttle");
  });

  it("refuses invalid input with the field and rule in both languages", async () => {
    const res = await t.call("POST", "/sysUserEx/baseLogin", { body: { password: "x".repeat(20) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "userName", rule: "required" });
    expect(res.json().resultMessage).toContain("必填项不能为空");
    const extra = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "a", password: "x".repeat(20), admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].rule).toBe("additionalProperties");
  });
});

describe("captcha", () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await buildTestApp({ captchaEnabled: true });
  });
  afterAll(() => c.close());
  const challengeId = "challenge-0123456789abcdef";

  it("serves a PNG image and says the captcha is on (the image itself: captcha.test.ts)", async () => {
    expect((await c.call("GET", "/sysUserEx/getPublicKey")).json().data.captchaEnabled).toBe(true);
    const img = await c.call("GET", "/api/user/verificationcode", { query: { challengeId } });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.rawPayload.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("accepts the right code once, bound to its challenge", async () => {
    const login = (code: string, id = challengeId) =>
      c.call("POST", "/sysUserEx/baseLogin", {
        body: { userName: "zhangwei", password: c.app.transportKey.encrypt("Staff@12345"), verificationCode: code, challengeId: id },
      });
    // The code is stored hashed; arrange a known one for this challenge.
    await c.sql.query("UPDATE sys_captcha SET code_hash = $1 WHERE challenge_hash = $2", [sha256("ab12"), sha256(challengeId)]);
    expect((await login("ab12", "another-challenge-0000")).statusCode).toBe(400); // other challenge
    expect((await login("AB12")).statusCode).toBe(200); // case-insensitive, right challenge
    const again = await login("ab12");
    expect(again.statusCode).toBe(400); // single use
    expect(again.json().errors[0]).toMatchObject({ field: "verificationCode", rule: "captcha" });
  });

  it("refuses an expired code", async () => {
    await c.call("GET", "/api/user/verificationcode", { query: { challengeId } });
    await c.sql.query("UPDATE sys_captcha SET code_hash = $1, expires_at = now() - interval '1 second' WHERE challenge_hash = $2", [sha256("ab12"), sha256(challengeId)]);
    const res = await c.call("POST", "/sysUserEx/baseLogin", {
      body: { userName: "zhangwei", password: c.app.transportKey.encrypt("Staff@12345"), verificationCode: "ab12", challengeId },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("session lifetime", () => {
  it("logout ends the session on the server", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const out = await t.call("GET", "/sysUserEx/logout", { sid });
    expect(out.json()).toMatchObject({ code: 0, respCode: 0 });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().code).toBe(4004);
  });

  it("expires after 30 idle minutes and after 12 hours in all", async () => {
    const idle = await t.login("zhangwei", "Staff@12345");
    await t.sql.query("UPDATE sys_session SET last_seen_at = now() - interval '31 minutes' WHERE sid_hash = $1", [sha256(idle)]);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: idle })).statusCode).toBe(401);
    const old = await t.login("zhangwei", "Staff@12345");
    await t.sql.query("UPDATE sys_session SET created_at = now() - interval '13 hours' WHERE sid_hash = $1", [sha256(old)]);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: old })).statusCode).toBe(401);
    const fresh = await t.login("zhangwei", "Staff@12345");
    await t.sql.query("UPDATE sys_session SET last_seen_at = now() - interval '29 minutes' WHERE sid_hash = $1", [sha256(fresh)]);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: fresh })).statusCode).toBe(200);
  });

  it("a disabled user's sessions stop working", async () => {
    const sid = await t.login("lina", "Staff@12345");
    await t.sql.query("UPDATE sys_user SET status = 0 WHERE user_name = 'lina'");
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().code).toBe(4004);
    await t.sql.query("UPDATE sys_user SET status = 1 WHERE user_name = 'lina'");
  });

  it("checkLoginStatus answers content false whether or not the account has a live session (issue 20: presence.test.ts)", async () => {
    await t.sql.query("UPDATE sys_session SET ended_at = now()");
    const before = await t.call("GET", "/api/user/checkLoginStatus", { query: { username: "lina" } });
    expect(before.json()).toMatchObject({ code: 0, respCode: 0, content: false });
    await t.login("lina", "Staff@12345");
    expect((await t.call("GET", "/api/user/checkLoginStatus", { query: { username: "lina" } })).json().content).toBe(false);
    expect((await t.call("GET", "/api/user/checkLoginStatus", { query: { username: "nobody" } })).json().content).toBe(false);
  });
});

describe("roles of a session", () => {
  it("changeRole answers a new sid for one of the user's roles and ends the old one", async () => {
    const sid = await t.login("lina", "Staff@12345");
    const res = await t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: "editor" } });
    expect(res.json()).toMatchObject({ code: 0, result: "0" });
    const next = res.json().data.sid;
    expect(next).not.toBe(sid);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode).toBe(401);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: next })).json().data.roleCode).toBe("editor");
    const refused = await t.call("GET", "/sysUserEx/changeRole", { sid: next, query: { roleCode: "admin" } });
    expect(refused.statusCode).toBe(400);
  });

  it("getRoleMenuVOByRoles gives the current role's tree; others' roles are refused", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    const res = await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: staff, body: {} });
    const urls = res.json().data.map((m: { url: string }) => m.url);
    expect(urls.slice(0, 3)).toEqual(["/workingSpace", "/appCenterIndex", "/helpCenter"]);
    expect(urls).not.toContain("/sys");
    const denied = await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: staff, body: { roleCodes: ["admin"] } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(4003);

    const admin = await t.login("admin", "Admin@12345");
    const tree = (await t.call("POST", "/api/RoleMenuController/getRoleMenuVOByRoles", { sid: admin, body: {} })).json().data;
    const sys = tree.find((m: { url: string }) => m.url === "/sys");
    const role = sys.children.find((m: { url: string }) => m.url === "/sys/role");
    expect(role.children.map((b: { type: number; url: string }) => [b.type, b.url])).toContainEqual([1, "sys:role:add"]);
  });
});

describe("personal record and privacy policy", () => {
  it("reads the current policy, saves consent to that version only, and guards userId", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const info = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data;
    const policy = (await t.call("GET", "/bscPrivacyPolicy", { sid })).json().data;
    expect(policy.policyVersion).toBe("1.0.0");
    // As a user who has not been through the first-login flow (the demo accounts are seeded through it).
    await t.sql.query("DELETE FROM personal_status_record WHERE user_id = $1", [info.id]);
    expect((await t.call("GET", "/personalStatusRecord", { sid, query: { userId: info.id } })).json().data).toBeNull();

    const stale = await t.call("POST", "/personalStatusRecord", { sid, body: { userId: info.id, privacyStatus: 1, privacyVersion: "0.9" } });
    expect(stale.statusCode).toBe(400);
    const saved = await t.call("POST", "/personalStatusRecord", { sid, body: { userId: info.id, privacyStatus: 1, privacyVersion: "1.0.0", languageStatus: "en" } });
    expect(saved.json().data).toMatchObject({ userId: info.id, privacyStatus: 1, privacyVersion: "1.0.0", languageStatus: "en", noviceGuideStatus: 0 });
    const guide = await t.call("POST", "/personalStatusRecord", { sid, body: { userId: info.id, noviceGuideStatus: 1 } });
    expect(guide.json().data).toMatchObject({ privacyStatus: 1, languageStatus: "en", noviceGuideStatus: 1 });

    const other = info.id + 1;
    expect((await t.call("GET", "/personalStatusRecord", { sid, query: { userId: other } })).json().code).toBe(4003);
    expect((await t.call("POST", "/personalStatusRecord", { sid, body: { userId: other, languageStatus: "en" } })).statusCode).toBe(403);
    const admin = await t.login("admin", "Admin@12345");
    expect((await t.call("GET", "/personalStatusRecord", { sid: admin, query: { userId: info.id } })).json().data.languageStatus).toBe("en");
  });

  it("only an administrator publishes a new version, and versions are unique", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    const body = { policyContent: "v2 text", policyVersion: "2.0.0" };
    expect((await t.call("POST", "/bscPrivacyPolicy", { sid: staff, body })).statusCode).toBe(403);
    const admin = await t.login("admin", "Admin@12345");
    expect((await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body })).json().code).toBe(0);
    // Publishing asks everyone again, the administrator too, before anything else.
    expect((await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body })).json().code).toBe(4010);
    const adminId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: admin })).json().data.id;
    await t.call("POST", "/personalStatusRecord", { sid: admin, body: { userId: adminId, privacyStatus: 1, privacyVersion: "2.0.0" } });
    expect((await t.call("POST", "/bscPrivacyPolicy", { sid: admin, body })).statusCode).toBe(400);
    expect((await t.call("GET", "/bscPrivacyPolicy", { sid: staff })).json().data.policyVersion).toBe("2.0.0");
  });
});

describe("public and infrastructure calls", () => {
  it("getDate, getSysVersion, getPublicKey need no session", async () => {
    expect((await t.call("GET", "/api/getDate")).json().data).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.call("GET", "/sysUserEx/getSysVersion")).json().data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await t.call("GET", "/sysUserEx/getPublicKey")).json().data.publicKey).toContain("BEGIN PUBLIC KEY");
  });

  it("/healthz and /readyz answer outside the API prefix", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json().code).toBe(0);
    expect((await t.app.inject({ url: "/readyz" })).json().code).toBe(0);
    expect((await t.app.inject({ url: "/portal-api/healthz" })).statusCode).toBe(404);
  });

  it("an operation without a handler answers 501 in both languages, after the session check", async () => {
    expect((await t.call("GET", "/bscPortalApp/listAll")).statusCode).toBe(401);
    const sid = await t.login("zhangwei", "Staff@12345");
    const me = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data;
    const current = (await t.call("GET", "/bscPrivacyPolicy", { sid })).json().data.policyVersion;
    await t.call("POST", "/personalStatusRecord", { sid, body: { userId: me.id, privacyStatus: 1, privacyVersion: current } });
    const res = await t.call("GET", "/bscPortalApp/listAll", { sid });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 501 });
    expect(res.json().resultEnMessage).toContain("bscPortalAppListAll");
    expect(res.json().resultMessage).toContain("尚未实现");
  });

  it("an unknown API path answers 404 with code 404", async () => {
    const res = await t.call("GET", "/no/such/path");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, resultEnMessage: "Provider path does not exist" });
  });
});

describe("login rate limit per client address", () => {
  it("is 30 a minute unless LOGIN_RATE_LIMIT_PER_MINUTE says otherwise, which must be a whole number", async () => {
    expect(loadConfig({ NODE_ENV: "test" }).loginRateLimitPerMinute).toBe(30);
    expect(loadConfig({ NODE_ENV: "test", LOGIN_RATE_LIMIT_PER_MINUTE: "500" }).loginRateLimitPerMinute).toBe(500);
    for (const bad of ["0", "-1", "2.5", "many"]) expect(() => loadConfig({ NODE_ENV: "test", LOGIN_RATE_LIMIT_PER_MINUTE: bad })).toThrow(/LOGIN_RATE_LIMIT_PER_MINUTE/);
    const low = await buildTestApp({ loginRateLimitPerMinute: 2 });
    try {
      await low.login("zhangwei", "Staff@12345");
      await low.login("lina", "Staff@12345");
      const third = await low.call("POST", "/sysUserEx/baseLogin", { body: { userName: "admin", password: low.app.transportKey.encrypt("Admin@12345") } });
      expect([third.statusCode, third.json().code]).toEqual([429, 403]);
    } finally {
      await low.close();
    }
  });
});
