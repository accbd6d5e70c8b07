import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { acknowledgements, campaignAssignees, campaigns, policyVersions, signatures } from "../../db/schema.ts";
import { today } from "../../lib/compliance/campaignPeople.ts";
import { latestVersion } from "../../lib/compliance/policyVersions.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { createSignature, signatureView } from "../../lib/esign/sign.ts";
import { ApiError, notFound } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { OpRequest, TagHandlers } from "../types.ts";

// Issue 24: the staff's side of read-and-acknowledge. Every query is bound to the session's person
// and no operation takes a person: an acknowledgement (and its signature) is always the caller's
// own, whoever the caller is (an administrator too). Only the policy's current version with its
// exact content hash can be acknowledged; where an open campaign asks the caller for a signature,
// the signature (createSignature: the password again or a fresh SSO login) is made in the same
// transaction as the acknowledgement, so there is never one without the other.

/** The 409 of a version that is no longer the current one, or of a hash that is not the version's (code 4091). */
export const notCurrentVersion = () =>
  new ApiError(409, 4091, "该版本已不是政策的当前版本，请重新打开政策后再确认", "This is no longer the policy's current version; open the policy again and confirm it");
export const wrongContentHash = () =>
  new ApiError(409, 4091, "所确认的内容与该版本不一致，请重新打开政策后再确认", "The content you confirm is not this version's; open the policy again and confirm it");

const VERSION_NOT_FOUND = ["政策版本", "Policy version"] as const;
const POLICY_NOT_FOUND = ["政策", "Policy"] as const;

/** The caller's assignments in open campaigns. */
const mine = (me: number) => and(eq(campaignAssignees.userId, me), eq(campaigns.status, 1));

/** The caller's acknowledgement of a version, with its signature. */
async function acknowledgementOf(db: Db, me: number, versionId: number) {
  const [row] = await db
    .select({ ack: acknowledgements, signature: signatures })
    .from(acknowledgements)
    .leftJoin(signatures, eq(signatures.id, acknowledgements.signatureId))
    .where(and(eq(acknowledgements.userId, me), eq(acknowledgements.policyVersionId, versionId)));
  if (!row) return null;
  return {
    id: row.ack.id,
    policyVersionId: row.ack.policyVersionId,
    acknowledgedAt: formatDateTime(row.ack.acknowledgedAt)!,
    signature: row.signature ? signatureView(row.signature) : null,
  };
}

/** What the caller's open campaigns ask about a version: whether any does, with a signature, and the earliest due date. */
async function askedFor(db: Db, me: number, versionId: number) {
  const [r] = await db
    .select({ n: count(), signed: sql<boolean>`coalesce(bool_or(${campaigns.signatureRequired}), false)`, due: sql<string | null>`to_char(min(${campaigns.dueDate}), 'YYYY-MM-DD')` })
    .from(campaignAssignees)
    .innerJoin(campaigns, eq(campaigns.id, campaignAssignees.campaignId))
    .where(and(mine(me), eq(campaigns.policyVersionId, versionId)));
  return { requested: Number(r.n) > 0, signatureRequired: Boolean(r.signed), dueDate: r.due };
}

/** Raised inside the transaction when a concurrent call of the same person acknowledged first: roll back, answer theirs. */
class AlreadyAcknowledged extends Error {}

