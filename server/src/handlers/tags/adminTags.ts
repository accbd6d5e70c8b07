import { and, count, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appLabels, bscApps, deptLabels, depts, labels, policies, policyLabels } from "../../db/schema.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import { bindResource, defineResource } from "../../lib/resource.ts";
import { formatDateTime } from "../../lib/time.ts";
import { bumpVersions, claimEdit, nextVersion, versionRequired } from "../../lib/versions.ts";
import { sessionOf } from "../../plugins/security.ts";
import { adminTagLinkHandlers } from "./adminTagLinks.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The tag list of the admin backend (spec 2.3 /tagManamentList/recommendTagsList, 3 Tag, 5, 7.3):
// page, one tag, create, update, delete (links go with it), and the batch enable/disable/reorder.
// The tags of applications and departments are in adminTagLinks.ts.

export const TAG_LABEL = { cn: "标签", en: "Tag" };
/** Serialises tag writes so the two uniqueness checks cannot race (labelEnName ignores case). */
const TAG_WRITE_LOCK = 727120;
const EDIT_KEY = "tagManamentList:recommendTagsList:edit";

/** How many applications, departments and policies carry each tag (the delete confirmation shows them). */
async function withUsage<R extends { id: number }>(db: Db, records: R[]) {
  const ids = records.map((r) => r.id);
  if (!ids.length) return records.map((r) => ({ ...r, appCount: 0, deptCount: 0, policyCount: 0 }));
  const countBy = async (table: typeof appLabels | typeof deptLabels | typeof policyLabels) =>
    new Map(
      (await db.select({ id: table.labelId, n: count() }).from(table).where(inArray(table.labelId, ids)).groupBy(table.labelId)).map(
        (r) => [r.id, Number(r.n)],
      ),
    );
  const [apps, depts, policies] = await Promise.all([countBy(appLabels), countBy(deptLabels), countBy(policyLabels)]);
  return records.map((r) => ({ ...r, appCount: apps.get(r.id) ?? 0, deptCount: depts.get(r.id) ?? 0, policyCount: policies.get(r.id) ?? 0 }));
}

const bscLabel = defineResource({
  table: labels,
  id: labels.id,
  label: TAG_LABEL,
  filters: {
    labelName: (v: string) => or(ilike(labels.labelName, containsPattern(v)), ilike(labels.labelEnName, containsPattern(v))),
    status: (v: 0 | 1) => eq(labels.status, v),
  },
  sortable: { id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName, sort: labels.sort, status: labels.status, createTime: labels.createTime },
  toRecord: (l) => ({
    id: l.id,
    labelName: l.labelName,
    labelEnName: l.labelEnName,
    status: l.status,
    sort: l.sort,
    createTime: formatDateTime(l.createTime),
    version: l.version,
  }),
  fromInput: (b) => b,
  enrich: withUsage,
});

async function snapshot(db: Db, id: number) {
  const [row] = await db.select().from(labels).where(eq(labels.id, id));
  if (!row) throw notFound(TAG_LABEL.cn, TAG_LABEL.en);
  return (await withUsage(db, [bscLabel.toRecord(row)]))[0];
}

/** Trimmed names; the contract's patterns keep them non-empty after trimming. */
const namesOf = (b: { labelName: string; labelEnName: string }) => ({ labelName: b.labelName.trim(), labelEnName: b.labelEnName.trim() });

