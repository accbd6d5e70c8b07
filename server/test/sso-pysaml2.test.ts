import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAcs, signInThroughAcs } from "./samlFixtures.ts";
import { pysaml2Setup, type Pysaml2Setup } from "./support/pysaml2App.ts";

// Sign-on against an identity provider the portal did not write (issue 19): Debian's
// python3-pysaml2 with xmlsec1 signs the responses, verifies our AuthnRequests with the
// certificate from our metadata, and is configured the way an administrator would configure the
// portal for Entra ID, ADFS, Okta or Keycloak (SAML_* variables through loadConfig).

const USER_NAME = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name";
const UPN = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn";
const GROUPS = "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";

type Setup = Pysaml2Setup;
const userOf = async (s: Setup, sid: string) => (await s.t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.userName;

/** A sign-on address of the portal (its AuthnRequest) for pysaml2 to answer. */
const signOnAddress = async (s: Setup, route = "task") => (await s.t.call("GET", "/sysUserEx/ssoLogin", { query: { route } })).json().content as string;

/** pysaml2's answer to a fresh AuthnRequest of the portal. */
async function answer(s: Setup, o: Record<string, unknown>) {
  const { samlResponse, requestVerified } = await s.idp.call("authn-response", { address: await signOnAddress(s), nameId: "zhangwei", ...o });
  expect(requestVerified).toBe(true); // pysaml2 checked our AuthnRequest's signature with our metadata's certificate
  return samlResponse as string;
}

async function expectSignedIn(s: Setup, samlResponse: string, userName = "zhangwei", relayState = "task") {
  const { acs, answer } = await signInThroughAcs(s.t, samlResponse, relayState);
  expect([answer.statusCode, answer.body]).toEqual([200, expect.stringContaining('"sid"')]);
  expect(await userOf(s, answer.json().data.sid)).toBe(userName);
  return { acs, answer };
}

async function expectRefused(s: Setup, samlResponse: string, rule: string) {
  const { answer } = await signInThroughAcs(s.t, samlResponse);
  expect([answer.statusCode, answer.json().errors?.[0]?.rule]).toEqual([400, rule]);
  return answer.json();
}

describe("defaults (NameID = userName), IdP certificates old + new, pysaml2 signing with new", () => {
  let s: Setup;
  beforeAll(async () => {
    // "new" signs by default; SAML_IDP_CERT lists old, then new (a rollover); "rogue" is trusted by nobody.
    s = await pysaml2Setup({ keys: ["new", "old", "rogue"], trusted: ["old", "new"] });
  }, 120_000);
  afterAll(() => s?.close());

  it("assertion signed only (Entra ID, ADFS default): signed in", async () => {
    await expectSignedIn(s, await answer(s, { signAssertion: true }));
  });

  it("response signed only (Keycloak default): signed in", async () => {
    await expectSignedIn(s, await answer(s, { signResponse: true }));
  });

  it("both signed: signed in", async () => {
    await expectSignedIn(s, await answer(s, { signResponse: true, signAssertion: true }));
  });

  it("neither signed: refused, the refusal says so", async () => {
    const body = await expectRefused(s, await answer(s, {}), "unsigned");
    expect(body.resultEnMessage).toBe("The SAML response was refused: neither the response nor the assertion is signed");
  });

  it("two certificates: the second in SAML_IDP_CERT signs (new), the first too (old); a third key is refused naming the signature", async () => {
    await expectSignedIn(s, await answer(s, { signAssertion: true, signer: "new" }));
    await expectSignedIn(s, await answer(s, { signResponse: true, signer: "old" }));
    const body = await expectRefused(s, await answer(s, { signAssertion: true, signer: "rogue" }), "assertionSignature");
    expect(body.resultEnMessage).toMatch(/the assertion's signature does not verify with the 2 configured identity provider certificate/);
    await expectRefused(s, await answer(s, { signResponse: true, signer: "rogue" }), "responseSignature");
  });

  it("a 150-group response (over 40 KB) signs in; the addresses and headers of the flow stay under 4 KB", async () => {
    const groups = Array.from({ length: 150 }, () => `${crypto.randomUUID()}-${crypto.randomUUID()}-portal-access-group`);
    const address = await signOnAddress(s);
    const { samlResponse } = await s.idp.call("authn-response", { address, nameId: "zhangwei", signAssertion: true, attributes: { [GROUPS]: groups } });
    expect(samlResponse.length).toBeGreaterThan(40_000);
    expect(Buffer.from(samlResponse, "base64").toString()).toContain(groups[149]);
    const { acs, answer: redeemed } = await expectSignedIn(s, samlResponse);
    expect(address.length).toBeLessThan(4096);
    expect(acs.location.length).toBeLessThan(200);
    expect(JSON.stringify(acs.res.headers).length).toBeLessThan(4096);
    expect(JSON.stringify(redeemed.headers).length).toBeLessThan(4096);
  });

  it("the NameID in another case finds the user (ZHANGWEI is zhangwei)", async () => {
    await expectSignedIn(s, await answer(s, { nameId: "ZHANGWEI", signAssertion: true }));
  });

  it("an unknown person: 403 code 4005, this account does not exist or is disabled", async () => {
    const { answer: res } = await signInThroughAcs(s.t, await answer(s, { nameId: "nobody", signAssertion: true }));
    expect([res.statusCode, res.json().code, res.json().resultEnMessage]).toEqual([403, 4005, "This account does not exist or is disabled"]);
    expect(res.json().resultMessage).toBe("该账号不存在或已停用");
  });

  it("IdP-initiated sign-on is off by default: an unsolicited response is refused as such", async () => {
    const { samlResponse } = await s.idp.call("authn-response", { nameId: "zhangwei", signAssertion: true });
    await expectRefused(s, samlResponse, "unsolicited");
  });

  it("SHA-1 is refused by default (signature and digest), naming SAML_ALLOW_SHA1", async () => {
    const body = await expectRefused(s, await answer(s, { signAssertion: true, signAlg: "sha1", digestAlg: "sha1" }), "sha1");
    expect(body.resultEnMessage).toMatch(/SHA-1 .*SAML_ALLOW_SHA1=true/);
    await expectRefused(s, await answer(s, { signResponse: true, signAlg: "sha256", digestAlg: "sha1" }), "sha1");
  });

  it("a response used once is refused the second time", async () => {
    const once = await answer(s, { signAssertion: true });
    await expectSignedIn(s, once);
    await expectRefused(s, once, "inResponseTo");
  });

  it("the IdP's error status lands on /relogin with a short status (no code, no cookie, no SAML message)", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ top: "Responder", second: "AuthnFailed" }, "authnFailed"],
      [{ top: "Requester", second: "RequestDenied" }, "requestDenied"],
      [{ top: "Responder", second: "NoPassive" }, "noPassive"],
      [{ top: "Responder", second: "AuthnFailed", message: "User cancelled the sign-in" }, "cancelled"],
      [{ top: "Responder" }, "responder"],
    ];
    for (const [status, short] of cases) {
      for (const signResponse of [false, true]) {
        const acs = await postAcs(s.t, await answer(s, { status, signResponse }), "help");
        expect([acs.res.statusCode, acs.location]).toEqual([303, `/relogin?ssoStatus=${short}&route=help`]);
        expect(acs.setCookie).toBe("");
      }
    }
    // A caller that posts the response directly gets it as a refusal.
    const direct = await s.t.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: await answer(s, { status: { top: "Responder", second: "AuthnFailed" } }) } });
    expect([direct.statusCode, direct.json().errors[0].rule]).toEqual([400, "idpStatus"]);
    expect(direct.json().resultEnMessage).toMatch(/identity provider did not sign the user in \(authnFailed\)/);
  });
});

