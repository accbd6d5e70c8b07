// Password transport encryption (ARCHITECTURE 4): RSA-OAEP with SHA-256 under the server's
// public key from getPublicKey, so the password never crosses the wire in clear text even
// where TLS ends early (proxies, logs).

const OAEP = { name: "RSA-OAEP", hash: "SHA-256" } as const;

/** The base64 body of a PEM block ("-----BEGIN PUBLIC KEY-----" ... "-----END ...") as bytes. */
export function pemToDer(pem: string): ArrayBuffer {
  const body = pem
    .replace(/-----BEGIN [^-]+-----/, "")
    .replace(/-----END [^-]+-----/, "")
    .replace(/\s+/g, "");
  if (!body) throw new Error("empty PEM public key");
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("spki", pemToDer(pem), OAEP, false, ["encrypt"]);
}

/** base64 of RSA-OAEP-SHA256(UTF-8 password): the `password` field of baseLogin. */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const key = await importPublicKey(publicKeyPem);
  const cipher = await crypto.subtle.encrypt(OAEP, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}
