import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (p: string, s: Buffer, len: number, o: crypto.ScryptOptions) => Promise<Buffer>;
const N = 16384, R = 8, P = 1, LEN = 32;

/** scrypt hash as "scrypt$N$r$p$salt$hash" (base64 parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/**
 * Whether the password matches the stored hash. A stored value that is no scrypt hash (an account
 * made by single sign-on has none) never matches, but costs the same scrypt work as one that is,
 * so the time taken does not tell such an account from one with a password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) {
    await verifyPassword(password, await dummyHash());
    return false;
  }
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to verify against when the user does not exist, so both cases take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(crypto.randomBytes(16).toString("hex")));

/** The password rule (updatepwd, admin create and reset): 8 to 64 characters with at least one letter and one digit. */
export const isStrongPassword = (p: string) => p.length >= 8 && p.length <= 64 && /[A-Za-z]/.test(p) && /\d/.test(p);

/** A password an administrator hands over once: 16 random URL-safe characters that meet the rule. */
export function generatePassword(): string {
  for (;;) {
    const candidate = crypto.randomBytes(12).toString("base64url");
    if (isStrongPassword(candidate)) return candidate;
  }
}
