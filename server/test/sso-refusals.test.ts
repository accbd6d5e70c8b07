import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseXml, signAssertion, signResponse } from "../src/devIdp/response.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import {
  assertionOnlyWrapVariants, attacker, b64, form, fullySigned, idpKey, optionsFor, setNameId, setRootAttribute, setRootIssuer,
  startSignOn, tamperDigest, withSecondAssertion, wrapVariants,
} from "./samlFixtures.ts";

// What the service provider accepts and refuses (issue 19 item 2), with responses made by the dev
// IdP's signing code and edited the way an attacker would. Every refusal names the rule that
// failed. The same shapes from an IdP we did not write: sso-pysaml2.test.ts.

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
  expect([res.statusCode, res.json().code, res.json().errors?.[0]?.rule]).toEqual([400, 400, rule]);
  expect(res.json().errors[0]).toMatchObject({ field: "samlResponse" });
  expect(res.json().resultMessage).toMatch(/^SAML 响应无效：/);
  expect(res.json().resultEnMessage).toMatch(/^The SAML response was refused: /);
  return res;
}

async function expectAccepted(samlResponse: string, userName = "zhangwei") {
  const res = await resolve(samlResponse);
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  expect(await userOf(res.json().data.sid)).toBe(userName);
}

describe("the four signing variants", () => {
  it("assertion signed, response not (Entra ID, ADFS): accepted", async () => {
    const { requestId } = await startSignOn(t);
    await expectAccepted(b64(signAssertion(responseXml(optionsFor(t, requestId)), await idpKey(t))));
  });

  it("response signed, assertion not (Keycloak): accepted", async () => {
    const { requestId } = await startSignOn(t);
    await expectAccepted(b64(signResponse(responseXml(optionsFor(t, requestId)), await idpKey(t))));
  });

  it("both signed (Okta, the dev IdP): accepted", async () => {
    const { requestId } = await startSignOn(t);
    await expectAccepted(b64(fullySigned(optionsFor(t, requestId), await idpKey(t))));
  });

  it("neither signed: refused, saying so", async () => {
    const { requestId } = await startSignOn(t);
    const res = await expectRefused(b64(responseXml(optionsFor(t, requestId))), "unsigned");
    expect(res.json().resultEnMessage).toBe("The SAML response was refused: neither the response nor the assertion is signed");
    expect(res.json().resultMessage).toBe("SAML 响应无效：响应和断言都没有签名");
  });
});

describe("signatures that fail, and which one", () => {
  it("a signed response wrapping an assertion altered after its own signature: the assertion's signature", async () => {
    const { requestId } = await startSignOn(t);
    const key = await idpKey(t);
    const altered = setNameId(signAssertion(responseXml(optionsFor(t, requestId, "zhangwei")), key), "admin");
    const res = await expectRefused(b64(signResponse(altered, key)), "assertionSignature");
    expect(res.json().resultEnMessage).toMatch(/the assertion's signature does not verify with the 1 configured identity provider certificate/);
  });

  it("an assertion altered after both signatures: the response's signature", async () => {
    const { requestId } = await startSignOn(t);
    const res = await expectRefused(b64(setNameId(fullySigned(optionsFor(t, requestId), await idpKey(t)), "admin")), "responseSignature");
    expect(res.json().resultEnMessage).toMatch(/the response's signature does not verify/);
  });

  it("a response whose own signature fails is refused even though its assertion's verifies", async () => {
    const { requestId } = await startSignOn(t);
    const signed = fullySigned(optionsFor(t, requestId), await idpKey(t));
    const touched = setRootAttribute(signed, "IssueInstant", new Date(Date.now() - 1000).toISOString());
    expect(touched).not.toBe(signed);
    await expectRefused(b64(touched), "responseSignature");
  });

  it("an assertion altered after its signature, the response unsigned", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(setNameId(signAssertion(responseXml(optionsFor(t, requestId)), await idpKey(t)), "admin")), "assertionSignature");
  });

  it("re-signed with an attacker key whose certificate is carried in the message (KeyInfo)", async () => {
    const { requestId } = await startSignOn(t);
    const forged = fullySigned(optionsFor(t, requestId, "admin"), attacker);
    expect(forged).toContain("<ds:X509Certificate>");
    await expectRefused(b64(forged), "responseSignature");
    await expectRefused(b64(signAssertion(responseXml(optionsFor(t, requestId, "admin")), attacker)), "assertionSignature");
  });

  it("a tampered digest", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(tamperDigest(fullySigned(optionsFor(t, requestId), await idpKey(t)))), "responseSignature");
  });
});

