// Issue 20 item 5: lock-out that an attacker cannot aim (server/src/lib/loginBackoff.ts). Failures
// lock one account from one client address; the account across all clients and the client across
// all accounts only make a captcha due. The login rate per address is raised here so that 50
// attempts from one address measure the back-off, not that separate per-minute limit.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_CAPTCHA_AFTER, CLIENT_CAPTCHA_AFTER } from "../src/lib/loginBackoff.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateLimitPerMinute: 1000 }); // the captcha is off, as in the helper
});
afterAll(() => t.close());
beforeEach(() => t.sql.query("DELETE FROM sys_login_throttle; DELETE FROM sys_rate_counter; DELETE FROM sys_captcha"));

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
let challenges = 0;

/** A captcha the test can answer: a real challenge whose stored code is set to a known one. */
async function solvedCaptcha() {
  const challengeId = `backoff-test-${String(challenges++).padStart(6, "0")}`;
  expect((await t.call("GET", "/api/user/verificationcode", { query: { challengeId } })).statusCode).toBe(200);
  await t.sql.query("UPDATE sys_captcha SET code_hash = $1 WHERE challenge_hash = $2", [sha256("ab12"), sha256(challengeId)]);
  return { challengeId, verificationCode: "ab12" };
}

/** A login from a given client address (light-my-request sets the socket's address, which is req.ip). */
const loginFrom = (ip: string, userName: string, password: string, captcha?: { challengeId: string; verificationCode: string }) =>
  t.app.inject({
    method: "POST",
    url: "/portal-api/sysUserEx/baseLogin",
    remoteAddress: ip,
    payload: { userName, password: t.app.transportKey.encrypt(password), ...captcha },
  });
const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

