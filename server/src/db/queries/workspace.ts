import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { appLabels, bscApps, bscCharts, labels, personalAppLabels, personalApps, personalCalendars, personalCharts, personalLayouts } from "../schema.ts";
import { preparedQuery } from "../../lib/prepared.ts";
import { formatDateTime } from "../../lib/time.ts";

// The workspace's queries (spec 2.7, 3, 7.1): a user's apps and reports with their catalogue
// fields and tags (the workspace cards and the customize pages, handlers/workspace/), and the
// prepared reads every workspace load runs (layout cards, the my-app card, the calendar).

/** A transaction of the portal database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Device filter: 0 only rows for both; 1 (H5) or 2 (PC) also rows marked 0 (both). */
export const forDevice = (col: SQL, device: number | undefined) =>
  device === undefined ? undefined : device === 0 ? eq(col, 0) : inArray(col, [0, device]);

/**
 * A picked app shows its catalogue app's current name, address, icon and device (the row keeps
 * the copy made when it was picked, used if the catalogue app is ever gone).
 */
export const appDevice = sql<number>`coalesce(${bscApps.pcOrH5Status}, ${personalApps.pcOrH5Status})`;

/**
 * A user's apps: an app picked from the catalogue is listed only while that catalogue app is on
 * shelf; favourites first, then appSort, then id. `where` narrows further (e.g. diyStatus).
 */
export function appsOf(db: Db | Tx, userId: number, device: number | undefined, where?: SQL) {
  return db
    .select({ app: personalApps, cat: { appName: bscApps.appName, appUrl: bscApps.appUrl, appIconUrl: bscApps.appIconUrl, pcOrH5Status: bscApps.pcOrH5Status } })
    .from(personalApps)
    .leftJoin(bscApps, eq(bscApps.id, personalApps.appId))
    .where(and(eq(personalApps.userId, userId), or(isNull(personalApps.appId), eq(bscApps.status, 1)), forDevice(appDevice, device), where))
    .orderBy(desc(personalApps.favoriteStatus), asc(personalApps.appSort), asc(personalApps.id))
    .$dynamic();
}

export type AppRow = typeof personalApps.$inferSelect;
export type CatalogueFields = { appName: string | null; appUrl: string | null; appIconUrl: string | null; pcOrH5Status: 0 | 1 | 2 | null } | null;
/** The catalogue app's fields when the row is picked and the catalogue app is there, else the row's own. */
export const toApp = (r: AppRow, cat: CatalogueFields, labelIds: number[]) => {
  const live = r.appId !== null && cat?.appName != null ? cat : null;
  return {
    id: r.id,
    userId: r.userId,
    appId: r.appId,
    appName: live?.appName ?? r.appName,
    appIconUrl: live ? live.appIconUrl : r.appIconUrl,
    appUrl: live?.appUrl ?? r.appUrl,
    appSort: r.appSort,
    favoriteStatus: r.favoriteStatus,
    diyStatus: r.diyStatus,
    pcOrH5Status: live?.pcOrH5Status ?? r.pcOrH5Status,
    labelIds,
    createTime: formatDateTime(r.createTime),
  };
};

/**
 * The enabled tags each app carries, by tag sort then id: the user's own (personal_app_label)
 * when the app has any, otherwise, for a picked app, its catalogue app's (bsc_app_label).
 */
export async function appLabelsOf(db: Db | Tx, apps: Pick<AppRow, "id" | "appId">[]) {
  const out = new Map<number, number[]>(apps.map((a) => [a.id, []]));
  if (!apps.length) return out;
  const own = await db
    .select({ appId: personalAppLabels.personalAppId, labelId: labels.id, status: labels.status })
    .from(personalAppLabels)
    .innerJoin(labels, eq(labels.id, personalAppLabels.labelId))
    .where(inArray(personalAppLabels.personalAppId, apps.map((a) => a.id)))
    .orderBy(asc(labels.sort), asc(labels.id));
  const withOwn = new Set(own.map((r) => r.appId));
  for (const r of own) if (r.status === 1) out.get(r.appId)!.push(r.labelId);
  const fromCatalogue = apps.filter((a) => a.appId !== null && !withOwn.has(a.id));
  if (fromCatalogue.length) {
    const cat = await db
      .select({ appId: appLabels.appId, labelId: labels.id })
      .from(appLabels)
      .innerJoin(labels, and(eq(labels.id, appLabels.labelId), eq(labels.status, 1)))
      .where(inArray(appLabels.appId, [...new Set(fromCatalogue.map((a) => a.appId!))]))
      .orderBy(asc(labels.sort), asc(labels.id));
    for (const a of fromCatalogue) out.set(a.id, cat.filter((c) => c.appId === a.appId).map((c) => c.labelId));
  }
  return out;
}

