import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { depts, files, folders, labels, policies, policyAttachments, policyLabels, users } from "../schema.ts";
import { paged } from "../../lib/envelope.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sanitizeHtml } from "../../lib/html.ts";
import { fileUrl } from "../../lib/uploads.ts";

// The queries of policies: the published ones (spec 7.7) the help centre pages read, a policy's
// tags, and the admin's policy list and record (spec 7.6, handlers/policy/adminPolicy.ts).

const at = (d: Date) => formatDateTime(d)!;

/** What the help centre may show: approved (4) and visible (1). */
export const published = and(eq(policies.status, 4), eq(policies.visibility, 1));

export type LabelBrief = { id: number; labelName: string; labelEnName: string };

/** The tags of each policy, by policy id (tag sort order): the enabled ones, or all for the admin lists. */
export async function labelsOf(db: Db, policyIds: number[], { enabledOnly = true } = {}): Promise<Map<number, LabelBrief[]>> {
  const byPolicy = new Map<number, LabelBrief[]>();
  if (!policyIds.length) return byPolicy;
  const rows = await db
    .select({ policyId: policyLabels.policyId, id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName })
    .from(policyLabels)
    .innerJoin(labels, eq(labels.id, policyLabels.labelId))
    .where(and(inArray(policyLabels.policyId, policyIds), enabledOnly ? eq(labels.status, 1) : undefined))
    .orderBy(asc(labels.sort), asc(labels.id));
  for (const { policyId, ...label } of rows) (byPolicy.get(policyId) ?? byPolicy.set(policyId, []).get(policyId)!).push(label);
  return byPolicy;
}

export const briefColumns = {
  id: policies.id,
  title: policies.title,
  keyword: policies.keyword,
  folderId: policies.folderId,
  folderName: folders.folderName,
  versionNumber: policies.versionNumber,
  deptName: depts.deptName,
  createTime: policies.createTime,
};

/** Published policies as HelpPolicyBrief rows, newest first. */
export function briefQuery(db: Db, where: SQL | undefined) {
  return db
    .select(briefColumns)
    .from(policies)
    .innerJoin(folders, eq(folders.id, policies.folderId))
    .leftJoin(depts, eq(depts.id, policies.deptId))
    .where(and(published, where))
    // createTime and id are never null: NULLS LAST orders them as plain DESC does and matches the
    // partial index bsc_policy_published_idx (create_time DESC NULLS LAST, id DESC NULLS LAST), read in order
    .orderBy(sql`${policies.createTime} DESC NULLS LAST`, sql`${policies.id} DESC NULLS LAST`)
    .$dynamic();
}

export type BriefRow = { id: number; title: string; keyword: string; folderId: number; folderName: string; versionNumber: string; deptName: string | null; createTime: Date };

export async function toBriefs(db: Db, rows: BriefRow[]) {
  const tags = await labelsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, labels: tags.get(r.id) ?? [], createTime: at(r.createTime) }));
}

export async function briefPage(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, [{ total }]] = await Promise.all([
    briefQuery(db, where).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(policies).where(and(published, where)),
  ]);
  return paged(await toBriefs(db, rows), total, page, pageSize);
}

export type FolderRow = { id: number; folderName: string; parentId: number | null; sort: number };

/** A folder and every folder under it. */
export function subtreeIds(all: FolderRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const f of all) if (f.parentId === ids[i]) ids.push(f.id);
  return ids;
}

/** A policy as the admin lists show it (spec 7.6 page): with its folder, department and creator. */
export const summaryColumns = {
  id: policies.id,
  title: policies.title,
  keyword: policies.keyword,
  status: policies.status,
  visibility: policies.visibility,
  reviewFlag: policies.reviewFlag,
  versionNumber: policies.versionNumber,
  deptId: policies.deptId,
  deptName: depts.deptName,
  creator: policies.creatorId,
  creatorName: users.realName,
  createTime: policies.createTime,
  folderId: policies.folderId,
  folderName: folders.folderName,
  version: policies.version,
};

export function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(policies)
    .innerJoin(folders, eq(folders.id, policies.folderId))
    .leftJoin(depts, eq(depts.id, policies.deptId))
    .leftJoin(users, eq(users.id, policies.creatorId))
    .$dynamic();
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["execute"]>>[number];

export async function toSummaries(db: Db, rows: SummaryRow[]) {
  const tags = await labelsOf(db, rows.map((r) => r.id), { enabledOnly: false });
  return rows.map((r) => {
    const list = tags.get(r.id) ?? [];
    return { ...r, labelIds: list.map((l) => l.id), labels: list, createTime: formatDateTime(r.createTime)! };
  });
}

/** One policy as the admin edits it: the summary, its sanitised content and its attachments; null when absent. */
export async function policyById(db: Db, id: number) {
  const [row] = await summaryQuery(db).where(eq(policies.id, id));
  if (!row) return null;
  const [[summary], [{ content }], attachments] = await Promise.all([
    toSummaries(db, [row]),
    db.select({ content: policies.content }).from(policies).where(eq(policies.id, id)),
    db
      .select({ id: files.id, fileName: files.fileName })
      .from(policyAttachments)
      .innerJoin(files, eq(files.id, policyAttachments.fileId))
      .where(eq(policyAttachments.policyId, id))
      .orderBy(asc(policyAttachments.sort), asc(files.id)),
  ]);
  return {
    ...summary,
    content: sanitizeHtml(content),
    attachmentIds: attachments.map((a) => a.id),
    attachments: attachments.map((a) => ({ ...a, fileUrl: fileUrl(a.id) })),
  };
}
