import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { responseXml, signAssertion, signResponse } from "../src/devIdp/response.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { b64, fullySigned, idpKey, optionsFor, postAcs, requestXml, signInThroughAcs, startSignOn } from "./samlFixtures.ts";

// Issue 24 (21 CFR 11.200(a)): a person signed in with SSO re-authenticates for a signature at the
// identity provider with a forced fresh login. Responses here are made with the development IdP's
// signing code (samlFixtures.ts) and edited the way an IdP that ignores ForceAuthn, or an attacker,
// would; sso-pysaml2 coverage is in esign-pysaml2.test.ts.

let t: TestApp;
let adminPw: string;
// Everything the server logs, to show no secret reaches it (no sid, no SAML message).
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logged.push(String(chunk));
    done();
  },
});
/** Secrets the flow handled: none may appear in the log. */
const secrets: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ logLevel: "info" }, { logStream });
  adminPw = await t.login("admin", "Admin@12345");
  // The signed action of these tests: a moderation decision, with the setting on.
  const on = await t.call("PUT", "/esign/settings", { sid: adminPw, body: { action: "complaintModeration", required: true, meaning: "reviewed" } });
  expect(on.json().code, on.body).toBe(0);
});
afterAll(() => t.close());

/** A session signed on through the ACS (login type saml) for userName. */
async function ssoSession(userName: string) {
  const { requestId } = await startSignOn(t);
  const { answer } = await signInThroughAcs(t, b64(fullySigned(optionsFor(t, requestId, userName), await idpKey(t))));
  expect(answer.statusCode, answer.body).toBe(200);
  secrets.push(answer.json().data.sid);
  return answer.json().data.sid as string;
}

/** startEsignSsoReauth: the IdP address and the AuthnRequest in it. */
async function startReauth(sid: string, returnTo = "/roastList?id=1") {
  const res = await t.call("POST", "/esign/sso/start", { sid, body: { returnTo } });
  expect(res.statusCode, res.body).toBe(200);
  const redirectUrl: string = res.json().data.redirectUrl;
  const samlRequest = new URL(redirectUrl, "http://x").searchParams.get("SAMLRequest")!;
  secrets.push(samlRequest.slice(0, 40));
  const xml = requestXml(samlRequest);
  const requestId = /\bID="([^"]+)"/.exec(xml)![1];
  return { redirectUrl, xml, requestId };
}

/** The IdP's answer to a request, its login made at `authnInstant` (now by default). */
async function idpAnswer(requestId: string, userName: string, authnInstant?: Date) {
  let xml = responseXml(optionsFor(t, requestId, userName));
  if (authnInstant) xml = xml.replace(/AuthnInstant="[^"]+"/, `AuthnInstant="${authnInstant.toISOString()}"`);
  const key = await idpKey(t);
  const samlResponse = b64(signResponse(signAssertion(xml, key), key));
  secrets.push(samlResponse.slice(0, 40), samlResponse.slice(-40));
  return samlResponse;
}

const status = async (sid: string) => (await t.call("GET", "/esign/status", { sid })).json().data;
const pending = async () => (await t.sql.query("SELECT id FROM talk_show WHERE review_status = 0 ORDER BY id")).rows.map((r) => Number(r.id));
const approve = (sid: string, id: number, signature?: unknown) =>
  t.call("POST", "/talkShow/checkTalkShow", { sid, body: { id, reviewStatus: 1, ...(signature ? { signature } : {}) } });
const reauthRows = async () => (await t.sql.query("SELECT * FROM portal_signing_reauth ORDER BY id")).rows;

