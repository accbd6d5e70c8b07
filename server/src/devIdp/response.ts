import crypto from "node:crypto";
import { SignedXml } from "xml-crypto";

// The development identity provider's SAML Response (HTTP-POST binding), signed like a real IdP:
// the assertion and the whole response, RSA-SHA256, exclusive c14n, enveloped signatures.

export const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

export interface ResponseOptions {
  issuer: string;
  audience: string;
  destination: string;
  /** The AuthnRequest answered; null for an unsolicited (IdP-initiated) response. */
  inResponseTo: string | null;
  nameId: string;
  /** Attribute statements (name -> values), as IdPs send e-mail, UPN or group claims. */
  attributes?: Record<string, string[]>;
  /** For tests: the clock, the window and the ids. */
  now?: Date;
  notBefore?: Date;
  notOnOrAfter?: Date;
  responseId?: string;
  assertionId?: string;
}

const id = () => `_${crypto.randomBytes(20).toString("hex")}`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function attributeStatement(attributes: Record<string, string[]> | undefined): string {
  if (!attributes || !Object.keys(attributes).length) return "";
  const one = ([name, values]: [string, string[]]) =>
    `<saml:Attribute Name="${esc(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">` +
    values.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join("") +
    `</saml:Attribute>`;
  return `<saml:AttributeStatement>${Object.entries(attributes).map(one).join("")}</saml:AttributeStatement>`;
}

/** The unsigned Response XML with one assertion for nameId. */
export function responseXml(o: ResponseOptions): string {
  const now = o.now ?? new Date();
  const notBefore = (o.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const instant = now.toISOString();
  const rid = o.responseId ?? id();
  const aid = o.assertionId ?? id();
  const answers = o.inResponseTo === null ? "" : ` InResponseTo="${esc(o.inResponseTo)}"`;
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="${esc(rid)}" Version="2.0" IssueInstant="${instant}" Destination="${esc(o.destination)}"${answers}>` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${esc(aid)}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<saml:Subject>` +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(o.destination)}"${answers}/>` +
    `</saml:SubjectConfirmation>` +
    `</saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${esc(aid)}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    attributeStatement(o.attributes) +
    `</saml:Assertion>` +
    `</samlp:Response>`
  );
}

export interface SigningKey {
  privatePem: string;
  /** A certificate to publish in KeyInfo (a real IdP's habit; the SP must ignore it). */
  certPem?: string;
}

const ASSERTION = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
const RESPONSE = "/*[local-name(.)='Response']";

/** Adds an enveloped signature of the element at `xpath`, placed right after its Issuer. */
export function signElement(xml: string, xpath: string, key: SigningKey): string {
  const sig = new SignedXml({
    privateKey: key.privatePem,
    publicCert: key.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  sig.addReference({ xpath, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { prefix: "ds", location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: "after" } });
  return sig.getSignedXml();
}

export const signAssertion = (xml: string, key: SigningKey) => signElement(xml, ASSERTION, key);
export const signResponse = (xml: string, key: SigningKey) => signElement(xml, RESPONSE, key);

/** What the dev IdP posts: assertion signed, then the whole response signed; base64. */
export function signedResponse(o: ResponseOptions, key: SigningKey): string {
  return Buffer.from(signResponse(signAssertion(responseXml(o), key), key), "utf8").toString("base64");
}
