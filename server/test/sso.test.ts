import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyRedirectSignature } from "../src/devIdp/request.ts";
import { responseXml, signAssertion, signResponse } from "../src/devIdp/response.ts";
import { serviceProvider } from "../src/lib/saml/sp.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import {
  attacker, b64, form, fullySigned, hiddenValue, idpKey, optionsFor, requestXml, setNameId, startSignOn, tamperDigest, wrapVariants,
} from "./samlFixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const resolve = (samlResponse: string) => t.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse } });
const userOf = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.userName;

/** Expects the SAML response to be refused with HTTP 400, code 400, on samlResponse with `rule`. */
async function expectRefused(samlResponse: string, rule: string) {
  const res = await resolve(samlResponse);
  expect([res.statusCode, res.json().code]).toEqual([400, 400]);
  expect(res.json().errors[0]).toMatchObject({ field: "samlResponse", rule });
  expect(res.json().resultMessage).toBeTruthy();
  expect(res.json().resultEnMessage).toMatch(/SAML response/);
  return res;
}

describe("single sign-on through the development IdP", () => {
  it("ssoLogin -> devIdp/sso -> devIdp/respond -> ssoAcs 303 -> ssoLoginResolve -> a working sid", async () => {
    const start = await t.call("GET", "/sysUserEx/ssoLogin", { query: { route: "missionCenterIndex" } });
    expect(start.statusCode).toBe(200);
    const { content, data, result } = start.json();
    expect(result).toBe("0");
    expect(data).toBe(content);
    expect(content).toMatch(/^\/portal-api\/devIdp\/sso\?SAMLRequest=.+&RelayState=missionCenterIndex&SigAlg=.+&Signature=.+/);

    const page = await t.app.inject({ method: "GET", url: content });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Development identity provider");
    expect(page.body).toContain("开发身份提供方");
    for (const u of ["admin", "zhangwei", "lina"]) expect(page.body).toContain(`value="${u}"`);

    const posted = await t.app.inject({
      method: "POST",
      url: "/portal-api/devIdp/respond",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ userName: "zhangwei", SAMLRequest: hiddenValue(page.body, "SAMLRequest"), RelayState: hiddenValue(page.body, "RelayState") }),
    });
    expect(posted.statusCode).toBe(200);
    const action = posted.body.match(/<form method="post" action="([^"]+)"/)![1];
    expect(action).toBe("/portal-api/sysUserEx/ssoAcs");
    const samlResponse = hiddenValue(posted.body, "SAMLResponse")!;
    const xml = Buffer.from(samlResponse, "base64").toString("utf8");
    // Both the response and its assertion carry a signature.
    expect(xml.match(/<ds:Signature /g)).toHaveLength(2);

    const acs = await t.app.inject({
      method: "POST",
      url: action,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ SAMLResponse: samlResponse, RelayState: hiddenValue(posted.body, "RelayState") }),
    });
    expect(acs.statusCode).toBe(303);
    const location = new URL(acs.headers.location as string, "http://x");
    expect(location.pathname).toBe("/relogin");
    expect(location.searchParams.get("route")).toBe("missionCenterIndex");
    expect(location.searchParams.get("SAMLResponse")).toBe(samlResponse);

    const res = await resolve(location.searchParams.get("SAMLResponse")!);
    expect(res.statusCode).toBe(200);
    const sid = res.json().data.sid;
    expect(sid).toMatch(/^[0-9a-f]{64}$/);
    const me = await t.call("GET", "/sysUserEx/getUserInfo", { sid });
    expect(me.json().data).toMatchObject({ userName: "zhangwei", roleCode: "staff" });
  });

  it("webSSO answers the IdP address with a signed AuthnRequest, its id stored for InResponseTo", async () => {
    const res = await t.call("GET", "/sysUserEx/webSSO", { query: { route: "teasingList" } });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data, "http://x");
    expect(url.searchParams.get("RelayState")).toBe("teasingList");
    const sp = await serviceProvider(t.app);
    const q = Object.fromEntries(url.searchParams) as any;
    expect(() => verifyRedirectSignature(q, sp.spPublicPem)).not.toThrow();
    expect(() => verifyRedirectSignature({ ...q, RelayState: "workingSpace" }, sp.spPublicPem)).toThrow();
    const id = requestXml(q.SAMLRequest).match(/ ID="([^"]+)"/)![1];
    const { rows } = await t.sql.query("SELECT id FROM sso_saml_request WHERE id = $1", [id]);
    expect(rows).toHaveLength(1);
  });

  it("refuses an unknown route on webSSO (contract) and drops a foreign RelayState at the ACS", async () => {
    expect((await t.call("GET", "/sysUserEx/webSSO", { query: { route: "https://evil.example" } })).statusCode).toBe(400);
    const acs = await t.app.inject({
      method: "POST",
      url: "/portal-api/sysUserEx/ssoAcs",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ SAMLResponse: "QUJD", RelayState: "https://evil.example/" }),
    });
    expect(acs.statusCode).toBe(303);
    expect(acs.headers.location).toBe("/relogin?SAMLResponse=QUJD");
  });

  it("the dev IdP refuses an AuthnRequest whose signature does not verify", async () => {
    const { url } = await startSignOn(t);
    url.searchParams.set("RelayState", "datePage");
    const res = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "SAMLRequest", rule: "signature" });
  });

  it("a disabled user is refused with 403 code 4003", async () => {
    await t.sql.query("UPDATE sys_user SET status = 0 WHERE user_name = 'lina'");
    try {
      const { requestId } = await startSignOn(t);
      const res = await resolve(b64(fullySigned(optionsFor(t, requestId, "lina"), await idpKey(t))));
      expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
    } finally {
      await t.sql.query("UPDATE sys_user SET status = 1 WHERE user_name = 'lina'");
    }
  });

  it("an unknown user is refused with 403 code 4003 (SAML_PROVISION off)", async () => {
    const { requestId } = await startSignOn(t);
    const res = await resolve(b64(fullySigned(optionsFor(t, requestId, "nobody"), await idpKey(t))));
    expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
  });
});

