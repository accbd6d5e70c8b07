import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ssoHandoffs } from "../../db/schema.ts";
import { ApiError, badRequest } from "../errors.ts";
import { sha256 } from "../hash.ts";
import type { SamlSubject } from "../sessions.ts";

// The assertion consumer's hand-off to /relogin (issue 19): never the SAML response itself (a
// URL or Location header carrying it outgrows a stock nginx's buffers and Node's header limit, and
// leaves it in the history), but a one-time code: 256 random bits in the /relogin address, valid
// for a minute, redeemable once (ssoCodeLogin), and only together with a binding secret the same
// ACS answer sets as an HttpOnly cookie, so a code copied out of the address, a log or a shoulder
// surf is worth nothing in another browser. Both are stored hashed; the code is hashed, not
// encrypted, because nothing needs it back.

export const HANDOFF_TTL_MS = 60_000;
/** The cookie goes only to the redemption call (the ACS and it are served under this prefix). */
export const HANDOFF_COOKIE_PATH = "/portal-api/sysUserEx/ssoCodeLogin";
/** base64url of 32 bytes. */
export const HANDOFF_CODE = /^[A-Za-z0-9_-]{43}$/;

// One cookie per code (its name from the code's hash): two tabs signing in at once keep theirs.
const cookieName = (codeHash: string) => `portal_sso_${codeHash.slice(0, 16)}`;

export type HandoffContent = { userId: number; saml: SamlSubject | null } | { error: ApiError };

const invalidCode = () =>
  badRequest("code", "handoff", "登录凭据无效或已过期，请重新登录", "The sign-on code is not valid or has expired; please sign in again");

/** Stores a hand-off; answers the code for the address and the Set-Cookie value binding it to this browser. */
export async function issueHandoff(db: Db, content: HandoffContent, secureCookie: boolean): Promise<{ code: string; setCookie: string }> {
  const code = crypto.randomBytes(32).toString("base64url");
  const binding = crypto.randomBytes(32).toString("base64url");
  const codeHash = sha256(code);
  await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, sql`now()`));
  await db.insert(ssoHandoffs).values({
    codeHash,
    bindingHash: sha256(binding),
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    ...("error" in content
      ? { error: { status: content.error.status, code: content.error.code, cn: content.error.cn, en: content.error.en, errors: content.error.errors } }
      : { userId: content.userId, samlNameId: content.saml?.nameId, samlNameIdFormat: content.saml?.nameIdFormat, samlSessionIndex: content.saml?.sessionIndex }),
  });
  const attributes = `Path=${HANDOFF_COOKIE_PATH}; Max-Age=${HANDOFF_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secureCookie ? "; Secure" : ""}`;
  return { code, setCookie: `${cookieName(codeHash)}=${binding}; ${attributes}` };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie that removes a code's binding cookie (sent with every redemption answer). */
export const clearHandoffCookie = (code: string) => `${cookieName(sha256(code))}=; Path=${HANDOFF_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;

/**
 * Takes a hand-off (it is gone afterwards, whether it was good or not, so a code cannot be tried
 * twice); answers the person it carries, or throws its refusal (the stored one, or "not valid or
 * expired" for an unknown, used, expired or unbound code).
 */
export async function redeemHandoff(db: Db, code: string, cookieHeader: string | undefined): Promise<{ userId: number; saml: SamlSubject | null }> {
  if (!HANDOFF_CODE.test(code)) throw invalidCode();
  const codeHash = sha256(code);
  const [row] = await db.delete(ssoHandoffs).where(eq(ssoHandoffs.codeHash, codeHash)).returning();
  const binding = cookieValue(cookieHeader, cookieName(codeHash));
  const bound = !!binding && !!row && crypto.timingSafeEqual(Buffer.from(sha256(binding), "hex"), Buffer.from(row.bindingHash, "hex"));
  if (!row || row.expiresAt.getTime() <= Date.now() || !bound) throw invalidCode();
  if (row.error) {
    const { status, code: bodyCode, cn, en, errors } = row.error;
    throw new ApiError(status, bodyCode, cn, en, errors);
  }
  if (row.userId === null) throw invalidCode();
  const saml = row.samlNameId ? { nameId: row.samlNameId, nameIdFormat: row.samlNameIdFormat, sessionIndex: row.samlSessionIndex } : null;
  return { userId: row.userId, saml };
}
