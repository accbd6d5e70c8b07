import { and, asc, count, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bscApps, bscCharts, labels, personalAppLabels, personalApps, personalCharts, users } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { assertSelfOrAdmin, sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import { appLabelsOf, appsOf, toApp, toChart, withLabels, type Tx } from "../../db/queries/workspace.ts";

// The user's own apps (beyond issue 5's lists: the customize page, tags, favourites) and reports
// (personalChart, the data centre). Issue 6. Departments (sysDeptInfo) are policy/departments.ts.
//
// Rows belong to one user. Creating may name a userId (someone else's only for an administrator,
// assertSelfOrAdmin); changing and deleting act on the caller's own rows only, and an id of
// someone else's row is answered as not found (404), never touched. A picked app or report follows
// its catalogue app or data source: its name, addresses and device are not the user's to change.

/** At most this many apps in one user's list. */
export const MAX_PERSONAL_APPS = 200;
/** At most this many reports in one user's data centre (the my-data card shows the first 10). */
export const MAX_PERSONAL_CHARTS = 100;
/** The largest appSort / dataSort the contract accepts. */
const MAX_SORT = 100_000;

const appNotFound = () => notFound("应用", "App");
const chartNotFound = () => notFound("报表", "Report");

/** A pg unique violation. */
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

// ------------------------------------------------------------------------------------- checks

/**
 * An address a page may open or embed: http(s) with a host, or a path of this product ("/x").
 * Refused: other schemes (javascript:, data:, ...), a protocol-relative "//host", a backslash
 * (browsers read "/\host" as "//host"), spaces and control characters.
 */
export function isSafeUrl(text: string): boolean {
  if (/[\s\\\u0000-\u001f\u007f]/u.test(text)) return false;
  if (text.startsWith("/")) return !text.startsWith("//");
  if (!/^https?:\/\/[^/?#@]/.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** 400 on `field` unless the value (when given) is a safe address. */
function checkUrl(field: string, value: string | null | undefined) {
  if (value === undefined || value === null) return;
  if (!isSafeUrl(value))
    throw badRequest(
      field,
      "url",
      `${field} 必须是 http(s) 地址或以 / 开头的本站路径，不能含空格`,
      `${field} must be an http(s) address or a path of this product starting with /, without spaces`,
    );
}

/** Every id must be an existing, enabled tag (400 otherwise). */
async function checkLabels(db: Db | Tx, ids: number[] | undefined) {
  if (!ids?.length) return;
  const found = new Set((await db.select({ id: labels.id }).from(labels).where(and(inArray(labels.id, ids), eq(labels.status, 1)))).map((r) => r.id));
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw badRequest(`labelIds.${i}`, "exists", `标签 ${ids[i]} 不存在或已停用`, `Tag ${ids[i]} does not exist or is disabled`);
}

/** The user's own tags of an app replace what it had (none: a picked app carries its catalogue app's tags again). */
async function setOwnLabels(tx: Tx, personalAppId: number, ids: number[]) {
  await tx.delete(personalAppLabels).where(eq(personalAppLabels.personalAppId, personalAppId));
  if (ids.length) await tx.insert(personalAppLabels).values(ids.map((labelId) => ({ personalAppId, labelId })));
}

/** Two items of one id in a batch are refused. */
function checkUniqueIds(items: { id: number }[]) {
  const ids = items.map((i) => i.id);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw badRequest(`${dup}.id`, "unique", "同一条记录在一次请求中只能出现一次", "A record may appear only once in a request");
}

/** The user the new row is for exists; the row lock makes one user's creations take turns (caps, picks). */
async function lockUser(tx: Tx, userId: number) {
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!u) throw notFound("用户", "User");
}

const CATALOGUE_APP_FIELDS = ["appName", "appUrl", "appIconUrl", "pcOrH5Status"] as const;
const SOURCE_CHART_FIELDS = ["dataName", "dataUrl", "originalUrl", "pcOrH5Status"] as const;

/**
 * A picked app's catalogue fields may not change (400); sent with the value the app shows they
 * are accepted and left out (a client may send the whole app back). Answers the fields to write.
 */
function pickedAppChange<T extends Record<string, unknown>>(set: T, current: Record<string, unknown>, prefix = ""): T {
  const f = CATALOGUE_APP_FIELDS.find((k) => set[k] !== undefined && set[k] !== current[k]);
  if (f)
    throw badRequest(
      `${prefix}${f}`,
      "catalogueApp",
      "从应用目录添加的应用不能修改名称、地址、图标和设备，它们随目录应用变化",
      "An app picked from the catalogue keeps the catalogue's name, address, icon and device; they cannot be changed",
    );
  return Object.fromEntries(Object.entries(set).filter(([k]) => !(CATALOGUE_APP_FIELDS as readonly string[]).includes(k))) as T;
}

/** A picked report's data-source fields may not change (400); as pickedAppChange. */
function pickedChartChange<T extends Record<string, unknown>>(set: T, current: Record<string, unknown>, prefix = ""): T {
  const f = SOURCE_CHART_FIELDS.find((k) => set[k] !== undefined && set[k] !== current[k]);
  if (f)
    throw badRequest(
      `${prefix}${f}`,
      "catalogueChart",
      "从数据源添加的报表不能修改名称、地址和设备，它们随数据源变化",
      "A report picked from a data source keeps the source's name, addresses and device; they cannot be changed",
    );
  return Object.fromEntries(Object.entries(set).filter(([k]) => !(SOURCE_CHART_FIELDS as readonly string[]).includes(k))) as T;
}

/** One of the caller's apps (on shelf or not), as PersonalApp. */
async function appById(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ app: personalApps, cat: { appName: bscApps.appName, appUrl: bscApps.appUrl, appIconUrl: bscApps.appIconUrl, pcOrH5Status: bscApps.pcOrH5Status } })
    .from(personalApps)
    .leftJoin(bscApps, eq(bscApps.id, personalApps.appId))
    .where(eq(personalApps.id, id));
  const tags = await appLabelsOf(db, [row.app]);
  return toApp(row.app, row.cat, tags.get(id)!);
}

/** The next sort value: after the largest one the user has (10 apart), within the contract's range. */
const nextSort = (largest: number | null) => Math.min((largest ?? 0) + 10, MAX_SORT);

type ChartChange = { id: number; dataName?: string; dataUrl?: string; originalUrl?: string | null; pcOrH5Status?: 0 | 1 | 2; dataSort?: number };

/** Checks and applies report changes of the caller (all or nothing inside tx). */
async function changeCharts(tx: Tx, userId: number, items: ChartChange[], batch: boolean) {
  const prefixOf = (i: number) => (batch ? `${i}.` : "");
  items.forEach(({ id: _id, ...set }, i) => {
    const prefix = prefixOf(i);
    checkUrl(`${prefix}dataUrl`, set.dataUrl);
    checkUrl(`${prefix}originalUrl`, set.originalUrl);
  });
  const found = await tx
    .select({ chart: personalCharts, src: { dataName: bscCharts.dataName, dataUrl: bscCharts.dataUrl, originalUrl: bscCharts.originalUrl, pcOrH5Status: bscCharts.pcOrH5Status } })
    .from(personalCharts)
    .leftJoin(bscCharts, eq(bscCharts.id, personalCharts.chartId))
    .where(and(eq(personalCharts.userId, userId), inArray(personalCharts.id, items.map((i) => i.id))))
    .for("update", { of: personalCharts });
  const byId = new Map(found.map((r) => [r.chart.id, r]));
  if (items.some((i) => !byId.has(i.id))) throw chartNotFound();
  const changes = items.map(({ id, ...set }, i) => {
    const row = byId.get(id)!;
    return { id, set: row.chart.chartId !== null ? pickedChartChange(set, toChart(row.chart, row.src), prefixOf(i)) : set };
  });
  for (const { id, set } of changes) if (Object.keys(set).length) await tx.update(personalCharts).set(set).where(eq(personalCharts.id, id));
}

// ---------------------------------------------------------------------------------- handlers

export const personalAppHandlers = {
  /** The customize page: the apps the user added by hand, in list order, with their tags. */
  async diyListByUserId(req: OpRequest<"diyListByUserId">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const rows = await appsOf(req.server.db, userId, undefined, eq(personalApps.diyStatus, 1));
    return ok(await withLabels(req.server.db, rows));
  },

  async createPersonalApp(req: OpRequest<"createPersonalApp">) {
    const b = req.body;
    const userId = assertSelfOrAdmin(req, b.userId);
    checkUrl("appUrl", b.appUrl);
    checkUrl("appIconUrl", b.appIconUrl);
    try {
      const id = await req.server.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await checkLabels(tx, b.labelIds);
        const [{ n, largest }] = await tx.select({ n: count(), largest: max(personalApps.appSort) }).from(personalApps).where(eq(personalApps.userId, userId));
        if (n >= MAX_PERSONAL_APPS)
          throw badRequest("appId", "maxApps", `我的应用最多 ${MAX_PERSONAL_APPS} 个`, `At most ${MAX_PERSONAL_APPS} apps can be added`);
        let values: typeof personalApps.$inferInsert;
        const common = { userId, appSort: b.appSort ?? nextSort(largest), favoriteStatus: b.favoriteStatus ?? 0 };
        if (b.appId != null) {
          const [cat] = await tx.select().from(bscApps).where(eq(bscApps.id, b.appId));
          if (!cat || cat.status !== 1) throw appNotFound();
          const [picked] = await tx.select({ id: personalApps.id }).from(personalApps).where(and(eq(personalApps.userId, userId), eq(personalApps.appId, b.appId)));
          if (picked) throw badRequest("appId", "unique", "该应用已在我的应用中", "This app is already in my apps");
          values = { ...common, appId: cat.id, appName: cat.appName, appUrl: cat.appUrl, appIconUrl: cat.appIconUrl, pcOrH5Status: cat.pcOrH5Status, diyStatus: 0 };
        } else {
          values = { ...common, appId: null, appName: b.appName, appUrl: b.appUrl, appIconUrl: b.appIconUrl ?? null, pcOrH5Status: b.pcOrH5Status ?? 0, diyStatus: 1 };
        }
        const [row] = await tx.insert(personalApps).values(values).returning({ id: personalApps.id });
        if (b.labelIds?.length) await setOwnLabels(tx, row.id, b.labelIds);
        return row.id;
      });
      return ok(id);
    } catch (e) {
      if (isUniqueViolation(e)) throw badRequest("appId", "unique", "该应用已在我的应用中", "This app is already in my apps");
      throw e;
    }
  },

  async updatePersonalApp(req: OpRequest<"updatePersonalApp">) {
    const { id, labelIds, ...set } = req.body;
    const userId = sessionOf(req).userId;
    checkUrl("appUrl", set.appUrl);
    checkUrl("appIconUrl", set.appIconUrl);
    const app = await req.server.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: personalApps.id }).from(personalApps).where(and(eq(personalApps.id, id), eq(personalApps.userId, userId))).for("update");
      if (!row) throw appNotFound();
      const current = await appById(tx, id);
      const change = current.appId !== null ? pickedAppChange(set, current) : set;
      await checkLabels(tx, labelIds);
      if (Object.keys(change).length) await tx.update(personalApps).set(change).where(eq(personalApps.id, id));
      if (labelIds) await setOwnLabels(tx, id, labelIds);
      return appById(tx, id);
    });
    return ok(app);
  },

  async deletePersonalApp(req: OpRequest<"deletePersonalApp">) {
    const userId = sessionOf(req).userId;
    const gone = await req.server.db
      .delete(personalApps)
      .where(and(eq(personalApps.id, req.query.id), eq(personalApps.userId, userId)))
      .returning({ id: personalApps.id });
    if (!gone.length) throw appNotFound();
    return ok(null);
  },

  /** Reorder or star many apps: all of them the caller's, else 404 and nothing changes. */
  async personalAppUpdateBatchById(req: OpRequest<"personalAppUpdateBatchById">) {
    const items = req.body;
    checkUniqueIds(items);
    const userId = sessionOf(req).userId;
    await req.server.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: personalApps.id })
        .from(personalApps)
        .where(and(eq(personalApps.userId, userId), inArray(personalApps.id, items.map((i) => i.id))))
        .for("update");
      if (found.length !== items.length) throw appNotFound();
      for (const { id, ...set } of items) if (Object.keys(set).length) await tx.update(personalApps).set(set).where(eq(personalApps.id, id));
    });
    return ok(null);
  },

  /** The app centre: the user's apps grouped by tag, untagged last. */
  async getLabelAppList(req: OpRequest<"getLabelAppList">) {
    const db = req.server.db;
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const apps = await withLabels(db, await appsOf(db, userId, undefined));
    const used = [...new Set(apps.flatMap((a) => a.labelIds))].filter((l) => req.query.labelId === undefined || l === req.query.labelId);
    const tags = used.length
      ? await db
          .select({ id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName })
          .from(labels)
          .where(inArray(labels.id, used))
          .orderBy(asc(labels.sort), asc(labels.id))
      : [];
    const groups = tags.map((l) => ({ labelId: l.id as number | null, labelName: l.labelName as string | null, labelEnName: l.labelEnName as string | null, apps: apps.filter((a) => a.labelIds.includes(l.id)) }));
    const untagged = apps.filter((a) => a.labelIds.length === 0);
    if (req.query.labelId === undefined && untagged.length) groups.push({ labelId: null, labelName: null, labelEnName: null, apps: untagged });
    return ok(groups);
  },

  async updateAppFavoriteStatus(req: OpRequest<"updateAppFavoriteStatus">) {
    const userId = sessionOf(req).userId;
    const [row] = await req.server.db
      .update(personalApps)
      .set({ favoriteStatus: req.body.favoriteStatus })
      .where(and(eq(personalApps.id, req.body.id), eq(personalApps.userId, userId)))
      .returning({ id: personalApps.id });
    if (!row) throw appNotFound();
    return ok(row.id);
  },

  // ------------------------------------------------------------------------------ reports

  async createPersonalChart(req: OpRequest<"createPersonalChart">) {
    const b = req.body;
    const userId = assertSelfOrAdmin(req, b.userId);
    checkUrl("dataUrl", b.dataUrl);
    checkUrl("originalUrl", b.originalUrl);
    const id = await req.server.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [{ n, largest }] = await tx.select({ n: count(), largest: max(personalCharts.dataSort) }).from(personalCharts).where(eq(personalCharts.userId, userId));
      if (n >= MAX_PERSONAL_CHARTS)
        throw badRequest("chartId", "maxCharts", `我的报表最多 ${MAX_PERSONAL_CHARTS} 个`, `At most ${MAX_PERSONAL_CHARTS} reports can be added`);
      const common = { userId, dataSort: b.dataSort ?? nextSort(largest) };
      let values: typeof personalCharts.$inferInsert;
      if (b.chartId != null) {
        const [src] = await tx.select().from(bscCharts).where(eq(bscCharts.id, b.chartId));
        if (!src || src.status !== 1) throw notFound("数据源", "Data source");
        const [picked] = await tx.select({ id: personalCharts.id }).from(personalCharts).where(and(eq(personalCharts.userId, userId), eq(personalCharts.chartId, b.chartId)));
        if (picked) throw badRequest("chartId", "unique", "该报表已在我的数据中", "This report is already in my data");
        values = { ...common, chartId: src.id, dataName: src.dataName, dataUrl: src.dataUrl, originalUrl: src.originalUrl, pcOrH5Status: src.pcOrH5Status };
      } else {
        values = { ...common, chartId: null, dataName: b.dataName, dataUrl: b.dataUrl, originalUrl: b.originalUrl ?? null, pcOrH5Status: b.pcOrH5Status ?? 0 };
      }
      const [row] = await tx.insert(personalCharts).values(values).returning({ id: personalCharts.id });
      return row.id;
    });
    return ok(id);
  },

  async updatePersonalChart(req: OpRequest<"updatePersonalChart">) {
    const userId = sessionOf(req).userId;
    await req.server.db.transaction((tx) => changeCharts(tx, userId, [req.body], false));
    return ok(req.body.id);
  },

  async deletePersonalChart(req: OpRequest<"deletePersonalChart">) {
    const userId = sessionOf(req).userId;
    const gone = await req.server.db
      .delete(personalCharts)
      .where(and(eq(personalCharts.id, req.query.id), eq(personalCharts.userId, userId)))
      .returning({ id: personalCharts.id });
    if (!gone.length) throw chartNotFound();
    return ok(null);
  },

  async personalChartUpdateBatchById(req: OpRequest<"personalChartUpdateBatchById">) {
    checkUniqueIds(req.body);
    const userId = sessionOf(req).userId;
    await req.server.db.transaction((tx) => changeCharts(tx, userId, req.body, true));
    return ok(null);
  },
} satisfies TagHandlers<"workspace">;
