import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devIdpWarning, startBanner } from "../src/banner.ts";
import { loadConfig } from "../src/config.ts";
import { loadContract, operations } from "../src/contract.ts";
import { mintToken } from "../src/devIdp/token.ts";
import { devIdpIdentity } from "../src/lib/saml/sp.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { attacker } from "./samlFixtures.ts";

// Issue 18, item 2: with a real identity provider or token issuer configured and NODE_ENV unset,
// the development IdP (which signs anyone in as anyone) must not exist unless DEV_IDP=force; when
// it is on, the start banner says so in both languages.

const attackerCert = attacker.certPem!;
const attackerPublicKey = crypto.createPublicKey(attackerCert).export({ type: "spki", format: "pem" }).toString();
const REAL_IDP = {
  SAML_IDP_SSO_URL: "https://idp.example.com/sso",
  SAML_IDP_CERT: attackerCert,
  SAML_IDP_ISSUER: "https://idp.example.com",
};
const REAL_TOKEN_ISSUER = { TOKEN_ISSUER: "https://issuer.example.com", TOKEN_ISSUER_PUBLIC_KEY: attackerPublicKey };

/** A test app configured from the environment as a deployment would be (NODE_ENV unset). */
const appWith = (env: Record<string, string>) =>
  buildTestApp({ ...loadConfig({ WEB_DIR: "/nonexistent", ...env }), captchaEnabled: false, logLevel: "silent" });

/** One request per development-IdP operation of the contract, valid enough to reach its handler. */
const SAMPLE: Record<string, { method: string; url: string; body?: Record<string, string>; query?: Record<string, string> }> = {
  devIdpSso: { method: "GET", url: "/devIdp/sso", query: { SAMLRequest: "QQ==", SigAlg: "x", Signature: "y" } },
  devIdpRespond: { method: "POST", url: "/devIdp/respond", body: { userName: "admin", SAMLRequest: "QQ==" } },
  devIdpToken: { method: "GET", url: "/devIdp/token", query: { userName: "admin", kind: "saml2" } },
};

async function devOnlyOperations() {
  const ops = operations(await loadContract()).filter((o) => o.op["x-dev-only"]);
  // A development-IdP operation added to the contract must get a sample here (else it is untested).
  expect(ops.map((o) => o.operationId).sort()).toEqual(Object.keys(SAMPLE).sort());
  return ops;
}

function callSample(t: TestApp, operationId: string) {
  const s = SAMPLE[operationId];
  if (s.method === "POST")
    return t.app.inject({ method: "POST", url: `/portal-api${s.url}`, payload: new URLSearchParams(s.body).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  return t.call(s.method, s.url, { query: s.query });
}

/** The attack of issue 18: a token the development IdP's key signs, for the administrator. */
async function devSignedAdminToken(t: TestApp, kind: "saml2" | "wechat") {
  const key = await devIdpIdentity(t.app);
  return mintToken({ issuer: `${t.app.config.publicUrl}/portal-api/devIdp`, audience: t.app.config.sso.spEntityId, sub: "admin", kind }, key.privatePem);
}

describe("configuration: when the development IdP is on", () => {
  it("off as soon as any SAML_IDP_* or TOKEN_ISSUER(_PUBLIC_KEY) is set, with NODE_ENV unset, even with DEV_IDP=true", () => {
    expect(loadConfig({}).devIdp).toBe(true); // nothing configured: a development machine
    for (const env of [
      REAL_IDP,
      { SAML_IDP_SSO_URL: REAL_IDP.SAML_IDP_SSO_URL },
      { SAML_IDP_CERT: REAL_IDP.SAML_IDP_CERT },
      { SAML_IDP_ISSUER: REAL_IDP.SAML_IDP_ISSUER },
      REAL_TOKEN_ISSUER,
      { TOKEN_ISSUER: REAL_TOKEN_ISSUER.TOKEN_ISSUER },
      { TOKEN_ISSUER_PUBLIC_KEY: attackerPublicKey },
    ]) {
      for (const devIdp of [{}, { DEV_IDP: "true" }, { DEV_IDP: "on" }]) {
        const config = loadConfig({ ...env, ...devIdp });
        expect([Object.keys(env), devIdp, config.devIdp]).toEqual([Object.keys(env), devIdp, false]);
        expect(config.sso.usesDevIdp || config.sso.usesDevTokenIssuer).toBe(false);
      }
    }
  });

  it("DEV_IDP=force turns it on beside a configured IdP and in production; DEV_IDP=false turns it off", () => {
    const forced = loadConfig({ ...REAL_IDP, DEV_IDP: "force" });
    expect([forced.devIdp, forced.devIdpForced]).toEqual([true, true]);
    expect(forced.sso.usesDevIdp).toBe(false); // the configured IdP stays the one SAML trusts
    expect(loadConfig({ NODE_ENV: "production", DEV_IDP: "FORCE" }).devIdp).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).devIdp).toBe(false);
    expect(loadConfig({ DEV_IDP: "false" }).devIdp).toBe(false);
    expect(loadConfig({}).devIdpForced).toBe(false);
  });
});

