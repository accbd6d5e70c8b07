import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { captchaChallenges } from "../db/schema.ts";
import { CAPTCHA_CHARACTERS } from "./captchaFont.ts";
import { renderCaptcha } from "./captchaImage.ts";
import { ApiError, badRequest } from "./errors.ts";
import { sha256 } from "./hash.ts";

const TTL_MS = 5 * 60 * 1000;
const CODE_LENGTH = 4;

/** A code of CODE_LENGTH characters, each drawn by the operating system's generator. */
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CAPTCHA_CHARACTERS[crypto.randomInt(CAPTCHA_CHARACTERS.length)]).join("");

/**
 * A new image (PNG, captchaImage.ts) for this challenge; an earlier code of the same challenge
 * stops working. The code itself is kept only as its hash.
 */
export async function createCaptcha(db: Db, challengeId: string): Promise<Buffer> {
  const text = newCode();
  const row = { challengeHash: sha256(challengeId), codeHash: sha256(text.toLowerCase()), expiresAt: new Date(Date.now() + TTL_MS) };
  await db
    .insert(captchaChallenges)
    .values(row)
    .onConflictDoUpdate({ target: captchaChallenges.challengeHash, set: { codeHash: row.codeHash, expiresAt: row.expiresAt } });
  // Housekeeping: expired challenges are worthless.
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, sql`now() - interval '1 hour'`));
  return renderCaptcha(text);
}

/** Body code of "a captcha is needed and none was sent" (HTTP 400): the login page then shows one. */
export const CAPTCHA_REQUIRED_CODE = 4002;
export const captchaRequired = () =>
  new ApiError(400, CAPTCHA_REQUIRED_CODE, "请输入验证码", "Please enter the verification code", [
    { field: "verificationCode", rule: "required", message: "请输入验证码", enMessage: "Please enter the verification code" },
  ]);

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
