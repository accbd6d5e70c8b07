import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { usedTokens } from "../../db/schema.ts";
import { badRequest } from "../errors.ts";
import { verifyJwtSignature } from "./jwt.ts";

export type TokenKind = "saml2" | "wechat";
export const TOKEN_MAX_LIFETIME_S = 300;
const SKEW_S = 30;

export interface TokenPolicy {
  issuer: string;
  audience: string;
  publicPem: string;
}

const refuse = (rule: string, cn: string, en: string) => badRequest("token", rule, `令牌无效：${cn}`, `The token is not valid: ${en}`);

/**
 * The user name (sub) of a saml2Token / wechattoken: RS256 signature of the configured issuer,
 * iss, aud (the SP entity id), typ = the call's kind, iat/exp (at most 5 minutes, not expired),
 * and a jti never used before (remembered in the database until the token expires).
 */
export async function verifyLoginToken(db: Db, token: string, kind: TokenKind, policy: TokenPolicy, nowMs = Date.now()): Promise<string> {
  const c = verifyJwtSignature(token, policy.publicPem);
  if (!c) throw refuse("signature", "签名不正确", "the signature does not verify");
  if (c.iss !== policy.issuer) throw refuse("issuer", "签发方不正确", "wrong issuer");
  const aud = Array.isArray(c.aud) ? c.aud : [c.aud];
  if (!aud.includes(policy.audience)) throw refuse("audience", "受众不正确", "wrong audience");
  if (c.typ !== kind) throw refuse("kind", "令牌类型不正确", `not a ${kind} token`);
  const { iat, exp, jti, sub } = c;
  if (typeof iat !== "number" || typeof exp !== "number" || exp <= iat || exp - iat > TOKEN_MAX_LIFETIME_S)
    throw refuse("lifetime", "有效期不正确（最长 5 分钟）", "the lifetime must be at most 5 minutes");
  const now = nowMs / 1000;
  if (iat > now + SKEW_S) throw refuse("notYetValid", "尚未生效", "not valid yet");
  if (exp <= now - SKEW_S) throw refuse("expired", "已过期", "expired");
  if (typeof sub !== "string" || !sub || sub.length > 100) throw refuse("subject", "缺少用户", "no subject");
  if (typeof jti !== "string" || !jti || jti.length > 200) throw refuse("jti", "缺少编号", "no jti");
  await db.delete(usedTokens).where(lt(usedTokens.expiresAt, sql`now()`));
  const fresh = await db
    .insert(usedTokens)
    .values({ jti: `${kind}:${jti}`, expiresAt: new Date((exp + SKEW_S) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: usedTokens.jti });
  if (!fresh.length) throw refuse("reused", "已被使用", "already used");
  return sub;
}
