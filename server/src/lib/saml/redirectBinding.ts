import crypto from "node:crypto";
import zlib from "node:zlib";

// The HTTP-Redirect binding's signature (SAML bindings 3.4.4.1): the IdP signs the query string
// "SAMLRequest=...&RelayState=...&SigAlg=..." exactly as it URL-encoded it, so the check uses the
// parameters as they arrived (raw), never re-encoded ones. node-saml's own check accepts a message
// that carries no signature at all; here one is required.

const SIG_ALGS: Record<string, string> = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": "RSA-SHA256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": "RSA-SHA512",
};
const SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";

export type RedirectFailure = "unsigned" | "algorithm" | "sha1" | "signature";

/** The raw (still URL-encoded) value of each query parameter, first occurrence only. */
export function rawQuery(url: string): Map<string, string> {
  const out = new Map<string, string>();
  const q = url.indexOf("?");
  if (q < 0) return out;
  for (const pair of url.slice(q + 1).split("&")) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (!out.has(name)) out.set(name, eq < 0 ? "" : pair.slice(eq + 1));
  }
  return out;
}

const decode = (raw: string) => decodeURIComponent(raw.replace(/\+/g, " "));

/**
 * Verifies a redirect-binding message's signature with one of the IdP certificates; answers null
 * when it verifies, else what is wrong.
 */
export function checkRedirectSignature(url: string, kind: "SAMLRequest" | "SAMLResponse", certs: string[], allowSha1: boolean): RedirectFailure | null {
  const raw = rawQuery(url);
  const message = raw.get(kind);
  const sigAlg = raw.get("SigAlg");
  const signature = raw.get("Signature");
  if (message === undefined || !sigAlg || !signature) return "unsigned";
  const alg = decode(sigAlg);
  const hash = alg === SHA1 ? (allowSha1 ? "RSA-SHA1" : null) : SIG_ALGS[alg];
  if (!hash) return alg === SHA1 ? "sha1" : "algorithm";
  const relay = raw.get("RelayState");
  const signed = `${kind}=${message}${relay !== undefined ? `&RelayState=${relay}` : ""}&SigAlg=${sigAlg}`;
  const sig = Buffer.from(decode(signature), "base64");
  const ok = certs.some((cert) => {
    try {
      return crypto.verify(hash, Buffer.from(signed), cert, sig);
    } catch {
      return false;
    }
  });
  return ok ? null : "signature";
}

/** A redirect-binding message's XML (base64 of raw DEFLATE), bounded so a small message cannot inflate without limit. */
export function inflateMessage(base64: string): string {
  return zlib.inflateRawSync(Buffer.from(base64, "base64"), { maxOutputLength: 200_000 }).toString("utf8");
}
