import crypto from "node:crypto";

// Compact RS256 JSON Web Tokens with node:crypto only (the two token logins of spec 2.5/7.9).

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

export function signJwt(claims: Record<string, unknown>, privatePem: string): string {
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = crypto.sign("RSA-SHA256", Buffer.from(`${head}.${body}`), privatePem);
  return `${head}.${body}.${b64url(sig)}`;
}

/** The claims of a token whose RS256 signature verifies with publicPem, else null. */
export function verifyJwtSignature(token: string, publicPem: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8"));
    // Only RS256: "none" and HMAC (alg confusion with the public key) are refused.
    if (!header || header.alg !== "RS256") return null;
    const good = crypto.verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), publicPem, Buffer.from(parts[2], "base64url"));
    if (!good) return null;
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? claims : null;
  } catch {
    return null;
  }
}
