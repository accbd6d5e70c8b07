import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAcs, signInThroughAcs } from "./samlFixtures.ts";
import { pysaml2Setup, type Pysaml2Setup } from "./support/pysaml2App.ts";

// Issue 24: the SSO re-authentication for signing against an identity provider the portal did not
// write (Debian's python3-pysaml2, set up as in sso-pysaml2.test.ts): it reads our AuthnRequest,
// sees ForceAuthn, and answers with a fresh login; one that answers from an older login is refused.

let s: Pysaml2Setup;
let sid: string;
beforeAll(async () => {
  s = await pysaml2Setup();
  const address = (await s.t.call("GET", "/sysUserEx/ssoLogin", { query: { route: "task" } })).json().content as string;
  const { samlResponse } = await s.idp.call("authn-response", { address, nameId: "admin", signAssertion: true });
  const { answer } = await signInThroughAcs(s.t, samlResponse, "task");
  expect(answer.statusCode, answer.body).toBe(200);
  sid = answer.json().data.sid;
  const adminPw = await s.t.login("admin", "Admin@12345");
  expect((await s.t.call("PUT", "/esign/settings", { sid: adminPw, body: { action: "complaintModeration", required: true, meaning: "reviewed" } })).json().code).toBe(0);
}, 120_000);
afterAll(() => s?.close());

const start = async (returnTo: string) => {
  const res = await s.t.call("POST", "/esign/sso/start", { sid, body: { returnTo } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.redirectUrl as string;
};
const pending = async () => (await s.t.sql.query("SELECT id FROM talk_show WHERE review_status = 0 ORDER BY id")).rows.map((r) => Number(r.id));
const approve = (id: number) => s.t.call("POST", "/talkShow/checkTalkShow", { sid, body: { id, reviewStatus: 1, signature: { method: "sso" } } });

describe("signing re-authentication at pysaml2", () => {
  it("pysaml2 reads ForceAuthn in our signed request, answers with a fresh login: back to the page, then the decision is signed", async () => {
    const redirectUrl = await start("/roastList?id=3");
    expect(redirectUrl.startsWith("https://idp.pysaml2.test/sso?")).toBe(true);
    const { samlResponse, requestVerified, forceAuthn } = await s.idp.call("authn-response", { address: redirectUrl, nameId: "admin", signAssertion: true });
    expect(requestVerified).toBe(true);
    expect(forceAuthn).toBe("true");
    const acs = await postAcs(s.t, samlResponse);
    expect([acs.res.statusCode, acs.location, acs.setCookie]).toEqual([303, "/roastList?id=3", ""]);
    expect((await s.t.call("GET", "/esign/status", { sid })).json().data).toMatchObject({ method: "sso", ssoReady: true });
    const [id] = await pending();
    const res = await approve(id);
    expect(res.json().code, res.body).toBe(0);
    const row = (await s.t.sql.query("SELECT user_name, method, meaning FROM portal_signature WHERE record_type = 'talkShow' AND record_id = $1", [String(id)])).rows;
    expect(row).toEqual([{ user_name: "admin", method: "sso", meaning: "reviewed" }]);
  });

  it("pysaml2 answering from a login made before the request (ForceAuthn ignored) is refused", async () => {
    const redirectUrl = await start("/roastList");
    const { samlResponse } = await s.idp.call("authn-response", { address: redirectUrl, nameId: "admin", signAssertion: true, authnInstant: Math.floor(Date.now() / 1000) - 3600 });
    const acs = await postAcs(s.t, samlResponse);
    expect([acs.res.statusCode, acs.location]).toEqual([303, "/roastList?esignRefused=stale"]);
    expect((await s.t.call("GET", "/esign/status", { sid })).json().data.ssoReady).toBe(false);
    const [id] = await pending();
    expect((await approve(id)).json().code).toBe(4031);
  });
});