describe("a real IdP configured (SAML_IDP_*), NODE_ENV unset", () => {
  let t: TestApp;
  let forced: TestApp;
  beforeAll(async () => {
    [t, forced] = await Promise.all([appWith(REAL_IDP), appWith({ ...REAL_IDP, DEV_IDP: "force" })]);
  });
  afterAll(() => Promise.all([t?.close(), forced?.close()]));

  it("every development-IdP route answers 404 (code 404); forced, each one exists", async () => {
    for (const { operationId } of await devOnlyOperations()) {
      const off = await callSample(t, operationId);
      expect([operationId, off.statusCode, off.json().code]).toEqual([operationId, 404, 404]);
      const on = await callSample(forced, operationId);
      expect([operationId, on.statusCode === 404]).toEqual([operationId, false]);
    }
  });

  it("a token signed with the development IdP's key signs nobody in (saml2Token and wechattoken)", async () => {
    for (const [url, kind] of [["/sysUserEx/saml2TokenLogin", "saml2"], ["/sysUserEx/wechattokenLogin", "wechat"]] as const) {
      const res = await t.call("GET", url, { query: { token: await devSignedAdminToken(t, kind) } });
      // No token issuer is configured: the token login is closed (403), not a session and not a 5xx.
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 4003]);
      expect(res.json().data?.sid).toBeUndefined();
      expect(res.json().resultEnMessage).toMatch(/Token login is not configured/);
      expect(res.json().resultMessage).toMatch(/令牌登录尚未配置/);
    }
    // Forced, the development IdP fills what is not configured: its tokens work (that is what forcing means).
    const minted = await forced.call("GET", "/devIdp/token", { query: { userName: "admin", kind: "saml2" } });
    const signedIn = await forced.call("GET", "/sysUserEx/saml2TokenLogin", { query: { token: minted.json().data.token } });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe("a token issuer configured (TOKEN_ISSUER), NODE_ENV unset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(REAL_TOKEN_ISSUER);
  });
  afterAll(() => t?.close());

  it("every development-IdP route answers 404 and a development-IdP token is refused", async () => {
    for (const { operationId } of await devOnlyOperations()) {
      const off = await callSample(t, operationId);
      expect([operationId, off.statusCode, off.json().code]).toEqual([operationId, 404, 404]);
    }
    const res = await t.call("GET", "/sysUserEx/saml2TokenLogin", { query: { token: await devSignedAdminToken(t, "saml2") } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "token" });
    expect(res.json().data?.sid).toBeUndefined();
  });
});

describe("the start banner", () => {
  const accounts = [{ userName: "admin", password: "Admin@12345" }];

  it("warns in Chinese and English that anyone can sign in as anyone while the development IdP is on", () => {
    const banner = startBanner(loadConfig({}), "http://127.0.0.1:8080", accounts);
    expect(banner).toContain("http://127.0.0.1:8080/baseLogin");
    expect(banner).toMatch(/警告：开发用身份提供者已开启.*任何能访问本服务器的人都可以不用密码以任何用户（包括管理员）的身份登录/);
    expect(banner).toMatch(/WARNING: the development identity provider is on .*anyone who can reach this server can sign in as any user, administrators included/);
    expect(banner).toContain("DEV_IDP=false");
    const forced = devIdpWarning(loadConfig({ ...REAL_IDP, DEV_IDP: "force" })).join("\n");
    expect(forced).toContain("强制开启");
    expect(forced).toContain("forced on by DEV_IDP=force");
  });

  it("says nothing of it when it is off", () => {
    const banner = startBanner(loadConfig(REAL_IDP), "http://127.0.0.1:8080", accounts);
    expect(banner).toContain("http://127.0.0.1:8080/baseLogin?system=stageAdmin");
    expect(banner).not.toMatch(/WARNING|警告|devIdp/);
    expect(devIdpWarning(loadConfig({ NODE_ENV: "production" }))).toEqual([]);
  });
});