describe("SAML_USER_MATCH=email, SAML_IDP_INITIATED=true, SAML_ALLOW_SHA1=true", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await pysaml2Setup({ env: { SAML_USER_MATCH: "email", SAML_IDP_INITIATED: "true", SAML_ALLOW_SHA1: "true" } });
  }, 120_000);
  afterAll(() => s?.close());

  it("an e-mail NameID in another case finds the user by e-mail (Zhang.Wei@EXAMPLE.com is zhangwei)", async () => {
    await expectSignedIn(s, await answer(s, { nameId: "Zhang.Wei@EXAMPLE.com", nameIdFormat: EMAIL_FORMAT, signAssertion: true }));
  });

  it("a user name is not an e-mail: 403 code 4005", async () => {
    const { answer: res } = await signInThroughAcs(s.t, await answer(s, { nameId: "zhangwei", signAssertion: true }));
    expect([res.statusCode, res.json().code]).toEqual([403, 4005]);
  });

  it("IdP-initiated (an app tile): signed in, landing on the RelayState route; a foreign RelayState lands on workingSpace", async () => {
    const tile = async () => (await s.idp.call("authn-response", { nameId: "li.na@example.com", signAssertion: true })).samlResponse as string;
    const { acs } = await expectSignedIn(s, await tile(), "lina", "datePage");
    expect(acs.location).toMatch(/^\/relogin\?code=[A-Za-z0-9_-]{43}&route=datePage$/);
    const foreign = await expectSignedIn(s, await tile(), "lina", "https://evil.example/");
    expect(foreign.acs.location).toMatch(/^\/relogin\?code=[A-Za-z0-9_-]{43}$/);
  });

  it("IdP-initiated keeps the replay protection: the same unsolicited response twice is refused", async () => {
    const { samlResponse } = await s.idp.call("authn-response", { nameId: "li.na@example.com", signResponse: true });
    await expectSignedIn(s, samlResponse, "lina");
    await expectRefused(s, samlResponse, "replay");
  });

  it("a solicited response still has to answer a pending request", async () => {
    const address = await signOnAddress(s);
    const { samlResponse } = await s.idp.call("authn-response", { address, nameId: "li.na@example.com", signAssertion: true });
    await expectSignedIn(s, samlResponse, "lina");
    const again = await s.idp.call("authn-response", { address, nameId: "li.na@example.com", signAssertion: true });
    await expectRefused(s, again.samlResponse, "inResponseTo");
  });

  it("SHA-1 is accepted when allowed", async () => {
    await expectSignedIn(s, await answer(s, { nameId: "zhang.wei@example.com", signAssertion: true, signAlg: "sha1", digestAlg: "sha1" }));
  });
});

