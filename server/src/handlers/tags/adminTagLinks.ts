import { and, asc, count, desc, eq, exists, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { appLabels, bscApps, deptLabels, depts, labels } from "../../db/schema.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import { bumpVersions, claimEdit } from "../../lib/versions.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Tags of applications (spec 2.3 applicationTagsList) and recommended tags of departments
// (BUApplicationTagsList): one row per application or department with its tags, at most 8 each
// (spec 5). Saving replaces the whole set; a disabled tag may stay where it is but not be newly chosen.

const APP = { cn: "应用", en: "Application" };
const DEPT = { cn: "部门", en: "Department" };
const TAG = { cn: "标签", en: "Tag" };

type Brief = { id: number; labelName: string; labelEnName: string; status: 0 | 1 };

const APP_LINK = { table: appLabels, owner: appLabels.appId, key: "appId" } as const;
const DEPT_LINK = { table: deptLabels, owner: deptLabels.deptId, key: "deptId" } as const;
type Link = typeof APP_LINK | typeof DEPT_LINK;

/** The tags of each owner (app or department), by tag sort then id; one query for a page. */
async function tagsOf(db: Db, link: Link, ownerIds: number[]) {
  const rows = ownerIds.length
    ? await db
        .select({ owner: link.owner, id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName, status: labels.status })
        .from(link.table)
        .innerJoin(labels, eq(labels.id, link.table.labelId))
        .where(inArray(link.owner, ownerIds))
        .orderBy(asc(labels.sort), asc(labels.id))
    : [];
  const by = new Map<number, Brief[]>();
  for (const { owner, ...tag } of rows) by.set(owner, [...(by.get(owner) ?? []), tag]);
  return (id: number) => by.get(id) ?? [];
}

/**
 * Checks the chosen tags (they exist; disabled ones only when already linked) and replaces the
 * owner's set, only while the owner still has the version the edit read (409 otherwise, issue 20).
 */
async function replaceTags(db: Db, link: Link, ownerId: number, labelIds: number[], version: number) {
  const before = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await claimEdit(tx, link === APP_LINK ? bscApps : depts, ownerId, version, link === APP_LINK ? APP : DEPT);
    const current = (await tagsOf(tx, link, [ownerId]))(ownerId);
    // FOR SHARE: a tag cannot be deleted or disabled between this check and the insert.
    const found = labelIds.length
      ? await tx.select({ id: labels.id, status: labels.status }).from(labels).where(inArray(labels.id, labelIds)).for("share")
      : [];
    if (found.length !== labelIds.length) throw notFound(TAG.cn, TAG.en);
    if (found.some((l) => l.status !== 1 && !current.some((c) => c.id === l.id)))
      throw badRequest("labelIds", "disabled", "不能选择已停用的标签", "A disabled tag cannot be chosen");
    await tx.delete(link.table).where(eq(link.owner, ownerId));
    if (labelIds.length) await tx.insert(link.table).values(labelIds.map((labelId) => ({ [link.key]: ownerId, labelId }) as { appId: number; deptId: number; labelId: number }));
    return current;
  });
  return { before, after: (await tagsOf(db, link, [ownerId]))(ownerId) };
}

const orderOf = (field: string | undefined, order: string | undefined, columns: Record<string, SQL | AnyPgColumn>, fallback: SQL[]) => {
  const col = field ? columns[field] : undefined;
  return col ? [order === "asc" ? asc(col) : desc(col), ...fallback] : fallback;
};

const appLabelCount = sql<number>`(SELECT count(*) FROM ${appLabels} WHERE ${appLabels.appId} = ${bscApps.id})`;
const deptLabelCount = sql<number>`(SELECT count(*) FROM ${deptLabels} WHERE ${deptLabels.deptId} = ${depts.id})`;
const parent = alias(depts, "parent");

const appRecord = (get: (id: number) => Brief[]) => (a: { id: number; appName: string; appIconUrl: string | null; status: 0 | 1; version: number }) => ({
  id: a.id,
  appId: a.id,
  appName: a.appName,
  appIconUrl: a.appIconUrl,
  status: a.status,
  labels: get(a.id),
  version: a.version,
});

async function findApp(db: Db, id: number) {
  const [app] = await db.select({ id: bscApps.id }).from(bscApps).where(eq(bscApps.id, id));
  if (!app) throw notFound(APP.cn, APP.en);
}