describe("signature wrapping: the values used come only from the signed element", () => {
  const fullyWrapped: Record<string, string> = {
    evilBeside: "assertionCount",
    signedInsideEvil: "responseSignature",
    evilInsideSigned: "responseSignature",
    evilResponseWrapping: "unsigned",
    clonedSignature: "responseSignature",
  };
  for (const [variant, rule] of Object.entries(fullyWrapped))
    it(`both signed, ${variant}: ${rule}`, async () => {
      const { requestId } = await startSignOn(t);
      const wrapped = wrapVariants(fullySigned(optionsFor(t, requestId, "zhangwei"), await idpKey(t)), t, requestId)[variant];
      expect(wrapped).toContain(">admin<");
      await expectRefused(b64(wrapped), rule);
    });

  const assertionWrapped: Record<string, string> = {
    evilBeside: "assertionCount",
    signedInsideEvil: "unsigned",
    evilInsideSigned: "assertionSignature",
    clonedSignature: "assertionSignature",
  };
  for (const [variant, rule] of Object.entries(assertionWrapped))
    it(`assertion signed alone, ${variant}: ${rule}`, async () => {
      const { requestId } = await startSignOn(t);
      const wrapped = assertionOnlyWrapVariants(signAssertion(responseXml(optionsFor(t, requestId, "zhangwei")), await idpKey(t)), t, requestId)[variant];
      expect(wrapped).toContain(">admin<");
      await expectRefused(b64(wrapped), rule);
    });

  it("a signed response with a second, unsigned assertion: refused (exactly one assertion)", async () => {
    const { requestId } = await startSignOn(t);
    const two = signResponse(withSecondAssertion(responseXml(optionsFor(t, requestId)), t, requestId), await idpKey(t));
    const res = await expectRefused(b64(two), "assertionCount");
    expect(res.json().resultEnMessage).toMatch(/exactly one assertion, it carries 2/);
  });

  it("a comment inside NameID does not change the user (admin<!---->.evil stays admin.evil)", async () => {
    await t.sql.query("INSERT INTO sys_user (user_name, real_name, password_hash) VALUES ('admin.evil', 'Evil', 'x')");
    await t.sql.query(
      "INSERT INTO sys_user_role (user_id, role_id, sort) SELECT u.id, r.id, 0 FROM sys_user u, sys_role r WHERE u.user_name = 'admin.evil' AND r.role_code = 'staff'",
    );
    for (const sign of [(x: string, k: Awaited<ReturnType<typeof idpKey>>) => signResponse(signAssertion(x, k), k), signAssertion, signResponse]) {
      const { requestId } = await startSignOn(t);
      const signed = sign(responseXml(optionsFor(t, requestId, "admin.evil")), await idpKey(t));
      const commented = signed.replace(">admin.evil<", ">admin<!---->.evil<");
      expect(commented).toContain("admin<!---->.evil");
      await expectAccepted(b64(commented), "admin.evil");
    }
  });

  it("a comment inside NameID with no such user: refused as an unknown account, never signing in as admin", async () => {
    const { requestId } = await startSignOn(t);
    const signed = signAssertion(responseXml(optionsFor(t, requestId, "admin.nobody")), await idpKey(t));
    const res = await resolve(b64(signed.replace(">admin.nobody<", ">admin<!---->.nobody<")));
    expect([res.statusCode, res.json().code]).toEqual([403, 4005]);
  });
});

