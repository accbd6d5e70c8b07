import { SAML, ValidateInResponseTo, type Profile } from "@node-saml/node-saml";
import type { FastifyInstance } from "fastify";
import { ApiError, badRequest } from "../errors.ts";
import { DEV_IDP_KEY, loadKeyPair, SP_KEY } from "./keys.ts";
import { rememberOnce } from "./replay.ts";
import { PgRequestStore, REQUEST_TTL_MS } from "./requestStore.ts";
import { childrenNamed, hasDtd, parseXml } from "./xml.ts";

export const CLOCK_SKEW_MS = 30_000;
const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";

export interface ServiceProvider {
  saml: SAML;
  spPublicPem: string;
  idpIssuer: string;
  acsUrl: string;
  entityId: string;
}

const notConfigured = () =>
  new ApiError(500, 500, "单点登录尚未配置（SAML_IDP_SSO_URL、SAML_IDP_CERT、SAML_IDP_ISSUER）", "Single sign-on is not configured (SAML_IDP_SSO_URL, SAML_IDP_CERT, SAML_IDP_ISSUER)");

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

async function build(app: FastifyInstance): Promise<ServiceProvider> {
  const { sso } = app.config;
  const idpCert = sso.usesDevIdp ? (await loadKeyPair(app.db, DEV_IDP_KEY)).publicPem : sso.idpCert;
  if (!sso.idpSsoUrl || !idpCert || !sso.idpIssuer) throw notConfigured();
  const spKey = await loadKeyPair(app.db, SP_KEY);
  const saml = new SAML({
    entryPoint: sso.idpSsoUrl,
    issuer: sso.spEntityId,
    audience: sso.spEntityId,
    callbackUrl: sso.acsUrl,
    idpCert,
    idpIssuer: sso.idpIssuer,
    // AuthnRequests are signed (HTTP-Redirect binding: SigAlg + Signature) by the SP's own key.
    privateKey: spKey.privatePem,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "sha256",
    // Only signed responses carrying a signed assertion.
    wantAuthnResponseSigned: true,
    wantAssertionsSigned: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: new PgRequestStore(app.db),
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
    disableRequestedAuthnContext: true,
  });
  return { saml, spPublicPem: spKey.publicPem, idpIssuer: sso.idpIssuer, acsUrl: sso.acsUrl, entityId: sso.spEntityId };
}

/** The IdP address with a signed AuthnRequest and RelayState = route; its id is stored for InResponseTo. */
export async function signOnAddress(app: FastifyInstance, route: string | undefined): Promise<string> {
  const sp = await serviceProvider(app);
  const url = await sp.saml.getAuthorizeUrlAsync(route ?? "", undefined, {});
  // The built-in IdP lives on this server: answer a root-relative address so the browser stays on
  // whatever origin it uses (a dev server's proxy, localhost or 127.0.0.1).
  const own = app.config.publicUrl;
  return url.startsWith(`${own}/`) ? url.slice(own.length) : url;
}

const refused = (rule: string, cn: string, en: string) => badRequest("samlResponse", rule, `SAML 响应无效：${cn}`, `The SAML response was refused: ${en}`);

/** node-saml's error text -> a rule name and a clear bilingual reason. */
function classify(message: string): ApiError {
  const m = message.toLowerCase();
  if (m.includes("inresponseto")) return refused("inResponseTo", "不是对本系统有效登录请求的应答（InResponseTo）", "it does not answer a pending sign-on request of this service (InResponseTo)");
  if (m.includes("audience")) return refused("audience", "受众（Audience）不是本系统", "the audience is not this service");
  if (m.includes("expired") || m.includes("not yet valid") || m.includes("subject confirmation"))
    return refused("validity", "不在有效期内（NotBefore/NotOnOrAfter）", "it is outside its validity window (NotBefore/NotOnOrAfter)");
  if (m.includes("signature") || m.includes("assertion"))
    return refused("signature", "签名无效或断言未签名", "the signature is missing or does not verify, or the assertion is not signed");
  if (m.startsWith("xml") || m.includes("dtd") || m.includes("not a valid xml")) return refused("xml", "不是有效的 XML", "it is not valid XML");
  return refused("samlResponse", "无法验证", "it could not be validated");
}

/**
 * Validates a posted SAMLResponse and returns the asserted name id. node-saml checks the response
 * and assertion signatures (IdP certificate only, never a key carried in the message), one
 * assertion, audience, time window and InResponseTo (removed once answered); this adds: no DTD or
 * entity, Destination = our ACS URL, the IdP issuer on response and assertion, and a replay cache
 * of response and assertion ids in the database.
 */
export async function validateSamlResponse(app: FastifyInstance, samlResponse: string): Promise<string> {
  const sp = await serviceProvider(app);
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  if (hasDtd(xml)) throw refused("xmlDtd", "包含 DOCTYPE 或实体声明", "it contains a DOCTYPE or an entity declaration");
  let root: Element;
  try {
    root = parseXml(xml).documentElement as unknown as Element;
  } catch {
    throw refused("xml", "不是有效的 XML", "it is not valid XML");
  }
  if (root.localName !== "Response" || root.namespaceURI !== SAML_PROTOCOL) throw refused("xml", "不是 SAML 响应", "it is not a SAML Response");

  let profile: Profile | null;
  try {
    ({ profile } = await sp.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    app.log.info({ reason: (err as Error).message }, "SAML response refused");
    throw classify((err as Error).message);
  }
  if (!profile?.nameID) throw refused("nameId", "缺少 NameID", "it names no user (NameID)");

  // The response itself is signed (wantAuthnResponseSigned), so its root attributes are authentic.
  if (root.getAttribute("Destination") !== sp.acsUrl) throw refused("destination", "目标地址（Destination）不是本系统", "the Destination is not this service's assertion consumer");
  const responseIssuer = childrenNamed(root, "Issuer")[0]?.textContent?.trim();
  if (profile.issuer !== sp.idpIssuer || (responseIssuer !== undefined && responseIssuer !== sp.idpIssuer))
    throw refused("issuer", "签发方（Issuer）不是配置的身份提供方", "the Issuer is not the configured identity provider");

  const assertion = parseXml(profile.getAssertionXml?.() ?? "").documentElement as unknown as Element;
  const responseId = root.getAttribute("ID");
  const assertionId = assertion.getAttribute("ID");
  if (!responseId || !assertionId) throw refused("id", "缺少 ID", "it has no ID");
  const notOnOrAfter = Date.parse(childrenNamed(assertion, "Conditions")[0]?.getAttribute("NotOnOrAfter") ?? "");
  const keep = new Date(Math.max(Date.now() + 24 * 3600_000, (Number.isNaN(notOnOrAfter) ? 0 : notOnOrAfter) + CLOCK_SKEW_MS));
  if (!(await rememberOnce(app.db, [`response:${responseId}`, `assertion:${assertionId}`], keep)))
    throw refused("replay", "该响应已被使用过", "this response was already used");
  return profile.nameID;
}
