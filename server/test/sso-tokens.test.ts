import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { mintToken, type MintOptions } from "../src/devIdp/token.ts";
import { signJwt } from "../src/lib/saml/jwt.ts";
import { devIdpIdentity } from "../src/lib/saml/sp.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { attacker, b64, fullySigned, idpKey, optionsFor, startSignOn } from "./samlFixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const saml2 = (token: string) => t.call("GET", "/sysUserEx/saml2TokenLogin", { query: { token } });
const wechat = (token: string) => t.call("GET", "/sysUserEx/wechattokenLogin", { query: { token } });
const claims = (o: Partial<MintOptions> = {}): MintOptions => ({
  issuer: `${t.app.config.publicUrl}/portal-api/devIdp`,
  audience: t.app.config.sso.spEntityId,
  sub: "zhangwei",
  kind: "saml2",
  ...o,
});
const devKey = async () => (await devIdpIdentity(t.app)).privatePem;

async function expectRefused(res: Awaited<ReturnType<typeof saml2>>, rule: string) {
  expect([res.statusCode, res.json().code]).toEqual([400, 400]);
  expect(res.json().errors[0]).toMatchObject({ field: "token", rule });
  expect(res.json().resultEnMessage).toMatch(/token is not valid/);
  expect(res.json().resultMessage).toMatch(/令牌无效/);
}

describe("token logins", () => {
  it("saml2TokenLogin with a token from the dev IdP: result 0, content = sid = data.sid", async () => {
    const minted = await t.call("GET", "/devIdp/token", { query: { userName: "lina", kind: "saml2" } });
    expect(minted.statusCode).toBe(200);
    const res = await saml2(minted.json().data.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe("0");
    expect(body.content).toBe(body.data.sid);
    const me = await t.call("GET", "/sysUserEx/getUserInfo", { sid: body.content });
    expect(me.json().data.userName).toBe("lina");
  });

  it("wechattokenLogin with a wechat token: code 0, content = sid", async () => {
    const minted = await t.call("GET", "/devIdp/token", { query: { userName: "zhangwei", kind: "wechat" } });
    const res = await wechat(minted.json().data.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0 });
    expect(res.json().content).toBe(res.json().data.sid);
  });

  it("refuses a bad signature (another key), and alg none", async () => {
    await expectRefused(await saml2(mintToken(claims(), attacker.privatePem)), "signature");
    const good = mintToken(claims(), await devKey());
    const [, body] = good.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${body}.`;
    await expectRefused(await saml2(none + "AA"), "signature");
    const flipped = good.slice(0, -4) + (good.endsWith("AAAA") ? "BBBB" : "AAAA");
    await expectRefused(await saml2(flipped), "signature");
  });

  it("refuses an expired token", async () => {
    const iat = Math.floor(Date.now() / 1000) - 600;
    await expectRefused(await saml2(mintToken(claims({ iat }), await devKey())), "expired");
  });

  it("refuses a lifetime over 5 minutes", async () => {
    await expectRefused(await saml2(mintToken(claims({ lifetimeS: 3600 }), await devKey())), "lifetime");
  });

  it("refuses a reused jti", async () => {
    const token = mintToken(claims({ jti: crypto.randomUUID() }), await devKey());
    expect((await saml2(token)).statusCode).toBe(200);
    await expectRefused(await saml2(token), "reused");
  });

  it("refuses the wrong kind (typ) for the call", async () => {
    await expectRefused(await saml2(mintToken(claims({ kind: "wechat" }), await devKey())), "kind");
    await expectRefused(await wechat(mintToken(claims({ kind: "saml2" }), await devKey())), "kind");
  });

  it("refuses a wrong issuer and a wrong audience", async () => {
    await expectRefused(await saml2(mintToken(claims({ issuer: "https://other.example" }), await devKey())), "issuer");
    await expectRefused(await saml2(mintToken(claims({ audience: "https://other.example/sp" }), await devKey())), "audience");
  });

  it("refuses a token that is not a JWT (contract pattern) and one without a subject", async () => {
    expect((await saml2("not a token!")).statusCode).toBe(400);
    const iat = Math.floor(Date.now() / 1000);
    const noSub = signJwt({ iss: claims().issuer, aud: claims().audience, iat, exp: iat + 60, jti: "x1", typ: "saml2" }, await devKey());
    await expectRefused(await saml2(noSub), "subject");
  });

  it("an unknown user's valid token is 403 code 4005, \"this account does not exist or is disabled\" (not 4003, no permission)", async () => {
    const res = await saml2(mintToken(claims({ sub: "nobody" }), await devKey()));
    expect([res.statusCode, res.json().code]).toEqual([403, 4005]);
    expect(res.json()).toMatchObject({ resultMessage: "该账号不存在或已停用", resultEnMessage: "This account does not exist or is disabled" });
  });
});

describe("configuration", () => {
  it("SAML_PROVISION creates a staff user for an unknown asserted name id", async () => {
    const base = loadConfig({ NODE_ENV: "test" });
    const p = await buildTestApp({ sso: { ...base.sso, provision: true } });
    try {
      const { requestId } = await startSignOn(p);
      const res = await p.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: b64(fullySigned(optionsFor(p, requestId, "newcomer"), await idpKey(p))) } });
      expect(res.statusCode).toBe(200);
      const me = (await p.call("GET", "/sysUserEx/getUserInfo", { sid: res.json().data.sid })).json().data;
      expect(me).toMatchObject({ userName: "newcomer", roleCode: "staff", roleCodes: ["staff"] });
    } finally {
      await p.close();
    }
  });

  it("with DEV_IDP off the development IdP has no routes", async () => {
    const off = await buildTestApp({ devIdp: false });
    try {
      expect((await off.call("GET", "/devIdp/token", { query: { userName: "admin", kind: "saml2" } })).statusCode).toBe(404);
      expect((await off.call("GET", "/devIdp/sso", { query: { SAMLRequest: "QQ==", SigAlg: "x", Signature: "y" } })).statusCode).toBe(404);
      expect((await off.call("POST", "/devIdp/respond", { body: { userName: "admin" } })).statusCode).toBe(404);
      // The service provider itself is still there.
      expect((await off.call("GET", "/sysUserEx/webSSO", { query: { route: "task" } })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });

  it("DEV_IDP defaults: on unless NODE_ENV=production; then the IdP settings must be given", () => {
    const dev = loadConfig({ PORT: "9000" });
    expect(dev.devIdp).toBe(true);
    expect(dev.sso).toMatchObject({
      usesDevIdp: true,
      idpSsoUrl: "http://127.0.0.1:9000/portal-api/devIdp/sso",
      acsUrl: "http://127.0.0.1:9000/portal-api/sysUserEx/ssoAcs",
      provision: false,
    });
    const prod = loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example.com/" });
    expect(prod.devIdp).toBe(false);
    expect(prod.publicUrl).toBe("https://portal.example.com");
    expect(prod.sso).toMatchObject({ usesDevIdp: false, idpSsoUrl: undefined, idpCerts: [], tokenIssuer: undefined });
    const oneLine = attacker.certPem!.trim().replace(/\n/g, "\\n"); // a certificate in a one-line env file
    const real = loadConfig({ SAML_IDP_SSO_URL: "https://idp.example/sso", SAML_IDP_CERT: oneLine, SAML_IDP_ISSUER: "https://idp.example" });
    expect(real.sso).toMatchObject({ usesDevIdp: false, idpSsoUrl: "https://idp.example/sso", idpIssuer: "https://idp.example" });
    expect(real.sso.idpCerts).toEqual([attacker.certPem]);
  });
});