describe("lock-out that an attacker cannot aim", () => {
  it("50 failures for zhangwei from one address do not keep zhangwei out from another", async () => {
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await statusOf(loginFrom("10.20.0.1", "zhangwei", "Wrong@12345")));
    // The attacker's own address is stopped after 5 failures: locked from then on (the lock starts at
    // 1 s and doubles with each failure after it ends, so on a slow machine one may have run out
    // between two tries: a later try is refused (429) or fails again (401), never more).
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((status) => status === 429 || status === 401)).toBe(true);
    expect(answers.slice(5)).toContain(429);
    // The owner, from their own address, with the right password and nothing more.
    const owner = await loginFrom("10.20.0.2", "zhangwei", "Staff@12345");
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.sid).toMatch(/^[0-9a-f]{64}$/);
  });

  it("50 failures for made-up names from one address (an office NAT) lock nobody behind it", async () => {
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await statusOf(loginFrom("10.21.0.1", `madeup${i}x`, "Wrong@12345")));
    // Never a lock (429): after CLIENT_CAPTCHA_AFTER failures the address is asked for a captcha (400, code 4002).
    expect(answers).toEqual([...Array(CLIENT_CAPTCHA_AFTER).fill(401), ...Array(50 - CLIENT_CAPTCHA_AFTER).fill(400)]);
    // A colleague behind the same address: asked for a captcha (the address failed often), never
    // refused; with the captcha solved, in.
    const asked = await loginFrom("10.21.0.1", "lina", "Staff@12345");
    expect([asked.statusCode, asked.json().code]).toEqual([400, 4002]);
    expect(asked.json().errors[0]).toMatchObject({ field: "verificationCode", rule: "required" });
    expect((await loginFrom("10.21.0.1", "lina", "Staff@12345", await solvedCaptcha())).statusCode).toBe(200);
    // Below the address's captcha budget nobody there is even asked for one.
    await t.sql.query("DELETE FROM sys_login_throttle");
    for (let i = 0; i < CLIENT_CAPTCHA_AFTER - 1; i++) await loginFrom("10.21.0.2", `madeup${i}y`, "Wrong@12345");
    expect((await loginFrom("10.21.0.2", "lina", "Staff@12345")).statusCode).toBe(200);
  });

  it("a brute force from one client against one account is stopped: the lock holds even for the right password and grows", async () => {
    for (let i = 0; i < 5; i++) expect(await statusOf(loginFrom("10.22.0.1", "zhangwei", "Wrong@12345"))).toBe(401);
    const locked = await loginFrom("10.22.0.1", "zhangwei", "Staff@12345");
    expect([locked.statusCode, locked.json().code]).toEqual([429, 403]);
    expect(locked.json().resultEnMessage).toBe("The operation is too frequent. Please try again later");
    // When a lock runs out, the next failure locks again, for twice as long.
    const key = "pair:zhangwei|10.22.0.1";
    await t.sql.query("UPDATE sys_login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", [key]);
    expect(await statusOf(loginFrom("10.22.0.1", "zhangwei", "Wrong@12345"))).toBe(401);
    const [row] = (await t.sql.query("SELECT failures, extract(epoch FROM locked_until - updated_at) AS seconds FROM sys_login_throttle WHERE key = $1", [key])).rows;
    expect([row.failures, Number(row.seconds)]).toEqual([6, 2]);
    expect(await statusOf(loginFrom("10.22.0.1", "zhangwei", "Staff@12345"))).toBe(429);
  });

  it("parallel attempts from one client cannot slip past the lock before the failures are written", async () => {
    // Twelve failures already: the next one locks for 2^8 s. Ten at once get one guess between them.
    await t.sql.query("INSERT INTO sys_login_throttle (key, failures, updated_at) VALUES ('pair:zhangwei|10.23.0.1', 12, now())");
    const answers = await Promise.all(Array.from({ length: 10 }, () => statusOf(loginFrom("10.23.0.1", "zhangwei", "Wrong@12345"))));
    expect(answers.sort()).toEqual([401, ...Array(9).fill(429)]);
  });

  it("a guess spread over many addresses against one account is slowed by a captcha, never a lock", async () => {
    for (let i = 0; i < ACCOUNT_CAPTCHA_AFTER; i++) expect(await statusOf(loginFrom(`10.24.1.${i}`, "zhangwei", "Wrong@12345"))).toBe(401);
    // Every further attempt on zhangwei, from any address, must solve a captcha first.
    const asked = await loginFrom("10.24.2.1", "zhangwei", "Wrong@12345");
    expect([asked.statusCode, asked.json().code]).toEqual([400, 4002]);
    expect((await loginFrom("10.24.2.2", "zhangwei", "Wrong@12345", await solvedCaptcha())).statusCode).toBe(401);
    const wrongCode = await loginFrom("10.24.2.3", "zhangwei", "Staff@12345", { ...(await solvedCaptcha()), verificationCode: "zz99" });
    expect(wrongCode.json().errors[0]).toMatchObject({ field: "verificationCode", rule: "captcha" });
    // The owner solves it and is in; other accounts are not asked.
    expect((await loginFrom("10.24.2.4", "zhangwei", "Staff@12345", await solvedCaptcha())).statusCode).toBe(200);
    expect((await loginFrom("10.24.2.5", "lina", "Staff@12345")).statusCode).toBe(200);
  });

  it("an unknown name is treated exactly as a real one: the lock and the captcha tell nobody who exists", async () => {
    const answersFor = async (userName: string, n: number) => {
      for (let i = 0; i < 5; i++) await loginFrom(`10.25.${n}.1`, userName, "Wrong@12345");
      const lockedAnswer = (await loginFrom(`10.25.${n}.1`, userName, "Wrong@12345")).body;
      for (let i = 0; i < ACCOUNT_CAPTCHA_AFTER; i++) await loginFrom(`10.25.${n}.${10 + i}`, userName, "Wrong@12345");
      const captchaAnswer = await loginFrom(`10.25.${n}.99`, userName, "Wrong@12345");
      return [captchaAnswer.statusCode, lockedAnswer, captchaAnswer.body];
    };
    const known = await answersFor("zhangwei", 1);
    expect(known[0]).toBe(400);
    expect(await answersFor("nosuchuser", 2)).toEqual(known);
  });
});