/** Rows of appsOf as PersonalApp, with their tags. */
export async function withLabels(db: Db | Tx, rows: { app: AppRow; cat: CatalogueFields }[]) {
  const tags = await appLabelsOf(db, rows.map((r) => r.app));
  return rows.map((r) => toApp(r.app, r.cat, tags.get(r.app.id)!));
}

export const chartDevice = sql<number>`coalesce(${bscCharts.pcOrH5Status}, ${personalCharts.pcOrH5Status})`;

/** A user's reports by dataSort, then id; a picked report is listed only while its data source is on shelf. */
export function chartsOf(db: Db | Tx, userId: number, device: number | undefined) {
  const p = personalCharts;
  return db
    .select({ chart: p, src: { dataName: bscCharts.dataName, dataUrl: bscCharts.dataUrl, originalUrl: bscCharts.originalUrl, pcOrH5Status: bscCharts.pcOrH5Status } })
    .from(p)
    .leftJoin(bscCharts, eq(bscCharts.id, p.chartId))
    .where(and(eq(p.userId, userId), or(isNull(p.chartId), eq(bscCharts.status, 1)), forDevice(chartDevice, device)))
    .orderBy(asc(p.dataSort), asc(p.id))
    .$dynamic();
}

export type ChartRow = typeof personalCharts.$inferSelect;
export type SourceFields = { dataName: string | null; dataUrl: string | null; originalUrl: string | null; pcOrH5Status: 0 | 1 | 2 | null } | null;
/** A picked report shows its data source's current name, addresses and device. */
export const toChart = (r: ChartRow, src: SourceFields) => {
  const live = r.chartId !== null && src?.dataName != null ? src : null;
  return {
    id: r.id,
    dataName: live?.dataName ?? r.dataName,
    dataUrl: live?.dataUrl ?? r.dataUrl,
    originalUrl: live ? live.originalUrl : r.originalUrl,
    userId: r.userId,
    pcOrH5Status: live?.pcOrH5Status ?? r.pcOrH5Status,
    chartId: r.chartId,
    dataSort: r.dataSort,
  };
};

/** The my-app widget's cap (spec 2.7, 9). */
export const WIDGET_APP_CAP = 15;

// The workspace cards' reads, prepared (lib/prepared.ts): every workspace load runs them.

/** A user's cards, optionally of one breakpoint (null: all), by breakpoint, modelZoom, id. */
export const layoutQuery = preparedQuery((db) =>
  db
    .select()
    .from(personalLayouts)
    .where(
      and(
        eq(personalLayouts.userId, sql.placeholder("userId")),
        sql`(${sql.placeholder("breakpoint")}::varchar IS NULL OR ${personalLayouts.breakpoint} = ${sql.placeholder("breakpoint")})`,
      ),
    )
    .orderBy(asc(personalLayouts.breakpoint), asc(personalLayouts.modelZoom), asc(personalLayouts.id))
    .prepare("portal_layout_list"),
);

/** The my-app card: appsOf's rows (device null: any), the first WIDGET_APP_CAP. */
export const widgetAppQuery = preparedQuery((db) =>
  appsOf(db, sql.placeholder("userId") as unknown as number, undefined, sql`(${sql.placeholder("device")}::smallint IS NULL OR ${appDevice} IN (0, ${sql.placeholder("device")}))`)
    .limit(WIDGET_APP_CAP)
    .prepare("portal_widget_apps"),
);

/** Entries overlapping [from, toExclusive); one of no length counts on its start. */
export const calendarQuery = preparedQuery((db) => {
  const c = personalCalendars;
  const from = sql.placeholder("from");
  const toExclusive = sql.placeholder("toExclusive");
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.userId, sql.placeholder("userId")),
        lt(c.calendarStartTime, toExclusive),
        or(gt(c.calendarEndTime, from), and(eq(c.calendarEndTime, c.calendarStartTime), gte(c.calendarStartTime, from))),
      ),
    )
    .orderBy(asc(c.calendarStartTime), asc(c.calendarEndTime), asc(c.id))
    .prepare("portal_calendar_range");
});
