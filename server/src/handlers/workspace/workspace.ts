import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { defaultLayouts, personalCalendars, personalLayouts, users } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/time.ts";
import { assertSelfOrAdmin, sessionOf } from "../../plugins/security.ts";
import { formatLocalDate } from "../tasks/tasks.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import { appsOf, calendarQuery, chartsOf, layoutQuery, toApp, toChart, widgetAppQuery, withLabels, type Tx } from "../../db/queries/workspace.ts";

// The workspace (spec 2.7, 3, 7.1): default and personal layout cards, my apps, my data (charts)
// and the calendar. Rows always belong to one user: the caller, or the userId a request names
// (assertSelfOrAdmin). A row id of someone else's is answered as not found, never touched.

// ------------------------------------------------------------------------------ layout cards

type LayoutRow = typeof personalLayouts.$inferSelect;
type CardGeometry = Pick<LayoutRow, "modelCode" | "modelAbscissaLength" | "modelOrdinateLength" | "modelTopMargin" | "modelLeftMargin" | "modelZoom" | "isDeleted">;
/** The card fields a default card and a saved card share. */
const geometryOf = (r: CardGeometry) => ({
  modelCode: r.modelCode,
  modelAbscissaLength: r.modelAbscissaLength,
  modelOrdinateLength: r.modelOrdinateLength,
  modelTopMargin: r.modelTopMargin,
  modelLeftMargin: r.modelLeftMargin,
  modelZoom: r.modelZoom,
  isDeleted: r.isDeleted,
});
const toLayout = (r: LayoutRow) => ({
  id: r.id,
  userId: r.userId,
  layoutVersion: r.layoutVersion,
  breakpoint: r.breakpoint,
  ...geometryOf(r), // last: properties after a spread are slow to add (tasks.ts toTask)
});

const cardNotFound = () => notFound("布局卡片", "Layout card");

/** An administrator may name another user; that user must exist (404, never a foreign-key 500). */
async function assertUsersExist(db: Db | Tx, callerId: number, userIds: Iterable<number>) {
  const others = [...new Set(userIds)].filter((id) => id !== callerId);
  if (!others.length) return;
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, others));
  if (found.length !== others.length) throw notFound("用户", "User");
}

/** A pg unique violation (a card moved onto the modelCode and breakpoint of another). */
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

// ---------------------------------------------------------------------------------- calendar

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A contract DateTime ("YYYY-MM-DD HH:mm:ss", server time zone), or undefined when not a real moment. */
export function parseLocalDateTime(text: string): Date | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(y, mo - 1, d, h, mi, s);
  return formatDateTime(t) === text ? t : undefined;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** Calendar days from a to b (local dates), whatever the time of day and daylight saving. */
const dayDiff = (a: Date, b: Date) =>
  Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / 86_400_000);

/** The longest range listCalendar answers, in calendar days (a six-week month view). */
export const CALENDAR_MAX_DAYS = 42;

type CalendarRow = typeof personalCalendars.$inferSelect;
const toEntry = (r: CalendarRow) => ({
  id: r.id,
  calendarName: r.calendarName,
  calendarStartTime: formatDateTime(r.calendarStartTime)!,
  calendarEndTime: formatDateTime(r.calendarEndTime)!,
  calendarMeeting: r.calendarMeeting,
  calendarOrganizer: r.calendarOrganizer,
  calendarUrl: r.calendarUrl,
});

/**
 * Entries (ordered by start) keyed by each local day they overlap within [from, toExclusive). An
 * entry is the half-open span [start, end); one of no length belongs to the day of its start.
 */
export function byDay(rows: CalendarRow[], from: Date, toExclusive: Date) {
  const out: Record<string, ReturnType<typeof toEntry>[]> = {};
  for (const r of rows) {
    const s = r.calendarStartTime.getTime() > from.getTime() ? r.calendarStartTime : from;
    const e = r.calendarEndTime.getTime() < toExclusive.getTime() ? r.calendarEndTime : toExclusive;
    const last = e.getTime() > s.getTime() ? new Date(e.getTime() - 1) : s;
    const entry = toEntry(r);
    for (let day = startOfDay(s); day.getTime() <= last.getTime(); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1))
      (out[formatLocalDate(day)] ??= []).push(entry);
  }
  return out;
}

