import { and, eq, gt, lt, sql } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import type { Db } from "../db/client.ts";
import { captchaChallenges } from "../db/schema.ts";
import { badRequest } from "./errors.ts";
import { sha256 } from "./hash.ts";

const TTL_MS = 5 * 60 * 1000;

/** A new image for this challenge; an earlier code of the same challenge stops working. */
export async function createCaptcha(db: Db, challengeId: string): Promise<string> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: "0oO1ilI", color: true, width: 120, height: 40 });
  const row = { challengeHash: sha256(challengeId), codeHash: sha256(text.toLowerCase()), expiresAt: new Date(Date.now() + TTL_MS) };
  await db
    .insert(captchaChallenges)
    .values(row)
    .onConflictDoUpdate({ target: captchaChallenges.challengeHash, set: { codeHash: row.codeHash, expiresAt: row.expiresAt } });
  // Housekeeping: expired challenges are worthless.
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, sql`now() - interval '1 hour'`));
  return data;
}

/** Single use: the challenge is consumed whether the code is right or not. */
export async function consumeCaptcha(db: Db, challengeId: string | undefined, code: string | undefined) {
  const wrong = badRequest("verificationCode", "captcha", "验证码错误或已过期", "The verification code is wrong or has expired");
  if (!challengeId || !code) throw wrong;
  const [row] = await db
    .delete(captchaChallenges)
    .where(and(eq(captchaChallenges.challengeHash, sha256(challengeId)), gt(captchaChallenges.expiresAt, sql`now()`)))
    .returning();
  if (!row || row.codeHash !== sha256(code.trim().toLowerCase())) throw wrong;
}