describe("SAML responses that are refused", () => {
  it("an unsigned response", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(responseXml(optionsFor(t, requestId))), "signature");
  });

  it("a response signed only on the assertion (the response itself unsigned)", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(signAssertion(responseXml(optionsFor(t, requestId)), await idpKey(t))), "signature");
  });

  it("a signed response wrapping an unsigned assertion", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(signResponse(responseXml(optionsFor(t, requestId)), await idpKey(t))), "signature");
  });

  it("a signed response wrapping an altered assertion (its signature no longer matches)", async () => {
    const { requestId } = await startSignOn(t);
    const key = await idpKey(t);
    const altered = setNameId(signAssertion(responseXml(optionsFor(t, requestId, "zhangwei")), key), "admin");
    await expectRefused(b64(signResponse(altered, key)), "signature");
  });

  it("an assertion altered after both signatures", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(setNameId(fullySigned(optionsFor(t, requestId), await idpKey(t)), "admin")), "signature");
  });

  for (const variant of ["evilBeside", "signedInsideEvil", "evilInsideSigned", "evilResponseWrapping", "clonedSignature"]) {
    it(`signature wrapping: ${variant}`, async () => {
      const { requestId } = await startSignOn(t);
      const signed = fullySigned(optionsFor(t, requestId, "zhangwei"), await idpKey(t));
      const wrapped = wrapVariants(signed, t, requestId)[variant];
      expect(wrapped).toContain(">admin<");
      await expectRefused(b64(wrapped), "signature");
    });
  }

  it("re-signed with an attacker key whose certificate is carried in the message (KeyInfo)", async () => {
    const { requestId } = await startSignOn(t);
    const forged = fullySigned(optionsFor(t, requestId, "admin"), attacker);
    expect(forged).toContain("<ds:X509Certificate>");
    await expectRefused(b64(forged), "signature");
  });

  it("a tampered digest", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(tamperDigest(fullySigned(optionsFor(t, requestId), await idpKey(t)))), "signature");
  });

  it("a wrong audience", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), audience: "https://other.example/sp" }, await idpKey(t))), "audience");
  });

  it("a wrong destination", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), destination: "https://other.example/acs" }, await idpKey(t))), "destination");
  });

  it("a wrong issuer (signed with the trusted key)", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), issuer: "https://other-idp.example" }, await idpKey(t))), "issuer");
  });

  it("an expired assertion", async () => {
    const { requestId } = await startSignOn(t);
    const now = Date.now();
    const o = { ...optionsFor(t, requestId), notBefore: new Date(now - 20 * 60_000), notOnOrAfter: new Date(now - 10 * 60_000) };
    await expectRefused(b64(fullySigned(o, await idpKey(t))), "validity");
  });

  it("an assertion not yet valid", async () => {
    const { requestId } = await startSignOn(t);
    const now = Date.now();
    const o = { ...optionsFor(t, requestId), notBefore: new Date(now + 10 * 60_000), notOnOrAfter: new Date(now + 20 * 60_000) };
    await expectRefused(b64(fullySigned(o, await idpKey(t))), "validity");
  });

  it("an unknown InResponseTo", async () => {
    await startSignOn(t);
    await expectRefused(b64(fullySigned(optionsFor(t, "_never-requested"), await idpKey(t))), "inResponseTo");
  });

  it("a reused InResponseTo (a second response to an answered request)", async () => {
    const { requestId } = await startSignOn(t);
    const key = await idpKey(t);
    expect((await resolve(b64(fullySigned(optionsFor(t, requestId), key)))).statusCode).toBe(200);
    await expectRefused(b64(fullySigned(optionsFor(t, requestId), key)), "inResponseTo");
  });

  it("the same response posted twice", async () => {
    const { requestId } = await startSignOn(t);
    const once = b64(fullySigned(optionsFor(t, requestId), await idpKey(t)));
    expect((await resolve(once)).statusCode).toBe(200);
    await expectRefused(once, "inResponseTo");
  });

  it("the same response posted twice even when its request id is pending again (the replay cache)", async () => {
    const { requestId } = await startSignOn(t);
    const once = b64(fullySigned(optionsFor(t, requestId), await idpKey(t)));
    expect((await resolve(once)).statusCode).toBe(200);
    // Another instance racing, or a request id re-armed: only the replay cache stands in the way.
    await t.sql.query("INSERT INTO sso_saml_request (id, value, expires_at) VALUES ($1, $2, now() + interval '5 minutes')", [requestId, new Date().toISOString()]);
    await expectRefused(once, "replay");
  });

  it("a DOCTYPE with an entity (XXE / entity expansion)", async () => {
    const { requestId } = await startSignOn(t);
    const signed = fullySigned(optionsFor(t, requestId, "zhangwei"), await idpKey(t));
    const evil = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY who "admin">]>` + signed.replace(">zhangwei<", ">&who;<");
    await expectRefused(b64(evil), "xmlDtd");
  });

  it("an oversized message (400 from the contract's maxLength)", async () => {
    const res = await resolve("A".repeat(200_004));
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().errors[0]).toMatchObject({ field: "samlResponse", rule: "maxLength" });
    const acs = await t.app.inject({
      method: "POST",
      url: "/portal-api/sysUserEx/ssoAcs",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ SAMLResponse: "A".repeat(200_004) }),
    });
    expect(acs.statusCode).toBe(400);
  });

  it("not XML at all", async () => {
    await expectRefused(Buffer.from("hello").toString("base64"), "xml");
  });
});

describe("a comment inside NameID", () => {
  it("does not change the user (admin<!---->.evil stays admin.evil)", async () => {
    await t.sql.query("INSERT INTO sys_user (user_name, real_name, password_hash) VALUES ('admin.evil', 'Evil', 'x')");
    await t.sql.query(
      "INSERT INTO sys_user_role (user_id, role_id, sort) SELECT u.id, r.id, 0 FROM sys_user u, sys_role r WHERE u.user_name = 'admin.evil' AND r.role_code = 'staff'",
    );
    const { requestId } = await startSignOn(t);
    const signed = fullySigned(optionsFor(t, requestId, "admin.evil"), await idpKey(t));
    const commented = signed.replace(">admin.evil<", ">admin<!---->.evil<");
    expect(commented).toContain("admin<!---->.evil");
    const res = await resolve(b64(commented));
    expect(res.statusCode).toBe(200);
    expect(await userOf(res.json().data.sid)).toBe("admin.evil");
  });

  it("and with no such user it is refused, never signing in as admin", async () => {
    const { requestId } = await startSignOn(t);
    const signed = fullySigned(optionsFor(t, requestId, "admin.nobody"), await idpKey(t));
    const res = await resolve(b64(signed.replace(">admin.nobody<", ">admin<!---->.nobody<")));
    expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
  });
});