describe("an assertion signed alone: the unsigned response root cannot change what is checked", () => {
  const assertionOnly = async (edit: (xml: string, requestId: string) => string | Promise<string>, o: Partial<ReturnType<typeof optionsFor>> = {}) => {
    const { requestId } = await startSignOn(t);
    return b64(await edit(signAssertion(responseXml({ ...optionsFor(t, requestId), ...o }), await idpKey(t)), requestId));
  };

  it("the root's Destination, when given, must be our ACS too", async () => {
    await expectRefused(await assertionOnly((x) => setRootAttribute(x, "Destination", "https://other.example/acs")), "destination");
  });

  it("the assertion's Recipient (signed) must be our ACS, whatever the root says", async () => {
    const other = "https://other.example/acs";
    await expectRefused(await assertionOnly((x) => setRootAttribute(x, "Destination", t.app.config.sso.acsUrl), { destination: other }), "recipient");
  });

  it("the root's Issuer, when given, must be the IdP too", async () => {
    await expectRefused(await assertionOnly((x) => setRootIssuer(x, "https://other-idp.example")), "issuer");
  });

  it("the root naming another pending request than the assertion does", async () => {
    const other = await startSignOn(t);
    await expectRefused(await assertionOnly((x) => setRootAttribute(x, "InResponseTo", other.requestId)), "inResponseTo");
  });

  it("an unsolicited signed assertion wrapped in a root that names a pending request: unsolicited (only the signed content counts)", async () => {
    const pending = await startSignOn(t);
    const res = await assertionOnly((x) => setRootAttribute(x, "InResponseTo", pending.requestId), { inResponseTo: null });
    await expectRefused(res, "unsolicited");
  });
});

describe("the other rules", () => {
  it("a wrong audience", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), audience: "https://other.example/sp" }, await idpKey(t))), "audience");
  });

  it("a wrong destination (signed response)", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), destination: "https://other.example/acs" }, await idpKey(t))), "destination");
  });

  it("a signed response without a Destination", async () => {
    const { requestId } = await startSignOn(t);
    const key = await idpKey(t);
    await expectRefused(b64(signResponse(setRootAttribute(signAssertion(responseXml(optionsFor(t, requestId)), key), "Destination", null), key)), "destination");
  });

  it("a wrong issuer (signed with the trusted key)", async () => {
    const { requestId } = await startSignOn(t);
    await expectRefused(b64(fullySigned({ ...optionsFor(t, requestId), issuer: "https://other-idp.example" }, await idpKey(t))), "issuer");
  });

  it("an expired assertion, and one not yet valid (beyond the 30 s skew)", async () => {
    const now = Date.now();
    for (const [notBefore, notOnOrAfter] of [[now - 20 * 60_000, now - 10 * 60_000], [now + 60_000, now + 20 * 60_000]]) {
      const { requestId } = await startSignOn(t);
      const o = { ...optionsFor(t, requestId), notBefore: new Date(notBefore), notOnOrAfter: new Date(notOnOrAfter) };
      await expectRefused(b64(fullySigned(o, await idpKey(t))), "validity");
    }
  });

  it("a NotBefore 20 s ahead is within the 30 s skew", async () => {
    const { requestId } = await startSignOn(t);
    const now = Date.now();
    await expectAccepted(b64(fullySigned({ ...optionsFor(t, requestId), notBefore: new Date(now + 20_000), notOnOrAfter: new Date(now + 10 * 60_000) }, await idpKey(t))));
  });

  it("an unknown InResponseTo", async () => {
    await expectRefused(b64(fullySigned(optionsFor(t, "_never-requested"), await idpKey(t))), "inResponseTo");
    await expectRefused(b64(signAssertion(responseXml(optionsFor(t, "_never-requested")), await idpKey(t))), "inResponseTo");
  });

  it("an unsolicited response while IdP-initiated sign-on is off", async () => {
    await expectRefused(b64(fullySigned(optionsFor(t, null), await idpKey(t))), "unsolicited");
  });

  it("a reused InResponseTo (a second response to an answered request)", async () => {
    const { requestId } = await startSignOn(t);
    const key = await idpKey(t);
    expect((await resolve(b64(fullySigned(optionsFor(t, requestId), key)))).statusCode).toBe(200);
    await expectRefused(b64(fullySigned(optionsFor(t, requestId), key)), "inResponseTo");
  });

  it("the same response posted twice, also when its request id is pending again (the replay cache)", async () => {
    const { requestId } = await startSignOn(t);
    const once = b64(signAssertion(responseXml(optionsFor(t, requestId)), await idpKey(t)));
    expect((await resolve(once)).statusCode).toBe(200);
    await expectRefused(once, "inResponseTo");
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