export const adminTagLinkHandlers = {
  async pageAppLabel(req: OpRequest<"pageAppLabel">) {
    const { db } = req.server;
    const { page = 1, pageSize = 10, appName, labelId, sortField, sortOrder } = req.body;
    const where = and(
      appName ? ilike(bscApps.appName, containsPattern(appName)) : undefined,
      labelId ? exists(db.select().from(appLabels).where(and(eq(appLabels.appId, bscApps.id), eq(appLabels.labelId, labelId)))) : undefined,
    );
    const order = orderOf(sortField, sortOrder, { appId: bscApps.id, appName: bscApps.appName, labelCount: appLabelCount }, [desc(bscApps.id)]);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(bscApps).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
      db.select({ total: count() }).from(bscApps).where(where),
    ]);
    const get = await tagsOf(db, APP_LINK, rows.map((r) => r.id));
    return paged(rows.map(appRecord(get)), Number(total), page, pageSize);
  },

  async getAllAppLabel(req: OpRequest<"getAllAppLabel">) {
    const { db } = req.server;
    const rows = await db
      .select()
      .from(bscApps)
      .where(exists(db.select().from(appLabels).where(eq(appLabels.appId, bscApps.id))))
      .orderBy(asc(bscApps.appName), asc(bscApps.id));
    const get = await tagsOf(db, APP_LINK, rows.map((r) => r.id));
    return ok(rows.map(appRecord(get)));
  },

  async saveAppLabel(req: OpRequest<"saveAppLabel">) {
    const { db } = req.server;
    const { appId, labelIds, version } = req.body;
    await findApp(db, appId);
    const change = await replaceTags(db, APP_LINK, appId, labelIds, version);
    setAudit(req, { entityId: appId, ...change });
    return ok(null);
  },

  async removeAppLabelById(req: OpRequest<"removeAppLabelById">) {
    const { db } = req.server;
    const { appId, labelId } = req.query;
    await findApp(db, appId);
    const before = (await tagsOf(db, APP_LINK, [appId]))(appId);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const removed = await tx
        .delete(appLabels)
        .where(and(eq(appLabels.appId, appId), labelId ? eq(appLabels.labelId, labelId) : undefined))
        .returning({ appId: appLabels.appId });
      // The application's forms show its tags: an edit opened before this is refused as stale (issue 20).
      if (removed.length) await bumpVersions(tx, bscApps, [appId]);
    });
    setAudit(req, { entityId: appId, before, after: (await tagsOf(db, APP_LINK, [appId]))(appId) });
    return ok(null);
  },

  async pageDeptLabel(req: OpRequest<"pageDeptLabel">) {
    const { db } = req.server;
    const { page = 1, pageSize = 10, deptName, labelId, sortField, sortOrder } = req.body;
    const where = and(
      deptName ? ilike(depts.deptName, containsPattern(deptName)) : undefined,
      labelId ? exists(db.select().from(deptLabels).where(and(eq(deptLabels.deptId, depts.id), eq(deptLabels.labelId, labelId)))) : undefined,
    );
    const order = orderOf(sortField, sortOrder, { deptId: depts.id, deptName: depts.deptName, labelCount: deptLabelCount }, [asc(depts.sort), asc(depts.id)]);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ id: depts.id, deptName: depts.deptName, parentName: parent.deptName, version: depts.version })
        .from(depts)
        .leftJoin(parent, eq(parent.id, depts.parentId))
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(depts).where(where),
    ]);
    const get = await tagsOf(db, DEPT_LINK, rows.map((r) => r.id));
    return paged(
      rows.map((d) => ({ id: d.id, deptId: d.id, deptName: d.deptName, parentName: d.parentName, labels: get(d.id), version: d.version })),
      Number(total),
      page,
      pageSize,
    );
  },

  async saveDeptLabelList(req: OpRequest<"saveDeptLabelList">) {
    const { db } = req.server;
    const { deptId, labelIds, version } = req.body;
    const [dept] = await db.select({ id: depts.id }).from(depts).where(eq(depts.id, deptId));
    if (!dept) throw notFound(DEPT.cn, DEPT.en);
    const change = await replaceTags(db, DEPT_LINK, deptId, labelIds, version);
    setAudit(req, { entityId: deptId, ...change });
    return ok(null);
  },
} satisfies TagHandlers<"tags">;
