import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughAcs, form } from "./samlFixtures.ts";
import { IDP_BASE, pysaml2Setup, type Pysaml2Setup } from "./support/pysaml2App.ts";

// Single logout in both directions against pysaml2 (issue 19 item 5): the portal's logout sends a
// signed LogoutRequest the IdP verifies with our metadata's certificate, the IdP's LogoutResponse
// lands on /loginCopy; the IdP's signed LogoutRequest (HTTP-Redirect and HTTP-POST) ends that
// person's portal sessions and is answered.

let s: Pysaml2Setup;
beforeAll(async () => {
  s = await pysaml2Setup({ keys: ["idp", "rogue"], trusted: ["idp"] });
}, 120_000);
afterAll(() => s?.close());

const alive = async (sid: string) => (await s.t.call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode === 200;

/** A SAML sign-in of `nameId` through pysaml2 and the ACS; answers the sid and the SessionIndex kept with it. */
async function samlSession(nameId = "zhangwei") {
  const address = (await s.t.call("GET", "/sysUserEx/ssoLogin", { query: { route: "task" } })).json().content;
  const { samlResponse } = await s.idp.call("authn-response", { address, nameId, signAssertion: true });
  const { answer } = await signInThroughAcs(s.t, samlResponse);
  const sid: string = answer.json().data.sid;
  const { rows } = await s.t.sql.query("SELECT saml_name_id, saml_session_index FROM sys_session WHERE sid_hash = encode(sha256($1::bytea), 'hex')", [sid]);
  expect(rows[0]).toMatchObject({ saml_name_id: nameId, saml_session_index: expect.any(String) });
  return { sid, sessionIndex: rows[0].saml_session_index as string };
}

/** Follows a root-relative or same-server address with inject. */
const follow = (url: string) => s.t.app.inject({ method: "GET", url: url.replace(/^https?:\/\/[^/]+/, "") });

describe("portal logout -> the IdP (SP-initiated)", () => {
  it("answers the IdP address with our signed LogoutRequest; pysaml2 verifies it; its LogoutResponse lands on /loginCopy", async () => {
    const { sid, sessionIndex } = await samlSession();
    const out = await s.t.call("GET", "/sysUserEx/logout", { sid });
    expect(out.json()).toMatchObject({ code: 0, respCode: 0 });
    const address: string = out.json().data.idpLogoutUrl;
    expect(address.startsWith(`${IDP_BASE}/slo?SAMLRequest=`)).toBe(true);
    expect(address).toMatch(/&SigAlg=.+&Signature=/);
    expect(address.length).toBeLessThan(4096);
    expect(await alive(sid)).toBe(false); // the portal session ended before the browser left

    const idp = await s.idp.call("logout-answer", { address });
    expect(idp).toMatchObject({ verified: true, nameId: "zhangwei", sessionIndexes: [sessionIndex], issuer: s.t.app.config.sso.spEntityId });
    const pending = await s.t.sql.query("SELECT id FROM sso_saml_request WHERE id = $1", [idp.id]);
    expect(pending.rows).toHaveLength(1);

    const back = await follow(idp.url);
    expect([back.statusCode, back.headers.location]).toEqual([303, "/loginCopy"]);
    expect((await s.t.sql.query("SELECT id FROM sso_saml_request WHERE id = $1", [idp.id])).rows).toHaveLength(0);
  });

  it("a role change keeps the SAML sign-in: its logout still goes to the IdP", async () => {
    const { sid } = await samlSession("lina");
    const changed = await s.t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: "editor" } });
    const out = await s.t.call("GET", "/sysUserEx/logout", { sid: changed.json().data.sid });
    expect(out.json().data.idpLogoutUrl).toMatch(/\/slo\?SAMLRequest=/);
  });

  it("a password session's logout stays local (data null)", async () => {
    const sid = await s.t.login("zhangwei", "Staff@12345");
    const out = await s.t.call("GET", "/sysUserEx/logout", { sid });
    expect(out.json()).toMatchObject({ code: 0, data: null });
  });
});

describe("the IdP's LogoutRequest (IdP-initiated)", () => {
  it("HTTP-Redirect with a SessionIndex ends that session only, and is answered with our LogoutResponse", async () => {
    const a = await samlSession();
    const b = await samlSession();
    const password = await s.t.login("zhangwei", "Staff@12345");
    const { url } = await s.idp.call("logout-request", { nameId: "zhangwei", sessionIndex: a.sessionIndex, relayState: "idp-state" });
    const res = await follow(url);
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${IDP_BASE}/slo?SAMLResponse=`)).toBe(true);
    expect(location).toMatch(/&RelayState=idp-state&SigAlg=.+&Signature=/);
    expect([await alive(a.sid), await alive(b.sid), await alive(password)]).toEqual([false, true, true]);

    // Replayed later, the same request ends nothing more.
    const again = await follow(url);
    expect([again.statusCode, again.json().errors[0].rule]).toEqual([400, "replay"]);
    await s.t.call("GET", "/sysUserEx/logout", { sid: password });
  });

  it("without a SessionIndex it ends every SAML session of that NameID (not other people's)", async () => {
    const a = await samlSession();
    const b = await samlSession();
    const other = await samlSession("lina");
    const { url } = await s.idp.call("logout-request", { nameId: "zhangwei" });
    expect((await follow(url)).statusCode).toBe(303);
    expect([await alive(a.sid), await alive(b.sid), await alive(other.sid)]).toEqual([false, false, true]);
  });

  it("HTTP-POST, the enveloped signature checked, ends the session", async () => {
    const a = await samlSession();
    const { samlRequest } = await s.idp.call("logout-request", { nameId: "zhangwei", binding: "post" });
    const res = await s.t.app.inject({
      method: "POST",
      url: "/portal-api/sso/slo",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ SAMLRequest: samlRequest }),
    });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/\/slo\?SAMLResponse=/);
    expect(await alive(a.sid)).toBe(false);
  });

  it("refuses an unsigned request, one signed by a key not in SAML_IDP_CERT, and SHA-1, in both bindings; nothing ends", async () => {
    const a = await samlSession();
    const refusals: [Record<string, unknown>, string][] = [
      [{ sign: false }, "unsigned"],
      [{ signer: "rogue" }, "signature"],
      [{ signAlg: "sha1", digestAlg: "sha1" }, "sha1"],
    ];
    for (const [o, rule] of refusals) {
      const { url } = await s.idp.call("logout-request", { nameId: "zhangwei", ...o });
      const res = await follow(url);
      expect([JSON.stringify(o), res.statusCode, res.json().errors[0].rule]).toEqual([JSON.stringify(o), 400, rule]);
      const { samlRequest } = await s.idp.call("logout-request", { nameId: "zhangwei", binding: "post", ...o });
      const posted = await s.t.app.inject({
        method: "POST",
        url: "/portal-api/sso/slo",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form({ SAMLRequest: samlRequest }),
      });
      expect([JSON.stringify(o), posted.statusCode, posted.json().errors[0].rule]).toEqual([JSON.stringify(o), 400, rule]);
    }
    expect(await alive(a.sid)).toBe(true);
  });
});
