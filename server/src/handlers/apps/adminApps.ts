import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { appLabels, bscApps, bscCharts, bscPortalApps, labels, personalAppLabels, personalApps } from "../../db/schema.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import { defineResource } from "../../lib/resource.ts";
import { formatDateTime } from "../../lib/time.ts";
import { nextVersion } from "../../lib/versions.ts";
import { sessionOf } from "../../plugins/security.ts";
import { appRecord, userDeviceOf } from "./catalogue.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Applications (/applicationManagement, bscApp, with tags), portal applications (/outAppList,
// bscPortalApp, no tags) and data sources (bscChart, under the application menu) as the
// administrator manages them (spec 2.3, 3, 4, 5, 7.4). bscApp/listAll and bscChart/listAll, the
// user-side reads, are in catalogue.ts.

type Device = "mobile" | "pc" | "all";
/** The contract's userDevice as pc_or_h5_status (0 all devices, 1 mobile/H5, 2 PC). */
const pcOrH5StatusOf = (d: Device): 0 | 1 | 2 => (d === "mobile" ? 1 : d === "pc" ? 2 : 0);

const KEYWORD_TAKEN = ["关键字已存在，请重新输入", "Keyword existed, please input a new one"] as const;
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

type AppTable = typeof bscApps | typeof bscPortalApps;
type AppRow = typeof bscApps.$inferSelect;

/** Every tag of each application (disabled ones too: the administrator manages them), in tag order. */
async function withLabels<R extends { id: number }>(db: Db, records: R[]) {
  const ids = records.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ appId: appLabels.appId, labelId: appLabels.labelId })
        .from(appLabels)
        .innerJoin(labels, eq(labels.id, appLabels.labelId))
        .where(inArray(appLabels.appId, ids))
        .orderBy(asc(labels.sort), asc(labels.id))
    : [];
  return records.map((r) => ({ ...r, labelIds: links.filter((l) => l.appId === r.id).map((l) => l.labelId) }));
}

async function replaceLabels(tx: Db, appId: number, labelIds: number[] | undefined) {
  if (!labelIds) return;
  await tx.delete(appLabels).where(eq(appLabels.appId, appId));
  if (labelIds.length) await tx.insert(appLabels).values(labelIds.map((labelId) => ({ appId, labelId })));
}

/** The admin lists' record: the catalogue's, with the version an edit sends back (issue 20). */
const adminAppRecord = (row: AppRow) => ({ ...appRecord(row), version: row.version });

