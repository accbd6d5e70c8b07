// Issue 20 item 6: whether someone is signed in is told only to a person who has proven the
// password. checkLoginStatus (spec 7.9) answers the same for everyone; baseLogin, once the
// password is verified, answers loggedInElsewhere with the new session, and the page's confirm
// (spec 4) either keeps that session (Confirm: nothing more to send) or ends it (Cancel: logout).
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateLimitPerMinute: 1000 });
});
afterAll(() => t.close());
beforeEach(() => t.sql.query("UPDATE sys_session SET ended_at = now() WHERE ended_at IS NULL; DELETE FROM sys_login_throttle; DELETE FROM sys_rate_counter"));

const baseLogin = (userName: string, password: string) =>
  t.call("POST", "/sysUserEx/baseLogin", { body: { userName, password: t.app.transportKey.encrypt(password) } });
const status = async (username: string) => (await t.call("GET", "/api/user/checkLoginStatus", { query: { username } })).body;
const alive = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode === 200;

describe("presence is told only after the password", () => {
  it("an anonymous checkLoginStatus cannot tell a signed-in account from one that is not, or from no account", async () => {
    const nobodyIn = await status("zhangwei");
    await t.login("zhangwei", "Staff@12345");
    expect(await status("zhangwei")).toBe(nobodyIn);
    expect(await status("lina")).toBe(nobodyIn);
    expect(await status("nosuchuser")).toBe(nobodyIn);
    expect(JSON.parse(nobodyIn)).toMatchObject({ code: 0, respCode: 0, content: false });
  });

  it("a wrong password never reveals whether the account is signed in", async () => {
    const notIn = await baseLogin("lina", "Wrong@12345");
    await t.login("zhangwei", "Staff@12345");
    const signedIn = await baseLogin("zhangwei", "Wrong@12345");
    expect([signedIn.statusCode, signedIn.json().code]).toEqual([401, 4001]);
    expect(signedIn.body).toBe(notIn.body);
    expect(signedIn.body).not.toMatch(/elsewhere/i);
  });

  it("the right password tells whether another session is live, with the new session", async () => {
    const first = await baseLogin("zhangwei", "Staff@12345");
    expect(first.json()).toMatchObject({ code: 0, data: { loggedInElsewhere: false } });
    const second = await baseLogin("zhangwei", "Staff@12345");
    expect(second.json()).toMatchObject({ code: 0, data: { loggedInElsewhere: true } });
    // Only live sessions count: once the first one has ended, nobody is signed in elsewhere again.
    await t.call("GET", "/sysUserEx/logout", { sid: first.json().data.sid });
    await t.call("GET", "/sysUserEx/logout", { sid: second.json().data.sid });
    expect((await baseLogin("zhangwei", "Staff@12345")).json().data.loggedInElsewhere).toBe(false);
  });

  it("Confirm needs nothing more (the answer's session works); Cancel ends only the new session", async () => {
    const elsewhere = await t.login("zhangwei", "Staff@12345");
    const confirmed = (await baseLogin("zhangwei", "Staff@12345")).json().data;
    expect(confirmed.loggedInElsewhere).toBe(true);
    expect(await alive(confirmed.sid)).toBe(true);

    const cancelled = (await baseLogin("zhangwei", "Staff@12345")).json().data;
    expect(cancelled.loggedInElsewhere).toBe(true);
    expect((await t.call("GET", "/sysUserEx/logout", { sid: cancelled.sid })).json().code).toBe(0);
    expect(await alive(cancelled.sid)).toBe(false);
    expect(await alive(confirmed.sid)).toBe(true);
    expect(await alive(elsewhere)).toBe(true);
  });

  it("with the captcha on, one solved captcha is enough for a sign-in that ends in the confirm", async () => {
    const c = await buildTestApp({ captchaEnabled: true });
    try {
      const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
      const login = async (challengeId: string) => {
        await c.call("GET", "/api/user/verificationcode", { query: { challengeId } });
        await c.sql.query("UPDATE sys_captcha SET code_hash = $1 WHERE challenge_hash = $2", [sha("ab12"), sha(challengeId)]);
        return c.call("POST", "/sysUserEx/baseLogin", {
          body: { userName: "lina", password: c.app.transportKey.encrypt("Staff@12345"), verificationCode: "ab12", challengeId },
        });
      };
      expect((await login("presence-test-000001")).json().data.loggedInElsewhere).toBe(false);
      const second = (await login("presence-test-000002")).json().data;
      expect(second.loggedInElsewhere).toBe(true);
      expect((await c.call("GET", "/sysUserEx/getUserInfo", { sid: second.sid })).statusCode).toBe(200);
    } finally {
      await c.close();
    }
  });
});
