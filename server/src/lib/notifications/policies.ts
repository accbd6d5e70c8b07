import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderFollows, folders, policies, users } from "../../db/schema.ts";
import { notify } from "./outbox.ts";

// Issue 23: a published policy change, told to the people who follow its folder or any folder above
// it, in the transaction of the administrator's change (lib/notifications/outbox.ts). "Published" is
// what the help centre shows: approved (4) and visible (1). A save of a policy always puts it back to
// draft or submitted (adminPolicy.ts), so the moment a policy reaches readers is its approval: the
// first approval is "published", a later one (an edited policy approved again) "updated". A policy
// that leaves the help centre (back to draft, deleted) sends nothing: followers are told what they
// can open, and the link of such a notification would lead nowhere.

export type PolicyChange = "published" | "updated";

/**
 * Notifies the followers of the policy's folder and of its ancestors about the policy as it stands
 * in `tx`, unless it is not published. The editor (actorId) and disabled users are left out.
 */
export async function policyChanged(tx: Db, policyId: number, change: PolicyChange, actorId: number): Promise<number> {
  const [policy] = await tx
    .select({ title: policies.title, folderId: policies.folderId, folderName: folders.folderName, status: policies.status, visibility: policies.visibility })
    .from(policies)
    .innerJoin(folders, eq(folders.id, policies.folderId))
    .where(eq(policies.id, policyId));
  if (!policy || policy.status !== 4 || policy.visibility !== 1) return 0;
  // the folder and every folder above it (UNION stops at a cycle, which the folder editor refuses anyway)
  const chain = sql`WITH RECURSIVE chain(id) AS (SELECT ${policy.folderId}::integer UNION SELECT f.parent_id FROM bsc_folder f JOIN chain c ON f.id = c.id WHERE f.parent_id IS NOT NULL) SELECT id FROM chain`;
  const followers = await tx
    .selectDistinct({ id: folderFollows.userId })
    .from(folderFollows)
    .innerJoin(users, eq(users.id, folderFollows.userId))
    .where(and(sql`${folderFollows.folderId} IN (${chain})`, eq(users.status, 1), ne(folderFollows.userId, actorId)))
    .orderBy(folderFollows.userId);
  const params = { policyId, title: policy.title, folderId: policy.folderId, folderName: policy.folderName, change };
  return notify(tx, "policyChanged", "policy", followers.map((f) => ({ userId: f.id, recordId: policyId, params })));
}