// ---------------------------------------------------------------------------------- handlers

export const workspaceHandlers = {
  /** The spec 9 default cards (px), all shown. No id: the list can be posted to saveBatch as it is. */
  async getBscDefaultLayout(req: OpRequest<"getBscDefaultLayout">) {
    const rows = await req.server.db.select().from(defaultLayouts).orderBy(asc(defaultLayouts.modelZoom), asc(defaultLayouts.id));
    return ok(rows.map(geometryOf));
  },

  async personalLayoutListByUserId(req: OpRequest<"personalLayoutListByUserId">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const rows = await layoutQuery(req.server.db).execute({ userId, breakpoint: req.query.breakpoint || null });
    return ok(rows.map(toLayout));
  },

  /**
   * New cards in one statement; a card of the same user, breakpoint and modelCode is replaced in
   * place (its id kept). Two cards of one modelCode and breakpoint in a request are refused.
   */
  async personalLayoutSaveBatch(req: OpRequest<"personalLayoutSaveBatch">) {
    const caller = sessionOf(req).userId;
    const rows = req.body.map((c) => ({
      userId: assertSelfOrAdmin(req, c.userId),
      breakpoint: c.breakpoint ?? "lg",
      layoutVersion: c.layoutVersion ?? 1,
      modelCode: c.modelCode,
      modelAbscissaLength: c.modelAbscissaLength,
      modelOrdinateLength: c.modelOrdinateLength,
      modelTopMargin: c.modelTopMargin,
      modelLeftMargin: c.modelLeftMargin,
      modelZoom: c.modelZoom ?? 0,
      isDeleted: c.isDeleted,
    }));
    const keyOf = (r: { userId: number; breakpoint: string; modelCode: string }) => `${r.userId}/${r.breakpoint}/${r.modelCode}`;
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(keyOf(r)))
        throw badRequest(
          `${i}.modelCode`,
          "uniqueCard",
          `同一屏幕尺寸(${r.breakpoint})的卡片 ${r.modelCode} 只能保存一个`,
          `Only one ${r.modelCode} card per breakpoint (${r.breakpoint}) may be saved`,
        );
      seen.add(keyOf(r));
    });
    const saved = await req.server.db.transaction(async (tx) => {
      await assertUsersExist(tx, caller, rows.map((r) => r.userId));
      return tx
        .insert(personalLayouts)
        .values(rows)
        .onConflictDoUpdate({
          target: [personalLayouts.userId, personalLayouts.breakpoint, personalLayouts.modelCode],
          set: {
            layoutVersion: sql`excluded.layout_version`,
            modelAbscissaLength: sql`excluded.model_abscissa_length`,
            modelOrdinateLength: sql`excluded.model_ordinate_length`,
            modelTopMargin: sql`excluded.model_top_margin`,
            modelLeftMargin: sql`excluded.model_left_margin`,
            modelZoom: sql`excluded.model_zoom`,
            isDeleted: sql`excluded.is_deleted`,
            updateTime: sql`now()`,
          },
        })
        .returning();
    });
    // In the order of the request.
    const byKey = new Map(saved.map((r) => [keyOf(r), r]));
    return ok(rows.map((r) => toLayout(byKey.get(keyOf(r))!)));
  },

  /**
   * Every id must be a card of the item's user (the caller, or the userId an administrator
   * names), else 404 and nothing changes; only the fields sent change.
   */
  async personalLayoutUpdateBatchById(req: OpRequest<"personalLayoutUpdateBatchById">) {
    const items = req.body.map(({ userId, id, ...set }) => ({ owner: assertSelfOrAdmin(req, userId), id, set }));
    const ids = items.map((i) => i.id);
    const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (dup >= 0) throw badRequest(`${dup}.id`, "unique", "同一卡片在一次请求中只能出现一次", "A card may appear only once in a request");
    try {
      const changed = await req.server.db.transaction(async (tx) => {
        const found = await tx.select({ id: personalLayouts.id, userId: personalLayouts.userId }).from(personalLayouts).where(inArray(personalLayouts.id, ids)).for("update");
        const ownerOf = new Map(found.map((r) => [r.id, r.userId]));
        if (items.some((i) => ownerOf.get(i.id) !== i.owner)) throw cardNotFound();
        const out: LayoutRow[] = [];
        for (const i of items) {
          const [row] = await tx
            .update(personalLayouts)
            .set({ ...i.set, updateTime: sql`now()` })
            .where(eq(personalLayouts.id, i.id))
            .returning();
          out.push(row);
        }
        return out;
      });
      return ok(changed.map(toLayout));
    } catch (e) {
      if (isUniqueViolation(e))
        throw badRequest("modelCode", "uniqueCard", "同一屏幕尺寸的同一种卡片只能有一个", "Only one card of a kind per breakpoint");
      throw e;
    }
  },

  /** The caller's own cards only: an id that is not one of them is 404 and nothing is deleted. */
  async personalLayoutDeleteBatch(req: OpRequest<"personalLayoutDeleteBatch">) {
    const userId = sessionOf(req).userId;
    const ids = req.body;
    await req.server.db.transaction(async (tx) => {
      const gone = await tx
        .delete(personalLayouts)
        .where(and(eq(personalLayouts.userId, userId), inArray(personalLayouts.id, ids)))
        .returning({ id: personalLayouts.id });
      if (gone.length !== new Set(ids).size) throw cardNotFound();
    });
    return ok(null);
  },

  async personalAppListByUserId(req: OpRequest<"personalAppListByUserId">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const rows = await appsOf(req.server.db, userId, req.query.pcOrH5Status);
    return ok(await withLabels(req.server.db, rows));
  },

  /** The my-app widget: the first 15 of the user's apps, only what the widget shows. */
  async listWidgetApp(req: OpRequest<"listWidgetApp">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const rows = await widgetAppQuery(req.server.db).execute({ userId, device: req.query.pcOrH5Status ?? null });
    return ok(
      rows.map(({ app, cat }) => {
        const a = toApp(app, cat, []);
        return { id: a.id, appName: a.appName, appIconUrl: a.appIconUrl, appUrl: a.appUrl };
      }),
    );
  },

  async listCalendar(req: OpRequest<"listCalendar">) {
    const { startTime, endTime } = req.body;
    const userId = assertSelfOrAdmin(req, req.body.userId);
    const from = parseLocalDateTime(startTime);
    if (!from) throw badRequest("startTime", "dateTime", "开始时间不是有效的日期时间", "startTime is not a valid date and time");
    const to = parseLocalDateTime(endTime);
    if (!to) throw badRequest("endTime", "dateTime", "结束时间不是有效的日期时间", "endTime is not a valid date and time");
    if (to < from) throw badRequest("endTime", "afterStart", "结束时间不能早于开始时间", "endTime must not be before startTime");
    if (dayDiff(from, to) + 1 > CALENDAR_MAX_DAYS)
      throw badRequest("endTime", "maxRange", `查询范围不能超过${CALENDAR_MAX_DAYS}天`, `The range must not exceed ${CALENDAR_MAX_DAYS} days`);
    // endTime names a whole second: the window is [startTime, endTime + 1 s).
    const toExclusive = new Date(to.getTime() + 1000);
    const rows = await calendarQuery(req.server.db).execute({ userId, from, toExclusive });
    return ok(byDay(rows, from, toExclusive));
  },

  /**
   * The user's reports by dataSort, then id. A report picked from a data source is listed only
   * while that data source is on shelf (like apps).
   */
  async personalChartListByUserId(req: OpRequest<"personalChartListByUserId">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const rows = await chartsOf(req.server.db, userId, req.query.pcOrH5Status);
    return ok(rows.map((r) => toChart(r.chart, r.src)));
  },
} satisfies TagHandlers<"workspace">;
