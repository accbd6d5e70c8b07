import { SAML, ValidateInResponseTo, type SamlConfig } from "@node-saml/node-saml";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.ts";
import { DEV_IDP_KEY, loadSigningIdentity, SP_KEY, type SigningIdentity } from "./keys.ts";
import { PgRequestStore, REQUEST_TTL_MS } from "./requestStore.ts";

export const NAMEID_UNSPECIFIED = "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified";

export interface ServiceProvider {
  saml: SAML;
  /** The same service provider asking for a fresh login (ForceAuthn="true"): signing re-authentication (issue 24). */
  forcedSaml: SAML;
  /** The SP's signing key and certificate (AuthnRequest and LogoutRequest signatures, metadata). */
  signing: SigningIdentity;
  /** The IdP certificates a signature must verify with (PEM; several during a rollover). */
  idpCerts: string[];
  idpIssuer: string;
  store: PgRequestStore;
}

const notConfigured = () =>
  new ApiError(500, 500, "单点登录尚未配置（SAML_IDP_SSO_URL、SAML_IDP_CERT、SAML_IDP_ISSUER）", "Single sign-on is not configured (SAML_IDP_SSO_URL, SAML_IDP_CERT, SAML_IDP_ISSUER)");

/** Whether this server has an IdP to sign in with (configured, or the development one). */
export const ssoConfigured = (app: FastifyInstance) => {
  const { sso } = app.config;
  return sso.usesDevIdp || !!(sso.idpSsoUrl && sso.idpCerts.length && sso.idpIssuer);
};

/** The development IdP's key and certificate (its certificate is the IdP certificate the SP trusts by default). */
export const devIdpIdentity = (app: FastifyInstance) =>
  loadSigningIdentity(app.db, DEV_IDP_KEY, { secret: app.config.sso.spKeySecret, commonName: "Development identity provider" });

/** The SP's own key: from SAML_SP_CERT / SAML_SP_KEY, else made once and kept (sealed) in the database. */
export async function spIdentity(app: FastifyInstance): Promise<SigningIdentity> {
  const { sso } = app.config;
  if (sso.spCredentials) {
    const { certPem, privatePem } = sso.spCredentials;
    const { X509Certificate } = await import("node:crypto");
    return { certPem, privatePem, publicPem: new X509Certificate(certPem).publicKey.export({ type: "spki", format: "pem" }).toString() };
  }
  return loadSigningIdentity(app.db, SP_KEY, { secret: sso.spKeySecret, commonName: new URL(sso.spEntityId).host });
}

// One SAML object per app (its options and keys; every piece of sign-on state is in the database).
const cache = new WeakMap<FastifyInstance, Promise<ServiceProvider>>();

export function serviceProvider(app: FastifyInstance): Promise<ServiceProvider> {
  let sp = cache.get(app);
  if (!sp) {
    sp = build(app);
    sp.catch(() => cache.delete(app));
    cache.set(app, sp);
  }
  return sp;
}

/**
 * At start: the keys are loaded (and sealed or given a certificate when an older row needs it), so
 * a key that cannot be opened stops the start instead of failing every sign-on. Nothing to do
 * when no IdP is configured.
 */
export async function prepareServiceProvider(app: FastifyInstance): Promise<void> {
  if (ssoConfigured(app)) await serviceProvider(app);
}

async function build(app: FastifyInstance): Promise<ServiceProvider> {
  const { sso } = app.config;
  if (!ssoConfigured(app) || !sso.idpSsoUrl || !sso.idpIssuer) throw notConfigured();
  const idpCerts = sso.usesDevIdp ? [(await devIdpIdentity(app)).certPem] : sso.idpCerts;
  const signing = await spIdentity(app);
  const store = new PgRequestStore(app.db);
  const options: SamlConfig = {
    entryPoint: sso.idpSsoUrl,
    issuer: sso.spEntityId,
    audience: sso.spEntityId,
    callbackUrl: sso.acsUrl,
    idpCert: idpCerts,
    idpIssuer: sso.idpIssuer,
    // AuthnRequests and LogoutRequests are signed (HTTP-Redirect binding: SigAlg + Signature).
    privateKey: signing.privatePem,
    publicCert: signing.certPem,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "sha256",
    // What real IdPs send by default: the assertion signed (Entra ID, ADFS), the response signed
    // (Keycloak) or both (Okta). node-saml then requires a valid response signature covering the
    // assertion, or a valid assertion signature; signatures.ts and response.ts add the rest
    // (which signature failed, SHA-1, values only from the signed element).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: sso.clockSkewMs,
    // Solicited responses must answer a pending request; with IdP-initiated sign-on on, a response
    // that names no request is let through here and judged in response.ts.
    validateInResponseTo: sso.idpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: store,
    identifierFormat: NAMEID_UNSPECIFIED,
    disableRequestedAuthnContext: true,
    logoutUrl: sso.idpSloUrl ?? sso.idpSsoUrl,
    logoutCallbackUrl: sso.sloUrl,
  };
  const saml = new SAML(options);
  const forcedSaml = new SAML({ ...options, forceAuthn: true });
  return { saml, forcedSaml, signing, idpCerts, idpIssuer: sso.idpIssuer, store };
}

/** The IdP address with a signed AuthnRequest and RelayState = route; its id is stored for InResponseTo. */
export async function signOnAddress(app: FastifyInstance, route: string | undefined): Promise<string> {
  const sp = await serviceProvider(app);
  return ownRelative(app, await sp.saml.getAuthorizeUrlAsync(route ?? "", undefined, {}));
}

/**
 * The built-in IdP lives on this server: its addresses are answered root-relative so the browser
 * stays on whatever origin it uses (a dev server's proxy, localhost or 127.0.0.1).
 */
export function ownRelative(app: FastifyInstance, url: string): string {
  const own = app.config.publicUrl;
  return url.startsWith(`${own}/`) ? url.slice(own.length) : url;
}
