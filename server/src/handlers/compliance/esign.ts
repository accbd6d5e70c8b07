import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { esignSettings, signatures, signingReauths } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { setAudit } from "../../lib/audit.ts";
import { esignSettingOf, esignSettingsOf } from "../../lib/esign/settings.ts";
import { signatureView, signingMethodFor } from "../../lib/esign/sign.ts";
import { notSsoSession, startSigningReauth } from "../../lib/esign/ssoReauth.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { Session } from "../../lib/sessions.ts";
import type { SignedRecordType } from "../../lib/esign/sign.ts";
import type { OpRequest, TagHandlers } from "../types.ts";

// Issue 24: electronic signatures beyond the campaigns - how the caller signs, the signatures of a
// record, the SSO re-authentication for signing (lib/esign/ssoReauth.ts), and which actions need a
// signature (lib/esign/settings.ts).

/**
 * Who sees every signature of a record (docs/decisions.md "Issue 24: electronic signatures"): those
 * who may see the record in the admin - the campaign administrators for policy versions, the
 * privacy-policy administrators for privacy-policy versions, the moderators for complaints. Anyone
 * else sees only their own signatures (a person their signatures of policy versions).
 */
const ADMIN_OF: Record<SignedRecordType, string[]> = {
  policyVersion: ["/compliance/campaign"],
  privacyPolicy: ["/privacyPolicyList"],
  talkShow: ["/roastList", "/commentList"],
};

const seesAll = (s: Session, recordType: SignedRecordType) => ADMIN_OF[recordType].some((url) => s.permissions.has(url));

export const esignHandlers = {
  async getEsignStatus(req: OpRequest<"getEsignStatus">) {
    const { db } = req.server;
    const s = sessionOf(req);
    const method = await signingMethodFor(db, s.sidHash);
    const [fresh] =
      method === "sso"
        ? await db
            .select({ expiresAt: signingReauths.expiresAt })
            .from(signingReauths)
            .where(and(eq(signingReauths.sidHash, s.sidHash), eq(signingReauths.userId, s.userId), isNull(signingReauths.consumedAt), gt(signingReauths.expiresAt, sql`now()`)))
            .orderBy(desc(signingReauths.expiresAt))
            .limit(1)
        : [];
    return ok({ method, ssoReady: !!fresh, ssoReadyUntil: fresh ? formatDateTime(fresh.expiresAt)! : null });
  },

  async getSignatures(req: OpRequest<"getSignatures">) {
    const { db } = req.server;
    const s = sessionOf(req);
    const { recordType, recordId } = req.query;
    const all = seesAll(s, recordType);
    // Someone who administers none of it and signs none of it (a talk show, a privacy version) asks for nothing they may see.
    if (!all && recordType !== "policyVersion") throw forbidden();
    const rows = await db
      .select()
      .from(signatures)
      .where(and(eq(signatures.recordType, recordType), eq(signatures.recordId, recordId), all ? undefined : eq(signatures.userId, s.userId)))
      .orderBy(asc(signatures.signedAt), asc(signatures.id));
    return ok(rows.map(signatureView));
  },

  async startEsignSsoReauth(req: OpRequest<"startEsignSsoReauth">) {
    const s = sessionOf(req);
    // Only a session that signs with SSO (signed on through SAML or an SSO token) signs in again at
    // the IdP; a password session types its password.
    if ((await signingMethodFor(req.server.db, s.sidHash)) !== "sso") throw notSsoSession();
    return ok({ redirectUrl: await startSigningReauth(req.server, s.sidHash, s.userId, req.body.returnTo) });
  },

  async getEsignSettings(req: OpRequest<"getEsignSettings">) {
    return ok(await esignSettingsOf(req.server.db));
  },

  async updateEsignSetting(req: OpRequest<"updateEsignSetting">) {
    const { action, required, meaning } = req.body;
    const before = await esignSettingOf(req.server.db, action);
    const [row] = await req.server.db
      .insert(esignSettings)
      .values({ action, required, meaning, updatedBy: sessionOf(req).userId })
      .onConflictDoUpdate({ target: esignSettings.action, set: { required, meaning, updatedAt: sql`now()`, updatedBy: sessionOf(req).userId } })
      .returning();
    if (!row) throw badRequest("action", "unknown", "未知的操作", "Unknown action");
    const after = { action, required: row.required, meaning: row.meaning };
    setAudit(req, { entityId: action, before, after });
    return ok(after);
  },
} satisfies TagHandlers<"compliance">;
