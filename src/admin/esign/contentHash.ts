// The SHA-256 (lower-case hex) of text as UTF-8, as the server computes a signed record's content
// hash (server/src/lib/esign/sign.ts contentHashOf): the signature dialog shows it before signing.
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
