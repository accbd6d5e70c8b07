import crypto from "node:crypto";

// A private key at rest, encrypted with a configured secret: AES-256-GCM under a key derived from
// the secret by scrypt (a fresh salt per sealing, so equal keys never look equal). The stored text
// says what it is, so a clear PEM and a sealed one can sit side by side during an upgrade.

const PREFIX = "sealed:v1:";
// scrypt cost 2^15 (32 MiB, about 0.1 s): done once per start, not per request.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

const keyFrom = (secret: string, salt: Buffer) => crypto.scryptSync(secret, salt, 32, SCRYPT);

export function sealPrivateKey(pem: string, secret: string): string {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFrom(secret, salt), iv);
  const body = Buffer.concat([cipher.update(pem, "utf8"), cipher.final()]);
  return PREFIX + [salt, iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

/** The PEM of a sealed key; throws when the secret is not the one it was sealed with. */
export function openPrivateKey(stored: string, secret: string): string {
  const parts = stored.slice(PREFIX.length).split(".").map((p) => Buffer.from(p, "base64url"));
  if (parts.length !== 4) throw new Error("the sealed key is damaged");
  const [salt, iv, tag, body] = parts;
  const decipher = crypto.createDecipheriv("aes-256-gcm", keyFrom(secret, salt), iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("the configured secret does not open it (not the secret it was encrypted with)");
  }
}
