import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { readAuthnRequest } from "../src/devIdp/request.ts";
import { responseXml, signAssertion, signResponse, type ResponseOptions, type SigningKey } from "../src/devIdp/response.ts";
import { devIdpIdentity } from "../src/lib/saml/sp.ts";
import type { TestApp } from "./helper.ts";

// Attack fixtures for the SAML service provider: real responses from the dev IdP's own signing
// code, then edited the way an attacker would.

const here = path.dirname(fileURLToPath(import.meta.url));
/** A key and self-signed certificate nobody trusts (test fixture, not a secret). */
export const attacker: SigningKey = {
  privatePem: fs.readFileSync(path.join(here, "fixtures/attacker-key.pem"), "utf8"),
  certPem: fs.readFileSync(path.join(here, "fixtures/attacker-cert.pem"), "utf8"),
};

export const idpKey = async (t: TestApp): Promise<SigningKey> => devIdpIdentity(t.app);

/** Starts a sign-on (ssoLogin) and returns the address and the AuthnRequest id now pending. */
export async function startSignOn(t: TestApp, route = "missionCenterIndex") {
  const res = await t.call("GET", "/sysUserEx/ssoLogin", { query: { route } });
  if (res.statusCode !== 200) throw new Error(`ssoLogin: ${res.body}`);
  const address: string = res.json().content;
  const url = new URL(address, "http://x");
  const request = readAuthnRequest(url.searchParams.get("SAMLRequest")!);
  return { address, url, requestId: request.id, request };
}

/** Response options as the dev IdP would fill them for this app and a pending request. */
export function optionsFor(t: TestApp, inResponseTo: string | null, nameId = "zhangwei"): ResponseOptions {
  const { config } = t.app;
  return {
    issuer: `${config.publicUrl}/portal-api/devIdp`,
    audience: config.sso.spEntityId,
    destination: config.sso.acsUrl,
    inResponseTo,
    nameId,
  };
}

export const b64 = (xml: string) => Buffer.from(xml, "utf8").toString("base64");
/** Assertion signed, then response signed: what the dev IdP posts. */
export const fullySigned = (o: ResponseOptions, key: SigningKey) => signResponse(signAssertion(responseXml(o), key), key);

export const parse = (xml: string) => new DOMParser().parseFromString(xml, "text/xml");
export const serialize = (doc: any) => new XMLSerializer().serializeToString(doc);

const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const SAML = "urn:oasis:names:tc:SAML:2.0:assertion";

/** Direct children of an element by local name. */
export function kids(el: any, name: string): any[] {
  const out: any[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && n.localName === name) out.push(n);
  return out;
}

/** An unsigned assertion for `nameId` (an attacker's forgery), as a DOM element of `doc`. */
export function evilAssertion(doc: any, t: TestApp, inResponseTo: string | null, nameId = "admin", id = "_evil") {
  const x = responseXml({ ...optionsFor(t, inResponseTo, nameId), assertionId: id });
  const a = kids(parse(x).documentElement, "Assertion")[0];
  return doc.importNode(a, true);
}

/** An edit of a signed response's document; `signed` is its (first) assertion. */
type Wrap = (doc: any, signed: any, t: TestApp, inResponseTo: string) => any;

/** Wrapping edits that need no response signature (XSW 1-3 style). */
const ASSERTION_WRAPS: Record<string, Wrap> = {
  // An evil assertion beside the signed one (before it).
  evilBeside: (doc, signed, t, irt) => doc.documentElement.insertBefore(evilAssertion(doc, t, irt), signed),
  // The signed assertion moved inside the evil one (its Subject), the evil one in its place.
  signedInsideEvil: (doc, signed, t, irt) => {
    const evil = evilAssertion(doc, t, irt);
    doc.documentElement.replaceChild(evil, signed);
    kids(evil, "Subject")[0].appendChild(signed);
  },
  // An evil assertion inside the signed one (after its Subject).
  evilInsideSigned: (doc, signed, t, irt) => signed.insertBefore(evilAssertion(doc, t, irt), kids(signed, "Conditions")[0]),
};

/** The assertion's signature copied onto an evil assertion with the same ID; the signed one hidden at `hide`. */
const clonedSignature =
  (hide: (doc: any, signed: any, evil: any) => void): Wrap =>
  (doc, signed, t, irt) => {
    const evil = evilAssertion(doc, t, irt, "admin", signed.getAttribute("ID"));
    evil.insertBefore(kids(signed, "Signature")[0].cloneNode(true), kids(evil, "Subject")[0]);
    doc.documentElement.replaceChild(evil, signed);
    hide(doc, signed, evil);
  };

function wrapped(signedXml: string, t: TestApp, inResponseTo: string, wraps: Record<string, Wrap>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, wrap] of Object.entries(wraps)) {
    const doc = parse(signedXml);
    wrap(doc, kids(doc.documentElement, "Assertion")[0], t, inResponseTo);
    out[name] = serialize(doc);
  }
  return out;
}

