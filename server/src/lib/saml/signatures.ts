import { getVerifiedXml } from "@node-saml/node-saml/lib/xml";
import { refusal } from "./refusals.ts";
import { childrenNamed } from "./xml.ts";

// Which parts of a SAML Response are signed, and whether those signatures verify with the
// configured IdP certificates, so a refusal can say which signature failed (node-saml only says
// "invalid signature"). Signatures are checked with node-saml's getVerifiedXml: an enveloped
// signature that is a direct child of the element it signs, one reference, to that element's ID,
// an ID no other element of the message carries; it answers the bytes the signature covers, and
// only those bytes are read afterwards (signature wrapping cannot swap in other content).

export const DSIG = "http://www.w3.org/2000/09/xmldsig#";

const SIGNATURE_METHODS = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
  "http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1",
]);
const DIGEST_METHODS = new Set(["http://www.w3.org/2001/04/xmlenc#sha256", "http://www.w3.org/2001/04/xmlenc#sha512"]);
const SHA1_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
const SHA1_DIGEST = "http://www.w3.org/2000/09/xmldsig#sha1";

/**
 * Every SignatureMethod and DigestMethod in the message must be one this service accepts; SHA-1
 * only with SAML_ALLOW_SHA1. Checked over the whole message (a stricter rule than over the
 * signatures that end up used: it can only refuse more).
 */
export function checkAlgorithms(doc: Document, allowSha1: boolean): void {
  for (const [local, accepted, sha1] of [
    ["SignatureMethod", SIGNATURE_METHODS, SHA1_SIGNATURE],
    ["DigestMethod", DIGEST_METHODS, SHA1_DIGEST],
  ] as const) {
    const list = doc.getElementsByTagNameNS(DSIG, local);
    for (let i = 0; i < list.length; i++) {
      const uri = list.item(i)!.getAttribute("Algorithm") ?? "";
      if (uri === sha1) {
        if (!allowSha1) throw refusal.sha1(uri);
      } else if (!accepted.has(uri)) throw refusal.algorithm(uri.slice(0, 200));
    }
  }
}

/** The element's own enveloped signature (a direct ds:Signature child), if it has one. */
const hasOwnSignature = (el: Element) => childrenNamed(el, "Signature").some((s) => s.namespaceURI === DSIG);

function verified(xml: string, el: Element, certs: string[]): string | null {
  try {
    return getVerifiedXml(xml, el, certs);
  } catch {
    return null; // a wrapping attempt (a duplicated ID, a signature of another element)
  }
}

export interface SignedParts {
  /** The exact content the response's signature covers; null when the response is not signed. */
  response: string | null;
  /** The exact content the assertion's own signature covers; null when it has none. */
  assertion: string | null;
}

/**
 * Exactly one plain assertion; the response, the assertion or both signed; every signature that is
 * there verifies with one of `certs` (a response whose signature fails is refused even when its
 * assertion's verifies: a message that fails a check it carries is not trusted for any part).
 */
export function verifySignatures(xml: string, root: Element, certs: string[]): SignedParts {
  if (childrenNamed(root, "EncryptedAssertion").length) throw refusal.encrypted();
  const assertions = childrenNamed(root, "Assertion");
  if (assertions.length !== 1) throw refusal.assertionCount(assertions.length);
  const [assertion] = assertions;
  const responseSigned = hasOwnSignature(root);
  const assertionSigned = hasOwnSignature(assertion);
  if (!responseSigned && !assertionSigned) throw refusal.unsigned();
  const parts: SignedParts = { response: null, assertion: null };
  if (responseSigned && !(parts.response = verified(xml, root, certs))) throw refusal.responseSignature(certs.length);
  if (assertionSigned && !(parts.assertion = verified(xml, assertion, certs))) throw refusal.assertionSignature(certs.length);
  return parts;
}
