import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createThrowawayDatabase } from "../src/db/createDatabase.ts";
import { verifyRedirectSignature } from "../src/devIdp/request.ts";
import { responseXml, signAssertion } from "../src/devIdp/response.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { b64, idpKey, optionsFor, startSignOn } from "./samlFixtures.ts";
import { makeIdpKey } from "./support/pysaml2.ts";

// Keys, certificates and settings of single sign-on (issue 19 items 2 and 4): several IdP
// certificates, each read at start; the SP's own certificate (made, or given), its key sealed at
// rest with a secret; the metadata an IdP administrator imports; the allowed clock skew.

const a = makeIdpKey("IdP A");
const b = makeIdpKey("IdP B");
const oneLine = (pem: string) => pem.trim().replace(/\n/g, "\\n");
const env = (more: Record<string, string>) => ({ NODE_ENV: "test", SAML_IDP_SSO_URL: "https://idp.example/sso", SAML_IDP_ISSUER: "https://idp.example", ...more });

describe("SAML_IDP_CERT", () => {
  it("takes several certificates (a rollover), in PEM, one-line escaped, or bare base64 as IdP consoles show them", () => {
    expect(loadConfig(env({ SAML_IDP_CERT: `${a.certPem}\n${b.certPem}` })).sso.idpCerts).toEqual([a.certPem, b.certPem]);
    expect(loadConfig(env({ SAML_IDP_CERT: `${oneLine(a.certPem)}\\n${oneLine(b.certPem)}` })).sso.idpCerts).toEqual([a.certPem, b.certPem]);
    const bare = a.certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");
    expect(loadConfig(env({ SAML_IDP_CERT: bare })).sso.idpCerts).toEqual([a.certPem]);
  });

  it("a certificate that does not parse stops the configuration, naming the variable and the entry", () => {
    const broken = b.certPem.replace(/\n[A-Za-z0-9+/]{20}/, "\nAAAAAAAAAAAAAAAAAAAA");
    expect(() => loadConfig(env({ SAML_IDP_CERT: `${a.certPem}${broken}` }))).toThrow(/^SAML_IDP_CERT: entry 2 of 2 could not be read/);
    expect(() => loadConfig(env({ SAML_IDP_CERT: "not a certificate" }))).toThrow(/^SAML_IDP_CERT: /);
    expect(() => loadConfig(env({ SAML_IDP_CERT: `${a.certPem}trailing words` }))).toThrow(/^SAML_IDP_CERT: unexpected text outside the PEM blocks/);
  });

  it("stops the server's start with that message (exit 1, before any database)", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
      env: { ...process.env, ...env({ SAML_IDP_CERT: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----" }), NODE_ENV: "production", PORT: "0", DATA_DIR: "/nonexistent/portal" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Could not start: SAML_IDP_CERT: the certificate could not be read/m);
  });
});

describe("other settings", () => {
  it("defaults: 30 s skew, SHA-1 refused, NameID matched to userName, no IdP-initiated sign-on", () => {
    expect(loadConfig(env({ SAML_IDP_CERT: a.certPem })).sso).toMatchObject({
      clockSkewMs: 30_000, allowSha1: false, userAttribute: "nameId", userMatch: "userName", idpInitiated: false, spCredentials: undefined, idpSloUrl: undefined,
    });
  });

  it("refuses values that cannot work, naming the variable", () => {
    expect(() => loadConfig(env({ SAML_USER_MATCH: "phone" }))).toThrow(/^SAML_USER_MATCH must be userName or email/);
    expect(() => loadConfig(env({ SAML_CLOCK_SKEW_SECONDS: "-5" }))).toThrow(/^SAML_CLOCK_SKEW_SECONDS must be/);
    expect(() => loadConfig(env({ SAML_SP_CERT: a.certPem }))).toThrow(/SAML_SP_CERT and SAML_SP_KEY go together/);
    expect(() => loadConfig(env({ SAML_SP_CERT: a.certPem, SAML_SP_KEY: b.keyPem }))).toThrow(/^SAML_SP_KEY is not the private key of SAML_SP_CERT/);
    expect(() => loadConfig(env({ SAML_IDP_SLO_URL: "ftp://idp.example/slo" }))).toThrow(/^SAML_IDP_SLO_URL must be an http/);
  });
});

describe("the SP's key and certificate in the database", () => {
  const adminUrl = () => inject("pgAdminUrl");
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  beforeAll(async () => {
    database = await createThrowawayDatabase(adminUrl(), "t");
  });
  afterAll(() => database?.drop());

  const start = async (more: Record<string, string>) => {
    const app = await buildApp({ config: { ...loadConfig({ NODE_ENV: "test", WEB_DIR: "/nonexistent", ...more }), captchaEnabled: false }, databaseUrl: database.url });
    await app.close();
  };
  const row = async () => {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query("SELECT public_pem, private_pem, cert_pem FROM sys_server_key WHERE name = 'saml-sp'")).rows[0];
    } finally {
      await client.end();
    }
  };
  const sql = async (text: string) => {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };

  it("without a secret: a clear key and a self-signed certificate of that key", async () => {
    await start({});
    const r = await row();
    expect(r.private_pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const cert = new crypto.X509Certificate(r.cert_pem);
    expect(cert.checkPrivateKey(crypto.createPrivateKey(r.private_pem))).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86400_000);
  });

  it("an older row (no certificate) gets one for the same key; with a secret the key is sealed at the next start", async () => {
    const before = await row();
    await sql("UPDATE sys_server_key SET cert_pem = NULL WHERE name = 'saml-sp'"); // as written before this issue's migration
    await start({ SAML_SP_KEY_SECRET: "correct horse battery staple" });
    const after = await row();
    expect(after.private_pem).toMatch(/^sealed:v1:/);
    expect(after.private_pem).not.toContain("PRIVATE KEY");
    expect(after.public_pem).toBe(before.public_pem);
    expect(new crypto.X509Certificate(after.cert_pem).publicKey.export({ type: "spki", format: "pem" })).toBe(before.public_pem);
  });

  it("a sealed key without its secret, or with another, stops the start naming the variable", async () => {
    await expect(start({})).rejects.toThrow(/^The signing key "[a-z-]+" in the database is encrypted: set SAML_SP_KEY_SECRET \(or SECRET_KEY\) to the secret it was encrypted with$/);
    await expect(start({ SAML_SP_KEY_SECRET: "wrong" })).rejects.toThrow(/does not open it .*check SAML_SP_KEY_SECRET/);
  });

  it("SECRET_KEY serves when SAML_SP_KEY_SECRET is not set", async () => {
    await expect(start({ SECRET_KEY: "correct horse battery staple" })).resolves.toBeUndefined();
  });
});

