import { and, count, eq, getTableColumns, gte, lt, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { personalTasks } from "../../db/schema.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { contains } from "../../lib/like.ts";
import { badRequest } from "../../lib/errors.ts";
import { preparedQuery } from "../../lib/prepared.ts";
import { formatDateTime } from "../../lib/time.ts";
import { assertSelfOrAdmin, sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Personal tasks (spec 7.2): the task centre's page, the my-task widget's page, the pending badge
// and the centre's default date range. Dates are local dates of the server's time zone, like the
// date-time text every answer carries (lib/time.ts).

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD" of a moment, in the server's time zone. */
export const formatLocalDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Local midnight of a "YYYY-MM-DD" text, or undefined when it is not a real date (2026-02-30). */
export function parseLocalDate(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return formatLocalDate(d) === text ? d : undefined;
}

/**
 * A request's startDate/endDate ("YYYY-MM-DD", either may be absent) as local midnights; a text
 * that is not a real date, or an end before the start, is refused (400) naming its field. The task
 * centre, the complaint review and the privacy-version list filter by such a range.
 */
export function dateRangeOf(b: { startDate?: string; endDate?: string }): { from?: Date; to?: Date } {
  const from = b.startDate === undefined ? undefined : parseLocalDate(b.startDate);
  const to = b.endDate === undefined ? undefined : parseLocalDate(b.endDate);
  if (b.startDate !== undefined && !from) throw badRequest("startDate", "date", "开始日期不是有效日期", "startDate is not a valid date");
  if (b.endDate !== undefined && !to) throw badRequest("endDate", "date", "结束日期不是有效日期", "endDate is not a valid date");
  if (from && to && to < from) throw badRequest("endDate", "afterStart", "结束日期不能早于开始日期", "endDate must not be before startDate");
  return { from, to };
}

/**
 * The task centre's default range: endDate is today, startDate the same day six months earlier,
 * the day clamped to the length of that month (31 August gives 28 or 29 February).
 */
export function sixMonthRange(now: Date): { startDate: string; endDate: string } {
  const y = now.getFullYear();
  const m = now.getMonth() - 6;
  const lastDay = new Date(y, m + 1, 0).getDate(); // day 0 of the next month = last day of month m
  const start = new Date(y, m, Math.min(now.getDate(), lastDay));
  return { startDate: formatLocalDate(start), endDate: formatLocalDate(now) };
}

const at = (d: Date | null) => formatDateTime(d) ?? null;

type TaskRow = typeof personalTasks.$inferSelect;

/** The spec 3 task row (the widget's and the search's fields). */
export const toTaskRow = (r: TaskRow) => ({
  id: r.id,
  taskName: r.taskName,
  taskUrl: r.taskUrl,
  taskStatus: r.taskStatus,
  formStatus: r.formStatus,
  taskStartTime: at(r.taskStartTime),
  taskSponsor: r.taskSponsor,
  taskApprovedPerson: r.taskApprovedPerson,
  taskCompleteTime: at(r.taskCompleteTime),
  taskCurrentApproved: r.taskCurrentApproved,
});

/**
 * A row as the contract's Task: every field, null where the source system gave none.
 * The spread comes last: V8 (Node 20) builds `{ ...x, a, b, ... }` slowly, about 1.3 µs for each
 * property after the spread, so twelve of them cost 17 µs a row and made the my-tasks card the
 * dearest widget read (issue 9; a ten-row page, 0.17 ms of the server's time). Properties before a
 * spread cost nothing extra; the keys do not overlap, and the answer's field order is the schema's.
 */
const toTask = (r: TaskRow) => ({
  type: r.type,
  title: r.title,
  requestDate: at(r.requestDate),
  requestor: r.requestor,
  approvedBy: r.approvedBy,
  pendingOn: r.pendingOn,
  reminderDate: at(r.reminderDate),
  startDate: at(r.startDate),
  endDate: at(r.endDate),
  completionDate: at(r.completionDate),
  processStatus: r.processStatus,
  approvalStatus: r.approvalStatus,
  ...toTaskRow(r),
});

/**
 * Newest requestDate first, then id. id is never null: "DESC NULLS LAST" orders it as plain DESC
 * does, and so matches personal_task_list_idx (drizzle-kit makes DESC index columns NULLS LAST),
 * which a page then reads in order, stopping after pageSize rows, instead of sorting the whole list.
 */
const newestFirst = [sql`${personalTasks.requestDate} DESC NULLS LAST`, sql`${personalTasks.id} DESC NULLS LAST`];

/** One page of a user's tasks under the given conditions, newest requestDate first, then id. */
async function taskPage(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(personalTasks)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(personalTasks).where(where),
  ]);
  return paged(rows.map(toTask), total, page, pageSize);
}

