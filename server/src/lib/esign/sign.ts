import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, signatures, signingReauths, users, type SignatureMeaning } from "../../db/schema.ts";
import type { components } from "../../../../src/api/schema.d.ts";
import { sessionOf } from "../../plugins/security.ts";
import { ApiError, badRequest } from "../errors.ts";
import { verifyPassword } from "../passwords.ts";
import { assertNotLocked, clearFailures, recordFailure } from "../throttle.ts";
import { formatDateTime } from "../time.ts";

// Issue 24: electronic signatures (21 CFR 11.50, 11.100, 11.200). A signature is made only in the
// transaction of the action it signs, and only after the signer proved, at that moment, that they
// are the session's person: the password again, or a fresh login at the identity provider made for
// signing (portal_signing_reauth, written by the SSO re-authentication flow, used once). The record
// keeps the printed name at signing, the time, the meaning and the SHA-256 of the content signed.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type SignatureCredential = components["schemas"]["SignatureCredential"];
export type SignatureView = components["schemas"]["Signature"];
export type SignedRecordType = components["schemas"]["SignedRecordType"];

/** SHA-256 (hex) of text as UTF-8: the content hash a signature binds to. */
export const contentHashOf = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** The throttle key of a person's signing attempts (a wrong password counts; locked like the login). */
export const signingLockKey = (userId: number) => `esign:${userId}`;

/** The server's time zone, shown with every signature's time. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How a session signs: a session signed in with SSO re-authenticates at the IdP; any other with the password. */
export const signingMethodOf = (loginType: string): "password" | "sso" => (loginType === "password" ? "password" : "sso");

/** The signing method of a session (by the hash of its id). */
export async function signingMethodFor(db: Db | Tx, sidHash: string): Promise<"password" | "sso"> {
  const [row] = await db.select({ loginType: sessions.loginType }).from(sessions).where(eq(sessions.sidHash, sidHash));
  return signingMethodOf(row?.loginType ?? "password");
}

export const signatureRequired = () =>
  new ApiError(403, 4031, "此操作需要电子签名：请重新验证身份后签名", "This action needs your electronic signature: confirm who you are and sign");

export interface SignInput {
  meaning: SignatureMeaning;
  recordType: SignedRecordType;
  recordId: string | number;
  contentHash: string;
  credential: SignatureCredential | undefined;
}

/**
 * Checks the signer's credential and writes the signature in `tx` (the signed action's transaction).
 * A wrong password is counted outside `tx`, so the refusal that rolls `tx` back keeps the count.
 */
export async function createSignature(tx: Tx, req: FastifyRequest, input: SignInput): Promise<SignatureView> {
  const s = sessionOf(req);
  const credential = input.credential;
  if (!credential) throw signatureRequired();
  const expected = await signingMethodFor(tx, s.sidHash);
  if (credential.method !== expected)
    throw badRequest(
      "signature.method",
      "method",
      expected === "sso" ? "请在身份提供方重新登录后签名" : "请输入密码后签名",
      expected === "sso" ? "Sign in again at your identity provider to sign" : "Enter your password to sign",
    );
  if (credential.method === "password") await checkPassword(req, s.userId, credential.password);
  else await consumeSsoReauth(tx, s.sidHash, s.userId);
  const [u] = await tx.select({ realName: users.realName, userName: users.userName }).from(users).where(eq(users.id, s.userId));
  const [row] = await tx
    .insert(signatures)
    .values({
      userId: s.userId,
      printedName: u.realName,
      userName: u.userName,
      meaning: input.meaning,
      recordType: input.recordType,
      recordId: String(input.recordId),
      contentHash: input.contentHash,
      method: credential.method,
    })
    .returning();
  return signatureView(row);
}

async function checkPassword(req: FastifyRequest, userId: number, encrypted: string | undefined) {
  const { db, transportKey } = req.server;
  const key = signingLockKey(userId);
  await assertNotLocked(db, [key]);
  if (!encrypted) throw badRequest("signature.password", "required", "请输入密码", "Enter your password");
  const plain = transportKey.decrypt(encrypted, "signature.password");
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u || !(await verifyPassword(plain, u.passwordHash))) {
    await recordFailure(db, [key]);
    throw badRequest("signature.password", "wrong", "密码不正确，未签名", "The password is wrong; nothing was signed");
  }
  await clearFailures(db, key);
}

/** Uses the session's fresh SSO login for signing, once; none (or expired) is 403 4031. */
async function consumeSsoReauth(tx: Tx, sidHash: string, userId: number) {
  const [fresh] = await tx
    .select({ id: signingReauths.id })
    .from(signingReauths)
    .where(and(eq(signingReauths.sidHash, sidHash), eq(signingReauths.userId, userId), isNull(signingReauths.consumedAt), gt(signingReauths.expiresAt, sql`now()`)))
    .orderBy(desc(signingReauths.id))
    .limit(1)
    .for("update");
  if (!fresh) throw signatureRequired();
  await tx.update(signingReauths).set({ consumedAt: sql`now()` }).where(eq(signingReauths.id, fresh.id));
}

export function signatureView(row: typeof signatures.$inferSelect): SignatureView {
  return {
    id: row.id,
    printedName: row.printedName,
    userName: row.userName,
    signedAt: formatDateTime(row.signedAt)!,
    timeZone: TIME_ZONE,
    meaning: row.meaning,
    method: row.method,
    recordType: row.recordType as SignedRecordType,
    recordId: row.recordId,
    contentHash: row.contentHash,
  };
}