/** One catalogue of applications: its table, its label and whether it has tags. */
function appCatalogue(table: AppTable, label: { cn: string; en: string }, tagged: boolean) {
  const t = table as typeof bscApps;
  const resource = defineResource({
    table: t,
    id: t.id,
    label,
    filters: {
      name: (v: string) => or(ilike(t.appName, containsPattern(v)), ilike(t.keyword, containsPattern(v))),
      status: (v: 0 | 1) => eq(t.status, v),
      userDevice: (v: Device) => eq(t.pcOrH5Status, pcOrH5StatusOf(v)),
      ...(tagged
        ? { labelId: (v: number) => sql`EXISTS (SELECT 1 FROM ${appLabels} WHERE ${appLabels.appId} = ${t.id} AND ${appLabels.labelId} = ${v})` as SQL }
        : {}),
    },
    sortable: { id: t.id, name: t.appName, keyword: t.keyword, status: t.status, createTime: t.createTime },
    toRecord: adminAppRecord,
    fromInput: (b) => ({
      appName: b.name,
      appUrl: b.url,
      keyword: b.keyword,
      description: b.description?.trim() ? b.description.trim() : null,
      appIconUrl: b.image?.trim() ? b.image.trim() : null,
      pcOrH5Status: pcOrH5StatusOf(b.userDevice),
      ...(b.status === undefined ? {} : { status: b.status }),
    }),
    ...(tagged ? { enrich: (db: Db, records: ReturnType<typeof adminAppRecord>[]) => withLabels(db, records), afterWrite: (tx: Db, id: number, b: any) => replaceLabels(tx, id, b.labelIds) } : {}),
  });

  /** Trims name and keyword; the keyword is unique in this catalogue ignoring case; the tags exist. */
  async function validate(req: FastifyRequest, exceptId?: number) {
    const body = req.body as Record<string, any>;
    body.name = String(body.name).trim();
    body.keyword = String(body.keyword).trim();
    const { db } = req.server;
    const [dup] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(sql`lower(${t.keyword}) = lower(${body.keyword})`, exceptId === undefined ? undefined : sql`${t.id} <> ${exceptId}`))
      .limit(1);
    if (dup) throw badRequest("keyword", "unique", ...KEYWORD_TAKEN);
    const ids: number[] | undefined = body.labelIds;
    if (tagged && ids?.length) {
      const found = await db.select({ id: labels.id }).from(labels).where(inArray(labels.id, ids));
      if (found.length !== ids.length) throw badRequest("labelIds", "exists", "包含不存在的标签", "Some tags do not exist");
    }
  }

  /** A concurrent save of the same keyword passes validate and stops at the unique index. */
  const keywordSafe = async <R>(write: () => Promise<R>) => {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw badRequest("keyword", "unique", ...KEYWORD_TAKEN);
      throw e;
    }
  };

  const snapshot = async (db: Db, row: AppRow) => {
    const record = adminAppRecord(row);
    return tagged ? (await withLabels(db, [record]))[0] : record;
  };

  return {
    page: resource.page,
    async create(req: FastifyRequest) {
      await validate(req);
      return keywordSafe(() => resource.create(req));
    },
    async update(req: FastifyRequest) {
      const id = (req.body as { id: number }).id;
      await validate(req, id);
      return keywordSafe(() => resource.update(req));
    },
    /** On shelf (1) or off shelf (0); body {id, status}. */
    async status(req: FastifyRequest) {
      const { db } = req.server;
      const { id, status } = req.body as { id: number; status: 0 | 1 };
      const [row] = await db.select().from(t).where(eq(t.id, id));
      if (!row) throw notFound(label.cn, label.en);
      // Not version-checked (a switch), but an edit opened before it must not switch it back (issue 20).
      const [changed] = await db.update(t).set({ status, version: nextVersion(t.version) }).where(eq(t.id, id)).returning();
      setAudit(req, { entityId: id, before: await snapshot(db, row), after: await snapshot(db, changed) });
      return ok(id);
    },
    /** On-shelf rows for every signed-in user, by name then id. */
    async listOnShelf(db: Db) {
      const rows = await db.select().from(t).where(eq(t.status, 1)).orderBy(asc(t.appName), asc(t.id));
      return rows.map(appRecord);
    },
  };
}

const bscApp = appCatalogue(bscApps, { cn: "应用", en: "Application" }, true);
const bscPortalApp = appCatalogue(bscPortalApps, { cn: "门户应用", en: "Portal application" }, false);

/**
 * Deletes an application (issue 22; spec 5's confirmation) and, in the same transaction, what
 * refers to it: its tag links and every user's entry picked from it (personal_app.app_id), with
 * the tags the user gave that entry. The foreign keys would cascade too; the deletes are written
 * out so the handler says what goes and does not depend on how a migration declared them. Only
 * applications: users pick from bsc_app, never from the portal applications.
 */
async function removeBscApp(req: OpRequest<"bscAppRemoveById">) {
  const { db } = req.server;
  const { id } = req.query;
  const [row] = await db.select().from(bscApps).where(eq(bscApps.id, id));
  if (!row) throw notFound("应用", "Application");
  const [before] = await withLabels(db, [adminAppRecord(row)]);
  await db.transaction(async (tx) => {
    const picked = tx.select({ id: personalApps.id }).from(personalApps).where(eq(personalApps.appId, id));
    await tx.delete(personalAppLabels).where(inArray(personalAppLabels.personalAppId, picked));
    await tx.delete(personalApps).where(eq(personalApps.appId, id));
    await tx.delete(appLabels).where(eq(appLabels.appId, id));
    await tx.delete(bscApps).where(eq(bscApps.id, id));
  });
  setAudit(req, { entityId: id, before, after: null });
  return ok(null);
}

