import { loadConfig } from "../../src/config.ts";
import { buildTestApp, type TestApp } from "../helper.ts";
import { makeIdpKey, startPysaml2Idp, type IdpKey, type Pysaml2Idp } from "./pysaml2.ts";

// A portal configured for an outside IdP (pysaml2), the way an administrator configures one: the
// SAML_* variables through loadConfig, then the IdP given the portal's SP metadata.

export const IDP_ENTITY_ID = "https://idp.pysaml2.test/idp";
export const IDP_BASE = "https://idp.pysaml2.test";

export interface Pysaml2Setup {
  t: TestApp;
  idp: Pysaml2Idp;
  keys: Record<string, IdpKey>;
  close(): Promise<void>;
}

/**
 * `keys` are the IdP's signing keys (the first signs unless a call names another); `trusted` the
 * names whose certificates go into SAML_IDP_CERT (all by default). `env` adds SAML_* settings.
 */
export async function pysaml2Setup({
  keys = ["current"],
  trusted = keys,
  env = {},
}: { keys?: string[]; trusted?: string[]; env?: Record<string, string> } = {}): Promise<Pysaml2Setup> {
  const made = Object.fromEntries(keys.map((k) => [k, makeIdpKey(`pysaml2 IdP ${k}`)]));
  const config = loadConfig({
    NODE_ENV: "test",
    SAML_IDP_SSO_URL: `${IDP_BASE}/sso`,
    SAML_IDP_SLO_URL: `${IDP_BASE}/slo`,
    SAML_IDP_ISSUER: IDP_ENTITY_ID,
    // Several certificates in one variable, as an administrator pastes them during a rollover.
    SAML_IDP_CERT: trusted.map((k) => made[k].certPem).join("\n"),
    ...env,
  });
  const t = await buildTestApp({ sso: config.sso });
  let idp: Pysaml2Idp;
  try {
    const metadata = await t.app.inject({ method: "GET", url: "/portal-api/sso/metadata" });
    if (metadata.statusCode !== 200) throw new Error(`metadata: ${metadata.statusCode} ${metadata.body}`);
    idp = await startPysaml2Idp({ entityId: IDP_ENTITY_ID, baseUrl: IDP_BASE, spMetadata: metadata.body, keys: made });
  } catch (e) {
    await t.close();
    throw e;
  }
  return {
    t,
    idp,
    keys: made,
    async close() {
      await idp.close();
      await t.close();
    },
  };
}