/** Received (receiveOrSponsor 0) and not yet handled: what waits on the user. */
const waitingOn = (userId: number | Placeholder) =>
  and(eq(personalTasks.userId, userId), eq(personalTasks.receiveOrSponsor, 0), eq(personalTasks.handledStatus, 0));

// The my-tasks card (pending approvals), prepared (lib/prepared.ts): every workspace load runs it.
const widgetWhere = () => and(waitingOn(sql.placeholder("userId")), eq(personalTasks.taskStatus, 1));
// One statement gives the page and the total (a window count over the matching rows): a card load
// runs one query on one pooled connection, not two. A page past the end has no row to carry the
// total, so only then is it counted on its own.
const widgetTaskRows = preparedQuery((db) =>
  db
    .select({ ...getTableColumns(personalTasks), total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(personalTasks)
    .where(widgetWhere())
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("portal_widget_task_rows"),
);
const widgetTaskCount = preparedQuery((db) => db.select({ total: count() }).from(personalTasks).where(widgetWhere()).prepare("portal_widget_task_count"));

export const taskHandlers = {
  async getTaskPage(req: OpRequest<"getTaskPage">) {
    const b = req.body;
    const userId = assertSelfOrAdmin(req, b.userId);
    const conds: (SQL | undefined)[] = [
      eq(personalTasks.userId, userId),
      eq(personalTasks.receiveOrSponsor, b.receiveOrSponsor ?? 0),
      eq(personalTasks.handledStatus, b.handledStatus ?? 0),
    ];
    if (b.taskStatus != null) conds.push(eq(personalTasks.taskStatus, b.taskStatus));
    if (b.completeStatus != null) conds.push(eq(personalTasks.completeStatus, b.completeStatus));
    if (b.processStatus != null) conds.push(eq(personalTasks.processStatus, b.processStatus));
    if (b.approvalStatus != null) conds.push(eq(personalTasks.approvalStatus, b.approvalStatus));
    const title = b.title?.trim();
    if (title) {
      conds.push(or(contains(personalTasks.title, title), contains(personalTasks.taskName, title)));
    }
    const { from, to } = dateRangeOf(b);
    if (from) conds.push(gte(personalTasks.requestDate, from));
    if (to) conds.push(lt(personalTasks.requestDate, new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1)));
    return taskPage(req.server.db, and(...conds), b.page ?? 1, b.pageSize ?? 10);
  },

  /** The my-task widget: the user's pending approvals (taskStatus 1), 10 a page by default. */
  async getWidgetTaskPage(req: OpRequest<"getWidgetTaskPage">) {
    const b = req.body;
    const userId = assertSelfOrAdmin(req, b.userId);
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const rows = await widgetTaskRows(req.server.db).execute({ userId, limit: pageSize, offset: (page - 1) * pageSize });
    const total = rows.length > 0 ? rows[0].total : page > 1 ? (await widgetTaskCount(req.server.db).execute({ userId }))[0].total : 0;
    return paged(rows.map(toTask), total, page, pageSize);
  },

  /** Every received task not yet handled, approval or not (the badge; the UI caps it at 99). */
  async getTaskPending(req: OpRequest<"getTaskPending">) {
    const [{ n }] = await req.server.db.select({ n: count() }).from(personalTasks).where(waitingOn(sessionOf(req).userId));
    return ok(n);
  },

  async getSixMonthDate(_req: OpRequest<"getSixMonthDate">) {
    return ok(sixMonthRange(new Date()));
  },
} satisfies TagHandlers<"tasks">;