describe("SP metadata", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("GET /portal-api/sso/metadata: entity id, ACS (HTTP-POST), SLO (both bindings), NameID formats and the signing certificate", async () => {
    const res = await t.app.inject({ method: "GET", url: "/portal-api/sso/metadata" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/samlmetadata+xml; charset=utf-8");
    const doc = new DOMParser().parseFromString(res.body, "text/xml");
    const md = "urn:oasis:names:tc:SAML:2.0:metadata";
    const { sso } = t.app.config;
    expect(doc.documentElement.getAttribute("entityID")).toBe(sso.spEntityId);
    const spsso = doc.getElementsByTagNameNS(md, "SPSSODescriptor")[0];
    expect(spsso.getAttribute("AuthnRequestsSigned")).toBe("true");
    const acs = doc.getElementsByTagNameNS(md, "AssertionConsumerService")[0];
    expect([acs.getAttribute("Binding"), acs.getAttribute("Location")]).toEqual(["urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST", sso.acsUrl]);
    const slo = Array.from({ length: 2 }, (_, i) => doc.getElementsByTagNameNS(md, "SingleLogoutService")[i]);
    expect(slo.map((e) => [e.getAttribute("Binding")?.split(":").pop(), e.getAttribute("Location")])).toEqual([["HTTP-Redirect", sso.sloUrl], ["HTTP-POST", sso.sloUrl]]);
    expect(sso.sloUrl).toBe(`${t.app.config.publicUrl}/portal-api/sso/slo`);
    const formats = Array.from({ length: 3 }, (_, i) => doc.getElementsByTagNameNS(md, "NameIDFormat")[i].textContent);
    expect(formats).toContain("urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress");

    // The published certificate verifies the AuthnRequests the portal signs.
    const certB64 = doc.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0].textContent!;
    const cert = new crypto.X509Certificate(Buffer.from(certB64, "base64"));
    const address = new URL((await t.call("GET", "/sysUserEx/webSSO", { query: { route: "task" } })).json().data, "http://x");
    expect(() => verifyRedirectSignature(Object.fromEntries(address.searchParams) as any, cert.publicKey.export({ type: "spki", format: "pem" }).toString())).not.toThrow();
  });

  it("SAML_SP_CERT / SAML_SP_KEY given: that certificate is published and that key signs", async () => {
    const own = makeIdpKey("portal.example.com");
    const p = await buildTestApp({ sso: loadConfig({ NODE_ENV: "test", SAML_SP_CERT: own.certPem, SAML_SP_KEY: oneLine(own.keyPem) }).sso });
    try {
      const res = await p.app.inject({ method: "GET", url: "/portal-api/sso/metadata" });
      expect(res.body).toContain(own.certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ""));
      const address = new URL((await p.call("GET", "/sysUserEx/webSSO", { query: { route: "task" } })).json().data, "http://x");
      const publicPem = new crypto.X509Certificate(own.certPem).publicKey.export({ type: "spki", format: "pem" }).toString();
      expect(() => verifyRedirectSignature(Object.fromEntries(address.searchParams) as any, publicPem)).not.toThrow();
      expect((await p.sql.query("SELECT count(*)::int AS n FROM sys_server_key WHERE name = 'saml-sp'")).rows[0].n).toBe(0);
    } finally {
      await p.close();
    }
  });
});

describe("SAML_CLOCK_SKEW_SECONDS", () => {
  it("120: an assertion whose NotBefore is a minute ahead is accepted (the default 30 s refuses it: sso-refusals)", async () => {
    const p = await buildTestApp({ sso: loadConfig({ NODE_ENV: "test", SAML_CLOCK_SKEW_SECONDS: "120" }).sso });
    try {
      const { requestId } = await startSignOn(p);
      const now = Date.now();
      const o = { ...optionsFor(p, requestId), notBefore: new Date(now + 60_000), notOnOrAfter: new Date(now + 10 * 60_000) };
      const res = await p.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: b64(signAssertion(responseXml(o), await idpKey(p))) } });
      expect(res.statusCode).toBe(200);
    } finally {
      await p.close();
    }
  });
});
