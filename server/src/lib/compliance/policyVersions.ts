import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { policies, policyVersions } from "../../db/schema.ts";
import { contentHashOf } from "../esign/sign.ts";

// Issue 24: a policy's published versions. The approval (status 4) is the only way a policy reaches
// readers, so it is the moment a version is frozen: when the approved content differs from the
// policy's latest version (by its SHA-256), a new bsc_policy_version row is written in the approval's
// transaction (its audit-trail entry goes with it). An approval of unchanged content (a policy sent
// back and approved again as it was) writes nothing: nobody is asked to read it again.

/** The policy's latest published version, if it was ever published. */
export async function latestVersion(db: Db, policyId: number) {
  const [row] = await db.select().from(policyVersions).where(eq(policyVersions.policyId, policyId)).orderBy(desc(policyVersions.id)).limit(1);
  return row;
}

/** Freezes the policy as it stands in `tx` as a new version unless its content is its latest version's. Answers the new version's id, if one was written. */
export async function recordPolicyVersion(tx: Db, policyId: number, approvedBy: number | null): Promise<number | undefined> {
  const [policy] = await tx
    .select({ title: policies.title, content: policies.content, versionNumber: policies.versionNumber })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!policy) return undefined;
  const hash = contentHashOf(policy.content);
  const latest = await latestVersion(tx, policyId);
  if (latest?.contentHash === hash) return undefined;
  const [row] = await tx
    .insert(policyVersions)
    .values({ policyId, versionNumber: policy.versionNumber, title: policy.title, content: policy.content, contentHash: hash, approvedAt: sql`now()`, approvedBy })
    .returning({ id: policyVersions.id });
  return row.id;
}
