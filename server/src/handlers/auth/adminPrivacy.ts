import { notifyEveryone } from "../../lib/notifications/outbox.ts";
import type { Db } from "../../db/client.ts";
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { personalStatusRecords, privacyPolicies } from "../../db/schema.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { setAudit } from "../../lib/audit.ts";
import { contentHashOf } from "../../lib/esign/sign.ts";
import { signIfRequired } from "../../lib/esign/settings.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sessionOf } from "../../plugins/security.ts";
import { dateRangeOf } from "../tasks/tasks.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Privacy-policy versions (spec 3 "Privacy policy", 2.3 /privacyPolicyList and /privacyPolicyAdd).
// Versions are never edited: publishing means creating a new version, which becomes the current one
// (the highest id, lib/sessions.ts) so every user is asked to accept again (code 4010 until they
// do). A version is x.y.z and must be higher than the current one.

/** The parts of an x.y.z version, or undefined when the text is not one. */
export function versionParts(text: string): [number, number, number] | undefined {
  const m = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Negative when a is lower than b, 0 when equal, positive when higher (x.y.z numerically). */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const acceptedCount = sql<number>`(SELECT count(*)::int FROM ${personalStatusRecords} WHERE ${personalStatusRecords.privacyStatus} = 1 AND ${personalStatusRecords.privacyVersion} = ${privacyPolicies.policyVersion})`;

export const adminPrivacyHandlers = {
  /** Versions newest first, each with how many users accepted it; the newest is the current one. */
  async bscPrivacyPolicyPage(req: OpRequest<"bscPrivacyPolicyPage">) {
    const db = req.server.db;
    const b = req.body;
    const { from, to } = dateRangeOf(b);
    const version = b.policyVersion?.trim();
    const where = and(
      version ? eq(privacyPolicies.policyVersion, version) : undefined,
      from ? gte(privacyPolicies.createTime, from) : undefined,
      to ? lt(privacyPolicies.createTime, new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1)) : undefined,
    );
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const dir = b.sortOrder === "asc" ? asc : desc;
    const col = { id: privacyPolicies.id, createTime: privacyPolicies.createTime, acceptedCount }[b.sortField ?? "id"];
    const current = db.select({ id: privacyPolicies.id }).from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: privacyPolicies.id,
          policyContent: privacyPolicies.policyContent,
          policyVersion: privacyPolicies.policyVersion,
          createTime: privacyPolicies.createTime,
          acceptedCount,
          current: sql<boolean>`${privacyPolicies.id} = (${current})`,
        })
        .from(privacyPolicies)
        .where(where)
        .orderBy(dir(col), dir(privacyPolicies.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(privacyPolicies).where(where),
    ]);
    return paged(rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime)! })), total, page, pageSize);
  },

  /** Publish a new version (x.y.z, higher than the current one): everyone is asked again. */
  async createBscPrivacyPolicy(req: OpRequest<"createBscPrivacyPolicy">) {
    const policyVersion = req.body.policyVersion.trim();
    const policyContent = req.body.policyContent.trim();
    if (!policyContent) throw badRequest("policyContent", "required", "隐私政策内容不能为空", "The policy content must not be empty");
    const parts = versionParts(policyVersion);
    if (!parts) throw badRequest("policyVersion", "format", "版本号格式为 x.y.z（如 1.0.1）", "The version must be x.y.z (for example 1.0.1)");
    const id = await req.server.db.transaction(async (tx) => {
      // One publisher at a time: the "higher than current" check and the insert must not interleave.
      await tx.execute(sql`LOCK TABLE ${privacyPolicies} IN SHARE ROW EXCLUSIVE MODE`);
      const [dup] = await tx.select({ id: privacyPolicies.id }).from(privacyPolicies).where(eq(privacyPolicies.policyVersion, policyVersion));
      if (dup) throw badRequest("policyVersion", "unique", "该版本号已存在", "This version number already exists");
      const [latest] = await tx.select({ v: privacyPolicies.policyVersion }).from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
      const latestParts = latest ? versionParts(latest.v) : undefined;
      if (latest && latestParts && compareVersions(parts, latestParts) <= 0)
        throw badRequest("policyVersion", "higher", `版本号须高于当前版本 ${latest.v}`, `The version must be higher than the current version ${latest.v}`);
      const [row] = await tx
        .insert(privacyPolicies)
        .values({ policyContent, policyVersion, createdBy: sessionOf(req).userId })
        .returning({ id: privacyPolicies.id });
      // Issue 24: when publishing needs an electronic signature, the version is signed here or not published.
      await signIfRequired(tx, req, "privacyPublish", {
        recordType: "privacyPolicy",
        recordId: row.id,
        contentHash: contentHashOf(policyContent),
        credential: req.body.signature,
      });
      // Issue 23: everyone is asked to accept it; they hear of it now, in this transaction.
      await notifyEveryone(tx as unknown as Db, "privacyPolicyPublished", "privacyPolicy", row.id, { policyVersion });
      return row.id;
    });
    setAudit(req, { entityId: id, after: { id, policyVersion, policyContent } });
    return ok(id);
  },
} satisfies TagHandlers<"auth">;