/** Signature-wrapping variants of a fully signed response (XSW 1-4 style). */
export function wrapVariants(signedXml: string, t: TestApp, inResponseTo: string): Record<string, string> {
  const out = wrapped(signedXml, t, inResponseTo, {
    ...ASSERTION_WRAPS,
    // The original assertion kept inside the response's own Signature, in a ds:Object.
    clonedSignature: clonedSignature((doc, signed) => {
      const obj = doc.createElementNS(DSIG, "ds:Object");
      obj.appendChild(signed);
      kids(doc.documentElement, "Signature")[0].appendChild(obj);
    }),
  });
  // An evil unsigned response wrapping the whole signed response in an Extensions element.
  const evilDoc = parse(responseXml({ ...optionsFor(t, inResponseTo, "admin"), responseId: "_evilResponse" }));
  const ext = evilDoc.createElementNS("urn:oasis:names:tc:SAML:2.0:protocol", "samlp:Extensions");
  ext.appendChild(evilDoc.importNode(parse(signedXml).documentElement, true));
  evilDoc.documentElement.insertBefore(ext, kids(evilDoc.documentElement, "Status")[0]);
  out.evilResponseWrapping = serialize(evilDoc);
  return out;
}

/** Signature-wrapping variants of a response whose assertion alone is signed (Entra ID's and ADFS's shape). */
export function assertionOnlyWrapVariants(signedXml: string, t: TestApp, inResponseTo: string): Record<string, string> {
  return wrapped(signedXml, t, inResponseTo, {
    ...ASSERTION_WRAPS,
    // The original assertion kept inside the evil one's Subject.
    clonedSignature: clonedSignature((_doc, signed, evil) => kids(evil, "Subject")[0].appendChild(signed)),
  });
}

/** Replaces the first DigestValue of the response's own signature with a different one. */
export function tamperDigest(signedXml: string): string {
  const doc = parse(signedXml);
  const sig = kids(doc.documentElement, "Signature")[0];
  const dv = sig.getElementsByTagNameNS(DSIG, "DigestValue")[0];
  const v: string = dv.textContent;
  dv.textContent = (v[0] === "A" ? "B" : "A") + v.slice(1);
  return serialize(doc);
}

/** Replaces the NameID text (an edit after signing). */
export function setNameId(xml: string, nameId: string): string {
  const doc = parse(xml);
  const n = doc.getElementsByTagNameNS(SAML, "NameID")[0];
  n.textContent = nameId;
  return serialize(doc);
}

/** The AuthnRequest id from a SAMLRequest parameter (deflated base64). */
export const requestXml = (samlRequest: string) => zlib.inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");

/** Reads a hidden input's value from one of the dev IdP pages. */
export function hiddenValue(html: string, name: string): string | undefined {
  const m = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
  return m?.[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

export const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter(([, v]) => v !== undefined) as [string, string][]).toString();

/** Posts a SAMLResponse to the assertion consumer as the IdP's auto-submitting page would. */
export async function postAcs(t: TestApp, samlResponse: string, relayState?: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/portal-api/sysUserEx/ssoAcs",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form({ SAMLResponse: samlResponse, RelayState: relayState }),
  });
  const location = String(res.headers.location ?? "");
  const url = new URL(location, "http://x");
  const setCookie = String(res.headers["set-cookie"] ?? "");
  return { res, location, url, code: url.searchParams.get("code"), setCookie, cookie: setCookie.split(";")[0] };
}

/** /relogin's redemption of a code, with the cookie the ACS set (or another, or none). */
export const redeem = (t: TestApp, code: string, cookie?: string) =>
  t.call("POST", "/sysUserEx/ssoCodeLogin", { body: { code }, headers: cookie ? { cookie } : {} });

/** ACS then redemption: the whole hand-off of one response. */
export async function signInThroughAcs(t: TestApp, samlResponse: string, relayState?: string) {
  const acs = await postAcs(t, samlResponse, relayState);
  if (acs.res.statusCode !== 303 || !acs.code) throw new Error(`ssoAcs answered ${acs.res.statusCode} ${acs.location} ${acs.res.body}`);
  return { acs, answer: await redeem(t, acs.code, acs.cookie) };
}

/** Sets an attribute of the response root (unsigned in an assertion-only-signed response: anyone can). */
export function setRootAttribute(xml: string, name: string, value: string | null): string {
  const doc = parse(xml);
  if (value === null) doc.documentElement.removeAttribute(name);
  else doc.documentElement.setAttribute(name, value);
  return serialize(doc);
}

/** Replaces the text of the response's own Issuer (a direct child of the root). */
export function setRootIssuer(xml: string, issuer: string): string {
  const doc = parse(xml);
  kids(doc.documentElement, "Issuer")[0].textContent = issuer;
  return serialize(doc);
}

/** The response with a second, unsigned assertion appended (before any signing). */
export function withSecondAssertion(xml: string, t: TestApp, inResponseTo: string): string {
  const doc = parse(xml);
  doc.documentElement.appendChild(evilAssertion(doc, t, inResponseTo, "admin", "_second"));
  return serialize(doc);
}