describe("SAML_USER_ATTRIBUTE: a claim instead of the NameID", () => {
  it("the UPN claim matched to e-mail (ADFS / Entra ID with an opaque persistent NameID)", async () => {
    const s = await pysaml2Setup({ env: { SAML_USER_ATTRIBUTE: UPN, SAML_USER_MATCH: "email" } });
    try {
      const opaque = crypto.randomBytes(16).toString("base64");
      await expectSignedIn(s, await answer(s, { nameId: opaque, nameIdFormat: PERSISTENT, signAssertion: true, attributes: { [UPN]: ["LI.NA@Example.com"] } }), "lina");
      // Without the claim the refusal names what is missing.
      const body = await expectRefused(s, await answer(s, { nameId: "lina", signAssertion: true }), "subject");
      expect(body.resultEnMessage).toContain(`attribute ${UPN}`);
    } finally {
      await s.close();
    }
  }, 120_000);

  it("the name claim matched to userName", async () => {
    const s = await pysaml2Setup({ env: { SAML_USER_ATTRIBUTE: USER_NAME } });
    try {
      await expectSignedIn(s, await answer(s, { nameId: "someone-else", signResponse: true, attributes: { [USER_NAME]: ["LiNa"] } }), "lina");
    } finally {
      await s.close();
    }
  }, 120_000);
});