describe("SSO re-authentication for signing (development IdP fixtures)", () => {
  let admin: string;
  beforeEach(async () => {
    admin = await ssoSession("admin");
  });

  it("the AuthnRequest asks for a fresh login (ForceAuthn) and the address carries nothing of the session", async () => {
    expect((await status(admin)).method).toBe("sso");
    const { redirectUrl, xml } = await startReauth(admin);
    expect(xml).toMatch(/ForceAuthn="true"/);
    expect(redirectUrl).toMatch(/^\/portal-api\/devIdp\/sso\?SAMLRequest=[^&]+&SigAlg=[^&]+&Signature=[^&]+$/);
    expect(redirectUrl).not.toContain(admin);
    expect(redirectUrl).not.toContain("roastList");
    // The ordinary sign-on request does not force a login.
    const signOn = await startSignOn(t);
    expect(requestXml(signOn.url.searchParams.get("SAMLRequest")!)).not.toMatch(/ForceAuthn/);
  });

  it("a fresh login of the same person: no new session, back to returnTo, one signature allowed, then used up", async () => {
    const { requestId } = await startReauth(admin, "/roastList?id=7");
    const acs = await postAcs(t, await idpAnswer(requestId, "admin"));
    expect(acs.res.statusCode).toBe(303);
    expect(acs.location).toBe("/roastList?id=7");
    expect(acs.res.headers["cache-control"]).toBe("no-store");
    expect(acs.setCookie).toBe(""); // no hand-off code: no session is opened
    const s = await status(admin);
    expect(s).toMatchObject({ method: "sso", ssoReady: true });
    expect(s.ssoReadyUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [row] = await reauthRows().then((r) => r.slice(-1));
    const minutes = (new Date(row.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThanOrEqual(5); // ESIGN_REAUTH_MINUTES default

    const [first, second] = await pending();
    const signed = await approve(admin, first, { method: "sso" });
    expect(signed.json().code, signed.body).toBe(0);
    const sigs = (await t.call("GET", "/esign/signatures", { sid: adminPw, query: { recordType: "talkShow", recordId: String(first) } })).json().data;
    expect(sigs).toEqual([expect.objectContaining({ userName: "admin", method: "sso", meaning: "reviewed", recordType: "talkShow", recordId: String(first) })]);
    expect((await status(admin)).ssoReady).toBe(false);

    // Used once: the next decision needs another fresh login, and nothing is decided without.
    const again = await approve(admin, second, { method: "sso" });
    expect([again.statusCode, again.json().code]).toEqual([403, 4031]);
    expect(await pending()).toContain(second);
  });

  it("an IdP that ignored ForceAuthn (a login older than the request) is refused; the page is told why", async () => {
    const { requestId } = await startReauth(admin, "/roastList");
    const before = (await reauthRows()).length;
    const acs = await postAcs(t, await idpAnswer(requestId, "admin", new Date(Date.now() - 3600_000)));
    expect([acs.res.statusCode, acs.location]).toEqual([303, "/roastList?esignRefused=stale"]);
    expect((await reauthRows()).length).toBe(before);
    expect((await status(admin)).ssoReady).toBe(false);
  });

  it("another person's assertion is refused", async () => {
    const { requestId } = await startReauth(admin, "/roastList");
    const before = (await reauthRows()).length;
    const acs = await postAcs(t, await idpAnswer(requestId, "zhangwei"));
    expect([acs.res.statusCode, acs.location]).toEqual([303, "/roastList?esignRefused=otherPerson"]);
    expect((await reauthRows()).length).toBe(before);
    expect((await status(admin)).ssoReady).toBe(false);
  });

  it("a session that ended meanwhile gets nothing", async () => {
    const { requestId } = await startReauth(admin, "/roastList");
    expect((await t.call("POST", "/sysUserEx/logout", { sid: admin })).statusCode).toBeLessThan(500);
    await t.sql.query("UPDATE sys_session SET ended_at = now() WHERE ended_at IS NULL AND login_type = 'saml'");
    const before = (await reauthRows()).length;
    const acs = await postAcs(t, await idpAnswer(requestId, "admin"));
    expect([acs.res.statusCode, acs.location]).toEqual([303, "/roastList?esignRefused=session"]);
    expect((await reauthRows()).length).toBe(before);
  });

  it("an expired re-authentication is refused", async () => {
    const { requestId } = await startReauth(admin);
    expect((await postAcs(t, await idpAnswer(requestId, "admin"))).res.statusCode).toBe(303);
    expect((await status(admin)).ssoReady).toBe(true);
    await t.sql.query("UPDATE portal_signing_reauth SET expires_at = now() - interval '1 second' WHERE consumed_at IS NULL");
    expect((await status(admin)).ssoReady).toBe(false);
    const [id] = await pending();
    const res = await approve(admin, id, { method: "sso" });
    expect([res.statusCode, res.json().code]).toEqual([403, 4031]);
    expect(await pending()).toContain(id);
  });

  it("another session of the same person cannot use it", async () => {
    const { requestId } = await startReauth(admin);
    expect((await postAcs(t, await idpAnswer(requestId, "admin"))).res.statusCode).toBe(303);
    const other = await ssoSession("admin");
    const [id] = await pending();
    const res = await approve(other, id, { method: "sso" });
    expect([res.statusCode, res.json().code]).toEqual([403, 4031]);
  });

  it("an SSO session cannot sign with method password", async () => {
    const [id] = await pending();
    const res = await approve(admin, id, { method: "password", password: t.app.transportKey.encrypt("Admin@12345") });
    expect([res.statusCode, res.json().errors?.[0]?.rule]).toEqual([400, "method"]);
    expect(await pending()).toContain(id);
  });

  it("returnTo must be a page of this product", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/portal-api/sysUserEx/logout", "/\\evil.example"]) {
      const res = await t.call("POST", "/esign/sso/start", { sid: admin, body: { returnTo } });
      expect(res.statusCode, returnTo).toBe(400);
    }
  });

  it("a refused (tampered) answer to a signing request goes back to the page, not to /relogin", async () => {
    const { requestId } = await startReauth(admin, "/roastList");
    const bad = Buffer.from(Buffer.from(await idpAnswer(requestId, "admin"), "base64").toString().replace(">admin<", ">root<")).toString("base64");
    const acs = await postAcs(t, bad);
    expect([acs.res.statusCode, acs.location]).toEqual([303, "/roastList?esignRefused=invalid"]);
    expect((await status(admin)).ssoReady).toBe(false);
  });
});

describe("a password session", () => {
  it("cannot start an SSO re-authentication: 400 in both languages", async () => {
    expect((await status(adminPw)).method).toBe("password");
    const res = await t.call("POST", "/esign/sso/start", { sid: adminPw, body: { returnTo: "/roastList" } });
    const b = res.json();
    expect([res.statusCode, b.code]).toEqual([400, 400]);
    expect(b.resultMessage).toBe("您使用密码登录：请输入密码签名");
    expect(b.resultEnMessage).toBe("You signed in with a password: sign with your password");
  });
});

describe("the log of all the above", () => {
  it("names the refusals and holds no session id and no SAML message", () => {
    const text = logged.join("");
    expect(text).toContain("SAML re-authentication for signing refused");
    expect(secrets.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text.includes(secret), secret.slice(0, 8)).toBe(false);
  });
});
