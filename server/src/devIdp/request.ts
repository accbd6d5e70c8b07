import crypto from "node:crypto";
import querystring from "node:querystring";
import zlib from "node:zlib";
import { badRequest } from "../lib/errors.ts";
import { childrenNamed, parseXml } from "../lib/saml/xml.ts";
import { RSA_SHA256 } from "./response.ts";

export interface AuthnRequestInfo {
  id: string;
  issuer: string;
  acsUrl: string;
}

const bad = (rule: string, en: string) => badRequest("SAMLRequest", rule, `登录请求无效：${en}`, `The sign-on request is not valid: ${en}`);

/** Reads a deflated, base64 AuthnRequest (HTTP-Redirect binding). */
export function readAuthnRequest(samlRequest: string): AuthnRequestInfo {
  let el: Element;
  try {
    const xml = zlib.inflateRawSync(Buffer.from(samlRequest, "base64"), { maxOutputLength: 100_000 }).toString("utf8");
    el = parseXml(xml).documentElement as unknown as Element;
  } catch {
    throw bad("xml", "not a deflated SAML AuthnRequest");
  }
  if (el.localName !== "AuthnRequest") throw bad("xml", "not an AuthnRequest");
  const id = el.getAttribute("ID") ?? "";
  const acsUrl = el.getAttribute("AssertionConsumerServiceURL") ?? "";
  const issuer = childrenNamed(el, "Issuer")[0]?.textContent?.trim() ?? "";
  if (!id || !acsUrl || !issuer) throw bad("fields", "ID, AssertionConsumerServiceURL or Issuer missing");
  return { id, issuer, acsUrl };
}

/** Checks the HTTP-Redirect binding signature (SAMLRequest, RelayState, SigAlg) with the SP's key. */
export function verifyRedirectSignature(q: { SAMLRequest: string; RelayState?: string; SigAlg: string; Signature: string }, spPublicPem: string) {
  if (q.SigAlg !== RSA_SHA256) throw bad("sigAlg", "SigAlg must be RSA-SHA256");
  const signed: Record<string, string> = { SAMLRequest: q.SAMLRequest };
  if (q.RelayState) signed.RelayState = q.RelayState;
  signed.SigAlg = q.SigAlg;
  const ok = crypto.verify("RSA-SHA256", Buffer.from(querystring.stringify(signed)), spPublicPem, Buffer.from(q.Signature, "base64"));
  if (!ok) throw bad("signature", "the request signature does not verify");
}
