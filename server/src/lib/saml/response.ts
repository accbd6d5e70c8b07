import type { Profile } from "@node-saml/node-saml";
import type { FastifyInstance } from "fastify";
import { classifyNodeSaml, refusal } from "./refusals.ts";
import { rememberOnce } from "./replay.ts";
import { checkAlgorithms, verifySignatures } from "./signatures.ts";
import { serviceProvider } from "./sp.ts";
import { checkStatus } from "./status.ts";
import { assertionFacts, type AssertionFacts } from "./assertion.ts";
import { hasDtd, parseXml } from "./xml.ts";

const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const DAY_MS = 24 * 3600_000;

/** A validated sign-on: the signed assertion's facts, and whether it answered a request of ours. */
export interface SignOn extends AssertionFacts {
  solicited: boolean;
  /** The id of our request it answered (a signing re-authentication is recognised by it). */
  inResponseTo: string | null;
}

/**
 * Validates a posted SAMLResponse, in this order (each step's refusal names its rule):
 * 1. no DTD or entity; XML; a samlp:Response;
 * 2. the IdP's status (a non-Success answer throws IdpStatusError: it signs nobody in);
 * 3. signature and digest algorithms (SHA-1 only with SAML_ALLOW_SHA1);
 * 4. exactly one assertion, not encrypted; the response, the assertion or both signed, every
 *    signature there verifying with a configured IdP certificate (never a key in the message);
 * 5. node-saml: the signed assertion, audience, time window (SAML_CLOCK_SKEW_SECONDS), InResponseTo
 *    against the pending requests (removed once answered);
 * 6. from the signed content only: Issuer, Destination / Recipient, InResponseTo (a response that
 *    is not signed has root attributes anyone could have written: then the assertion's own
 *    SubjectConfirmationData decides), bearer confirmation times;
 * 7. response and assertion ids never seen before (replay cache in the database).
 */
export async function validateSamlResponse(app: FastifyInstance, samlResponse: string): Promise<SignOn> {
  const sp = await serviceProvider(app);
  const { sso } = app.config;
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  if (hasDtd(xml)) throw refusal.xmlDtd();
  let root: Element;
  try {
    root = parseXml(xml).documentElement as unknown as Element;
  } catch {
    throw refusal.xml();
  }
  if (root.localName !== "Response" || root.namespaceURI !== SAML_PROTOCOL) throw refusal.xml("不是 SAML 响应", "it is not a SAML Response");

  checkStatus(root);
  checkAlgorithms(root.ownerDocument, sso.allowSha1);
  const signed = verifySignatures(xml, root, sp.idpCerts);
  if (!sso.idpInitiated && !root.getAttribute("InResponseTo")) throw refusal.unsolicited();

  let profile: Profile | null;
  try {
    ({ profile } = await sp.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    app.log.info({ reason: (err as Error).message }, "SAML response refused");
    throw classifyNodeSaml((err as Error).message);
  }
  const assertionXml = profile?.getAssertionXml?.();
  if (!assertionXml) throw refusal.other();

  // The response's attributes count only when the response is signed: then from its signed bytes.
  const signedRoot = signed.response ? (parseXml(signed.response).documentElement as unknown as Element) : null;
  const facts = assertionFacts(parseXml(assertionXml).documentElement as unknown as Element);

  if (facts.issuer !== sp.idpIssuer) throw refusal.issuer();
  const responseIssuer = issuerOf(signedRoot ?? root);
  if (responseIssuer !== undefined && responseIssuer !== sp.idpIssuer) throw refusal.issuer();

  const destination = (signedRoot ?? root).getAttribute("Destination");
  if (signedRoot ? destination !== sso.acsUrl : destination && destination !== sso.acsUrl) throw refusal.destination();
  if (facts.recipients.some((r) => r !== sso.acsUrl) || (!signedRoot && !facts.recipients.length)) throw refusal.recipient();

  const now = Date.now();
  for (const { notBefore, notOnOrAfter } of facts.confirmationTimes)
    if ((notBefore && now + sso.clockSkewMs < notBefore) || (notOnOrAfter && now - sso.clockSkewMs >= notOnOrAfter)) throw refusal.validity();

  const rootInResponseTo = (signedRoot ?? root).getAttribute("InResponseTo") || null;
  const answered = signedRoot ? rootInResponseTo : facts.inResponseTo;
  if (rootInResponseTo && facts.inResponseTo && rootInResponseTo !== facts.inResponseTo) throw refusal.inResponseTo();
  if (!answered) {
    if (!sso.idpInitiated) throw refusal.unsolicited();
  } else if (!rootInResponseTo && !(await sp.store.takeAsync(answered))) {
    // Named only by the signed assertion (node-saml checks the response's attribute): taken here.
    throw refusal.inResponseTo();
  }

  const responseId = (signedRoot ?? root).getAttribute("ID");
  if (!responseId || !facts.id) throw refusal.id();
  const keep = new Date(Math.max(now + DAY_MS, (facts.notOnOrAfter ?? 0) + sso.clockSkewMs));
  if (!(await rememberOnce(app.db, [`response:${responseId}`, `assertion:${facts.id}`], keep))) throw refusal.replay();
  return { ...facts, solicited: !!answered, inResponseTo: answered };
}

function issuerOf(el: Element): string | undefined {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === "Issuer") return n.textContent?.trim();
  return undefined;
}