export const acknowledgementHandlers = {
  async getToReadPage(req: OpRequest<"getToReadPage">) {
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const where = and(
      mine(me),
      b.state === "pending" ? isNull(campaignAssignees.doneAt) : b.state === "done" ? isNotNull(campaignAssignees.doneAt) : undefined,
    );
    const day = today();
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          campaignId: campaigns.id,
          campaignTitle: campaigns.title,
          policyId: campaigns.policyId,
          policyVersionId: campaigns.policyVersionId,
          policyTitle: policyVersions.title,
          versionNumber: policyVersions.versionNumber,
          dueDate: campaigns.dueDate,
          signatureRequired: campaigns.signatureRequired,
          doneAt: campaignAssignees.doneAt,
        })
        .from(campaignAssignees)
        .innerJoin(campaigns, eq(campaigns.id, campaignAssignees.campaignId))
        .innerJoin(policyVersions, eq(policyVersions.id, campaigns.policyVersionId))
        .where(where)
        // pending first, the earliest due (so the overdue) first; then done, newest first
        .orderBy(
          sql`${campaignAssignees.doneAt} IS NOT NULL`,
          sql`CASE WHEN ${campaignAssignees.doneAt} IS NULL THEN ${campaigns.dueDate} END`,
          sql`${campaignAssignees.doneAt} DESC`,
          sql`${campaigns.id} DESC`,
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(campaignAssignees).innerJoin(campaigns, eq(campaigns.id, campaignAssignees.campaignId)).where(where),
    ]);
    const records = rows.map((r) => ({
      ...r,
      state: r.doneAt ? ("done" as const) : r.dueDate < day ? ("overdue" as const) : ("pending" as const),
      doneAt: formatDateTime(r.doneAt) ?? null,
    }));
    return paged(records, Number(total), page, pageSize);
  },

  async getToReadCount(req: OpRequest<"getToReadCount">) {
    const [r] = await req.server.db
      .select({ pending: count(), overdue: sql<number>`count(*) FILTER (WHERE ${campaigns.dueDate} < ${today()}::date)` })
      .from(campaignAssignees)
      .innerJoin(campaigns, eq(campaigns.id, campaignAssignees.campaignId))
      .where(and(mine(sessionOf(req).userId), isNull(campaignAssignees.doneAt)));
    return ok({ pending: Number(r.pending), overdue: Number(r.overdue) });
  },

  /** The policy's current version and what the caller is asked about it; a policy never published is 404. */
  async getAcknowledgementStatus(req: OpRequest<"getAcknowledgementStatus">) {
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const version = await latestVersion(db, req.query.policyId);
    if (!version) throw notFound(...POLICY_NOT_FOUND);
    const [asked, acknowledgement] = await Promise.all([askedFor(db, me, version.id), acknowledgementOf(db, me, version.id)]);
    return ok({
      policyId: req.query.policyId,
      policyVersionId: version.id,
      versionNumber: version.versionNumber,
      contentHash: version.contentHash,
      ...asked,
      meaning: "readUnderstood" as const,
      acknowledgement,
    });
  },

  /**
   * "I have read and understood" the version, by the caller. Refused for a version that is not the
   * policy's latest (409 4091) or a hash that is not the version's (409 4091). Signed when an open
   * campaign of the caller for it requires it (403 4031 without a credential), or when the caller
   * sends a credential. Completes the caller's open assignments for the version. A second call
   * answers the existing acknowledgement.
   */
  async acknowledgePolicy(req: OpRequest<"acknowledgePolicy">) {
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const { policyVersionId, contentHash, signature: credential } = req.body;
    const [version] = await db.select().from(policyVersions).where(eq(policyVersions.id, policyVersionId));
    if (!version) throw notFound(...VERSION_NOT_FOUND);
    const existing = await acknowledgementOf(db, me, policyVersionId);
    if (existing) return ok(existing);
    const latest = version.policyId === null ? undefined : await latestVersion(db, version.policyId);
    if (latest?.id !== version.id) throw notCurrentVersion();
    if (contentHash !== version.contentHash) throw wrongContentHash();
    const { signatureRequired } = await askedFor(db, me, version.id);
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const signature =
          signatureRequired || credential
            ? await createSignature(t, req, { meaning: "readUnderstood", recordType: "policyVersion", recordId: version.id, contentHash, credential })
            : null;
        const [ack] = await tx
          .insert(acknowledgements)
          .values({ userId: me, policyVersionId: version.id, signatureId: signature?.id ?? null })
          .onConflictDoNothing()
          .returning({ id: acknowledgements.id, at: acknowledgements.acknowledgedAt });
        if (!ack) throw new AlreadyAcknowledged();
        await tx
          .update(campaignAssignees)
          .set({ doneAt: ack.at, acknowledgementId: ack.id })
          .where(
            and(
              eq(campaignAssignees.userId, me),
              isNull(campaignAssignees.doneAt),
              sql`${campaignAssignees.campaignId} IN (SELECT id FROM portal_campaign WHERE status = 1 AND policy_version_id = ${version.id}::int)`,
            ),
          );
      });
    } catch (e) {
      if (!(e instanceof AlreadyAcknowledged)) throw e;
    }
    return ok((await acknowledgementOf(db, me, version.id))!);
  },
} satisfies TagHandlers<"compliance">;