async function assertNamesFree(tx: Db, names: { labelName: string; labelEnName: string }, exceptId?: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TAG_WRITE_LOCK})`);
  const other = exceptId === undefined ? undefined : ne(labels.id, exceptId);
  const [byName] = await tx.select({ id: labels.id }).from(labels).where(and(eq(labels.labelName, names.labelName), other));
  if (byName) throw badRequest("labelName", "unique", "标签名称已存在，请重新输入", "The tag name already exists, please input a new one");
  const [byEn] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(sql`lower(${labels.labelEnName}) = lower(${names.labelEnName})`, other));
  if (byEn) throw badRequest("labelEnName", "unique", "英文名称已存在，请重新输入", "The English name already exists, please input a new one");
}

export const adminTagHandlers = {
  // The contract's bscLabel page and getById; the writes check both names and are this module's own.
  ...bindResource("bscLabel", bscLabel, ["page", "getById"]),

  async createBscLabel(req: OpRequest<"createBscLabel">) {
    const { db } = req.server;
    const names = namesOf(req.body);
    const id = await db.transaction(async (tx) => {
      await assertNamesFree(tx as unknown as Db, names);
      const [row] = await tx
        .insert(labels)
        .values({ ...names, status: req.body.status ?? 1, sort: req.body.sort ?? 0 })
        .returning({ id: labels.id });
      return row.id;
    });
    setAudit(req, { entityId: id, after: await snapshot(db, id) });
    return ok(id);
  },

  async updateBscLabel(req: OpRequest<"updateBscLabel">) {
    const { db } = req.server;
    const { id, sort, version } = req.body;
    await snapshot(db, id); // 404 before the names are judged
    const names = namesOf(req.body);
    const before = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await assertNamesFree(tx, names, id);
      // Only while the tag still has the version the edit read (409 otherwise, issue 20).
      const row = await claimEdit(tx, labels, id, version, TAG_LABEL);
      await tx.update(labels).set({ ...names, ...(sort === undefined ? {} : { sort }) }).where(eq(labels.id, id));
      return (await withUsage(tx, [bscLabel.toRecord(row)]))[0];
    });
    setAudit(req, { entityId: id, before, after: await snapshot(db, id) });
    return ok(id);
  },

  async bscLabelRemoveById(req: OpRequest<"bscLabelRemoveById">) {
    const { db } = req.server;
    const { id } = req.query;
    const tag = await snapshot(db, id);
    const idsOf = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);
    // The links go with the tag (foreign keys cascade); the audit keeps what was unlinked.
    const before = {
      ...tag,
      appIds: await idsOf(db.select({ id: appLabels.appId }).from(appLabels).where(eq(appLabels.labelId, id))),
      deptIds: await idsOf(db.select({ id: deptLabels.deptId }).from(deptLabels).where(eq(deptLabels.labelId, id))),
      policyIds: await idsOf(db.select({ id: policyLabels.policyId }).from(policyLabels).where(eq(policyLabels.labelId, id))),
    };
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // What carried the tag changes with it: an edit of one opened before is refused as stale (issue 20).
      await bumpVersions(tx, bscApps, before.appIds);
      await bumpVersions(tx, depts, before.deptIds);
      await bumpVersions(tx, policies, before.policyIds);
      await tx.delete(labels).where(eq(labels.id, id));
    });
    setAudit(req, { entityId: id, before, after: null });
    return ok(null);
  },

  async saveBatchById(req: OpRequest<"saveBatchById">) {
    const { db } = req.server;
    const items = req.body;
    // Enabling and disabling is the status button (x-permission); reordering is editing.
    if (items.some((i) => i.sort !== undefined) && !sessionOf(req).permissions.has(EDIT_KEY)) throw forbidden();
    // A new sort is an edit (the tag form shows it): it carries the version read (issue 20). A status
    // alone is a switch, like every status change, and only moves the version on.
    if (items.some((i) => i.sort !== undefined && i.version === undefined)) throw versionRequired();
    const ids = [...new Set(items.map((i) => i.id))];
    const rows = await db.select().from(labels).where(inArray(labels.id, ids));
    if (rows.length !== ids.length) throw notFound(TAG_LABEL.cn, TAG_LABEL.en);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const { id, sort, status, version } of items) {
        if (sort !== undefined) await claimEdit(tx, labels, id, version, TAG_LABEL);
        const set = { ...(sort === undefined ? {} : { sort }), ...(status === undefined ? {} : { status }) };
        if (Object.keys(set).length) await tx.update(labels).set({ ...set, ...(sort === undefined ? { version: nextVersion(labels.version) } : {}) }).where(eq(labels.id, id));
      }
    });
    const after = await db.select().from(labels).where(inArray(labels.id, ids));
    setAudit(req, { entityId: ids.join(",").slice(0, 50), before: rows.map(bscLabel.toRecord), after: after.map(bscLabel.toRecord) });
    return ok(null);
  },

  ...adminTagLinkHandlers,
} satisfies TagHandlers<"tags">;