// ---- data sources ----
type ChartRow = typeof bscCharts.$inferSelect;
const CHART = { cn: "数据源", en: "Data source" };

const chartRecord = (c: ChartRow) => ({
  id: c.id,
  name: c.dataName,
  url: c.dataUrl,
  userDevice: userDeviceOf(c.pcOrH5Status),
  compatibilityRange: c.compatibility,
  status: c.status,
  createTime: formatDateTime(c.createTime),
  version: c.version,
});

const bscChart = defineResource({
  table: bscCharts,
  id: bscCharts.id,
  label: CHART,
  filters: {
    name: (v: string) => ilike(bscCharts.dataName, containsPattern(v)),
    status: (v: 0 | 1) => eq(bscCharts.status, v),
    userDevice: (v: Device) => eq(bscCharts.pcOrH5Status, pcOrH5StatusOf(v)),
  },
  sortable: { id: bscCharts.id, name: bscCharts.dataName, status: bscCharts.status, createTime: bscCharts.createTime },
  toRecord: chartRecord,
  fromInput: (b) => ({
    dataName: String(b.name).trim(),
    dataUrl: b.url,
    pcOrH5Status: pcOrH5StatusOf(b.userDevice),
    compatibility: b.compatibilityRange?.trim() ? b.compatibilityRange.trim() : null,
    ...(b.status === undefined ? {} : { status: b.status }),
  }),
});

async function findChart(db: Db, id: number) {
  const [row] = await db.select().from(bscCharts).where(eq(bscCharts.id, id));
  if (!row) throw notFound(CHART.cn, CHART.en);
  return row;
}

export const adminAppHandlers = {
  bscAppSearchList: bscApp.page,
  createBscApp: bscApp.create,
  updateBscApp: bscApp.update,
  bscAppUpdateAppStatus: bscApp.status,
  bscAppRemoveById: removeBscApp,

  bscPortalAppSearchList: bscPortalApp.page,
  createBscPortalApp: bscPortalApp.create,
  updateBscPortalApp: bscPortalApp.update,
  bscPortalAppUpdateAppStatus: bscPortalApp.status,
  async bscPortalAppListAll(req: OpRequest<"bscPortalAppListAll">) {
    return ok(await bscPortalApp.listOnShelf(req.server.db));
  },

  bscChartPage: bscChart.page,
  bscChartGetById: bscChart.getById,

  /**
   * POST creates (button applicationManagement:add) or, with id and the version read, updates
   * (applicationManagement:edit). The contract's gate asks for one of the two buttons; which one is
   * needed depends on the body, so it is checked here.
   */
  async createBscChart(req: OpRequest<"createBscChart">) {
    const button = req.body.id === undefined ? "applicationManagement:add" : "applicationManagement:edit";
    if (!sessionOf(req).permissions.has(button)) throw forbidden();
    if (req.body.id === undefined) return bscChart.create(req);
    return bscChart.update(req);
  },

  async updateChartStatus(req: OpRequest<"updateChartStatus">) {
    const { db } = req.server;
    const { id, status } = req.body;
    const before = await findChart(db, id);
    const [after] = await db.update(bscCharts).set({ status, version: nextVersion(bscCharts.version) }).where(eq(bscCharts.id, id)).returning();
    setAudit(req, { entityId: id, before: chartRecord(before), after: chartRecord(after) });
    return ok(id);
  },

  /** Users' reports picked from it stay (personal_chart.chart_id becomes null). */
  async bscChartRemoveById(req: OpRequest<"bscChartRemoveById">) {
    const { db } = req.server;
    const before = await findChart(db, req.query.id);
    await db.delete(bscCharts).where(eq(bscCharts.id, before.id));
    setAudit(req, { entityId: before.id, before: chartRecord(before), after: null });
    return ok(null);
  },
} satisfies TagHandlers<"apps">;
