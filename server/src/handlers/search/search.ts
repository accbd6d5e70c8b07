import { and, asc, count, desc, eq, getTableColumns, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { bscApps, charsOf, employees, folders, nmpaCertificates, personalTasks, policies, shownColumns, upns } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { charsCover, contains, containsLower, trigramless } from "../../lib/like.ts";
import { recordSearch } from "../../lib/searchHistory.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sessionOf } from "../../plugins/security.ts";
import { toTaskRow } from "../tasks/tasks.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The global search (spec 7.8): eight kinds, one request shape (SearchQuery), one page each.
//
// Matching: the trimmed keyword is a literal, case-insensitive substring (ILIKE with the user's
// %, _ and \ escaped, lib/like.ts), Chinese and English alike. The source-data columns carry
// pg_trgm GIN indexes (schema.ts), which serve ILIKE '%...%' from three characters on.
// Issue 9 (100,000 rows a table): a keyword of CJK ideographs only is matched with LIKE, which finds
// the same rows as ILIKE for them and costs a tenth (lib/like.ts contains); a keyword pg_trgm takes
// no trigram from (fewer than three letters or digits in a row) also gets the necessary condition
// "all its characters are among the row's" (lib/like.ts charsCover), which the character GIN
// indexes of schema.ts serve. The rows found are the same; the indexes only narrow what is read.
// The UPN and certificate searches match stored lower-case copies of their columns with LIKE and a
// lower-cased pattern (lib/like.ts containsLower, schema.ts lowerCopy): the same rows as ILIKE, each
// checked without being lower-cased again (a short keyword checks tens of thousands of rows).
// Ranking: a row whose main name or code EQUALS the keyword (case-insensitively) comes before the
// substring matches; within each group the kind's own order applies.
// History: every kind records the keyword in the caller's search history on page 1 (a new search;
// later pages of it do not). recordSearch is an upsert on (user, scope, keyword), so the eight
// parallel calls of one results page leave exactly one entry.

type SearchOp =
  | "searchPolicyList"
  | "searchAppList"
  | "searchAppliedTaskList"
  | "searchPendingApprovalTaskList"
  | "searchvApprovedTaskList"
  | "searchEmployee"
  | "searchUPNList"
  | "searchNMPAList";

interface Search {
  db: Db;
  userId: number;
  keyword: string;
  page: number;
  pageSize: number;
}

/** Reads and checks the request; on page 1 saves the keyword in the caller's history. */
async function begin(req: OpRequest<SearchOp>): Promise<Search> {
  const keyword = req.body.keyword.trim();
  if (!keyword)
    throw badRequest("keyword", "required", "请输入搜索关键词", "Please enter a search keyword");
  if (keyword.includes("\u0000"))
    throw badRequest("keyword", "characters", "搜索关键词包含无效字符", "The search keyword contains an invalid character");
  const s: Search = {
    db: req.server.db,
    userId: sessionOf(req).userId,
    keyword,
    page: req.body.page ?? 1,
    pageSize: req.body.pageSize ?? 10,
  };
  if (s.page === 1) await recordSearch(s.db, s.userId, keyword);
  return s;
}

/** Case-insensitive equality with the keyword. */
const equalsKeyword = (col: AnyColumn, keyword: string) => sql`lower(${col}) = lower(${keyword})`;
/** 0 when any of the conditions holds (an exact match), else 1: sorts exact matches first. */
const exactFirst = (...conds: SQL[]) => sql`CASE WHEN ${or(...conds)} THEN 0 ELSE 1 END`;

/**
 * Every row of a search's condition is read anyway (the exact matches sort first), so the total
 * comes with the page, as a window count over all of them (issue 9: one pass over the matches, not
 * a second count query reading them again). A page past the end has no row to carry it: then the
 * count query runs (page 1 with no row is a total of 0).
 */
const windowTotal = sql<number>`(count(*) OVER ())::int`;

/**
 * Totals are exact up to this many matches; past it an answer says total SEARCH_TOTAL_CAP and
 * totalCapped (contract SearchPageMeta, issue 9). The results page shows "1000+".
 */
export const SEARCH_TOTAL_CAP = 1000;

const searchPage = <T>(s: Search, records: T[], matches: number) =>
  ok({ records, total: Math.min(matches, SEARCH_TOTAL_CAP), page: s.page, pageSize: s.pageSize, totalCapped: matches > SEARCH_TOTAL_CAP });

/** One page of a built query (selecting `total: windowTotal` too) and the total of its condition. */
async function pageOf<Q extends PgSelect, R, T>(
  s: Search,
  rows: Q,
  countAll: () => Promise<{ total: number }[]>,
  map: (r: R) => T,
) {
  const list = await (rows.limit(s.pageSize).offset((s.page - 1) * s.pageSize) as unknown as Promise<(R & { total: number })[]>);
  const n = list.length ? list[0].total : s.page === 1 ? 0 : (await countAll())[0].total;
  return searchPage(s, list.map(({ total: _total, ...r }) => map(r as R)), n);
}

/** How far along its order a source-data search reads before it sorts the matches instead (sourcePage). */
const SEARCH_WALK_ROWS = 2000;

/** A column of a source-data search's order (its key in the table's columns) and its direction; NULLS LAST either way. */
interface OrderBy {
  key: string;
  col: PgColumn;
  desc?: boolean;
}
const by = (o: OrderBy) => (o.desc ? sql`${o.col} DESC NULLS LAST` : sql`${o.col} ASC NULLS LAST`);
/** The same order on the columns of a subquery (by their keys). */
const byIn = (subquery: unknown, order: OrderBy[]) =>
  order.map((o) => by({ ...o, col: (subquery as Record<string, PgColumn>)[o.key] }));

/**
 * A page of a source-data search (UPN, certificates: 100,000 rows, where a short keyword matches
 * half of them): the rows that `match`, those for which `exact` holds first, each group in `order`
 * (columns with an index in that order). `exact` must imply `match` (an equal text contains itself).
 *
 * Counting and sorting every match took 100 to 500 ms for such keywords (issue 9), so:
 * - the matches are counted up to SEARCH_TOTAL_CAP + 1 (the scan stops there);
 * - up to the cap, one read sorts them all, exact first (few rows, found by the trigram index);
 * - past it, the exact rows come from their lower() indexes, and the others are looked for along
 *   the index of `order` within its first SEARCH_WALK_ROWS rows, stopping when the page is full:
 *   a keyword many rows match fills a page after a few rows. When the matches are bunched
 *   elsewhere in the order (a code prefix: its rows are neighbours), that window does not fill the
 *   page, and the sorting read answers instead. Both give the same rows in the same order.
 */
async function sourcePage<R, M = R>(
  s: Search,
  table: PgTable,
  match: SQL,
  exact: SQL,
  order: OrderBy[],
  map: (r: R) => M = (r) => r as unknown as M,
) {
  const { db } = s;
  const offset = (s.page - 1) * s.pageSize;
  const upTo = db.select({ one: sql`1` }).from(table).where(match).limit(SEARCH_TOTAL_CAP + 1).as("m");
  const [{ n }] = await db.select({ n: count() }).from(upTo);
  if (n === 0) return searchPage(s, [], 0);
  const cols = shownColumns(table);
  const sorted = async () =>
    (await db.select(cols).from(table).where(match).orderBy(exactFirst(exact), ...order.map(by)).limit(s.pageSize).offset(offset)) as R[];
  if (n <= SEARCH_TOTAL_CAP) return searchPage(s, (await sorted()).map(map), n);

  // The exact rows, then their order: inside a subquery that OFFSET 0 keeps apart, so PostgreSQL
  // finds them by their lower() indexes and never walks the order's index looking for them.
  const e = db.select(cols).from(table).where(exact).offset(0).as("e");
  const exactRows = (await db
    .select()
    .from(e)
    .orderBy(...byIn(e, order))
    .limit(offset + s.pageSize)) as R[];
  const page = exactRows.slice(offset);
  const need = s.pageSize - page.length;
  if (need > 0) {
    // The window: the first rows in order, each marked when it is a match that is not exact; read
    // lazily, so the scan stops as soon as the page is full.
    const w = db
      .select({ ...cols, hit: sql<boolean>`(${match}) AND (${exact}) IS NOT TRUE`.as("hit") })
      .from(table)
      .orderBy(...order.map(by))
      .limit(SEARCH_WALK_ROWS)
      .as("w");
    const others = await db
      .select()
      .from(w)
      .where(sql`${w.hit}`)
      .orderBy(...byIn(w, order))
      .limit(need)
      .offset(Math.max(0, offset - exactRows.length));
    if (others.length < need) return searchPage(s, (await sorted()).map(map), n);
    page.push(...others.map(({ hit: _hit, ...r }) => r as R));
  }
  return searchPage(s, page.map(map), n);
}

// ------------------------------------------------------------------------------------ tasks

type TaskRow = typeof personalTasks.$inferSelect;
const toSearchTask = (r: TaskRow) => ({ title: r.title, ...toTaskRow(r) }); // spread last (tasks.ts toTask)

/**
 * The caller's own task rows (personal_task is per user) of one view whose taskName or title
 * contains the keyword; exact taskName/title matches first, then `order`.
 */
function taskSearch(s: Search, view: SQL, order: SQL[]) {
  const where = and(
    eq(personalTasks.userId, s.userId),
    view,
    or(contains(personalTasks.taskName, s.keyword), contains(personalTasks.title, s.keyword)),
  );
  const rank = exactFirst(equalsKeyword(personalTasks.taskName, s.keyword), equalsKeyword(personalTasks.title, s.keyword));
  return pageOf(
    s,
    s.db.select({ ...getTableColumns(personalTasks), total: windowTotal }).from(personalTasks).where(where).orderBy(rank, ...order, desc(personalTasks.id)).$dynamic(),
    () => s.db.select({ total: count() }).from(personalTasks).where(where),
    toSearchTask,
  );
}

const newest = (col: PgColumn) => sql`${col} DESC NULLS LAST`;

// The character expressions of the GIN indexes (schema.ts, the same columns in the same order).
const employeeChars = charsOf(employees.chineseName, employees.englishName, employees.email, employees.employeeNo);
const upnChars = charsOf(upns.upn, upns.name);
const nmpaChars = charsOf(nmpaCertificates.certificateCode, nmpaCertificates.productNameCn, nmpaCertificates.productNameEn);
const policyChars = charsOf(policies.title, policies.keyword, policies.contentText);

/** The character condition for a keyword the trigram indexes cannot serve; undefined otherwise. */
const narrow = (s: Search, chars: SQL) => (trigramless(s.keyword) ? charsCover(chars, s.keyword) : undefined);

// ---------------------------------------------------------------------------------- handlers

export const searchHandlers = {
  /** Approved (4) and visible (1) policies; title, keyword or content; exact title/keyword first, then newest. */
  async searchPolicyList(req: OpRequest<"searchPolicyList">) {
    const s = await begin(req);
    const where = and(
      eq(policies.status, 4),
      eq(policies.visibility, 1),
      or(contains(policies.title, s.keyword), contains(policies.keyword, s.keyword), contains(policies.contentText, s.keyword)),
      narrow(s, policyChars),
    );
    const rank = exactFirst(equalsKeyword(policies.title, s.keyword), equalsKeyword(policies.keyword, s.keyword));
    return pageOf(
      s,
      s.db
        .select({
          id: policies.id,
          title: policies.title,
          keyword: policies.keyword,
          folderId: policies.folderId,
          folderName: folders.folderName,
          createTime: policies.createTime,
          total: windowTotal,
        })
        .from(policies)
        .innerJoin(folders, eq(folders.id, policies.folderId))
        .where(where)
        .orderBy(rank, desc(policies.createTime), desc(policies.id))
        .$dynamic(),
      () => s.db.select({ total: count() }).from(policies).where(where),
      (r: { id: number; title: string; keyword: string; folderId: number; folderName: string; createTime: Date }) => ({
        ...r,
        createTime: formatDateTime(r.createTime)!,
      }),
    );
  },

  /** On-shelf catalogue apps; appName or keyword; exact first, then by appName. */
  async searchAppList(req: OpRequest<"searchAppList">) {
    const s = await begin(req);
    const where = and(eq(bscApps.status, 1), or(contains(bscApps.appName, s.keyword), contains(bscApps.keyword, s.keyword)));
    const rank = exactFirst(equalsKeyword(bscApps.appName, s.keyword), equalsKeyword(bscApps.keyword, s.keyword));
    return pageOf(
      s,
      s.db
        .select({ id: bscApps.id, appName: bscApps.appName, appUrl: bscApps.appUrl, appIconUrl: bscApps.appIconUrl, total: windowTotal })
        .from(bscApps)
        .where(where)
        .orderBy(rank, asc(bscApps.appName), asc(bscApps.id))
        .$dynamic(),
      () => s.db.select({ total: count() }).from(bscApps).where(where),
      (r: { id: number; appName: string; appUrl: string; appIconUrl: string | null }) => r,
    );
  },

  /** Tasks the caller started (receiveOrSponsor 1), newest taskStartTime first. */
  async searchAppliedTaskList(req: OpRequest<"searchAppliedTaskList">) {
    const s = await begin(req);
    return taskSearch(s, eq(personalTasks.receiveOrSponsor, 1), [newest(personalTasks.taskStartTime)]);
  },

  /** Tasks the caller received and has not handled (receiveOrSponsor 0, handledStatus 0), as the badge counts them. */
  async searchPendingApprovalTaskList(req: OpRequest<"searchPendingApprovalTaskList">) {
    const s = await begin(req);
    const view = and(eq(personalTasks.receiveOrSponsor, 0), eq(personalTasks.handledStatus, 0))!;
    return taskSearch(s, view, [newest(personalTasks.taskStartTime)]);
  },

  /** Tasks the caller received and handled (receiveOrSponsor 0, handledStatus 1), newest taskCompleteTime first. */
  async searchvApprovedTaskList(req: OpRequest<"searchvApprovedTaskList">) {
    const s = await begin(req);
    const view = and(eq(personalTasks.receiveOrSponsor, 0), eq(personalTasks.handledStatus, 1))!;
    return taskSearch(s, view, [newest(personalTasks.taskCompleteTime), newest(personalTasks.taskStartTime)]);
  },

  /**
   * The staff directory: chineseName, englishName or email contain the keyword; employeeNo too when
   * the keyword has a digit (numbers are E + 6 digits). Two words also match in the other order
   * ("Wei Zhang" finds "Zhang Wei"). Exact matches first, then by englishName.
   */
  async searchEmployee(req: OpRequest<"searchEmployee">) {
    const s = await begin(req);
    const words = s.keyword.split(/\s+/);
    const swapped = words.length === 2 ? `${words[1]} ${words[0]}` : undefined;
    const conds: SQL[] = [contains(employees.chineseName, s.keyword), contains(employees.englishName, s.keyword), contains(employees.email, s.keyword)];
    if (/\d/.test(s.keyword)) conds.push(contains(employees.employeeNo, s.keyword));
    if (swapped) conds.push(contains(employees.englishName, swapped));
    // the swapped words have the same characters, so the character condition holds for both orders
    const where = and(or(...conds), narrow(s, employeeChars));
    const exact = [
      equalsKeyword(employees.employeeNo, s.keyword),
      sql`${employees.chineseName} = ${s.keyword}`,
      equalsKeyword(employees.englishName, s.keyword),
      equalsKeyword(employees.email, s.keyword),
    ];
    if (swapped) exact.push(equalsKeyword(employees.englishName, swapped));
    return pageOf(
      s,
      s.db
        .select({ ...getTableColumns(employees), total: windowTotal })
        .from(employees)
        .where(where)
        .orderBy(exactFirst(...exact), sql`${employees.englishName} ASC NULLS LAST`, asc(employees.employeeNo))
        .$dynamic(),
      () => s.db.select({ total: count() }).from(employees).where(where),
      (r: typeof employees.$inferSelect) => r,
    );
  },

  /** UPN records: upn or name; the exact UPN first, then by upn. */
  async searchUPNList(req: OpRequest<"searchUPNList">) {
    const s = await begin(req);
    const match = and(or(containsLower(upns.upnLower, s.keyword), containsLower(upns.nameLower, s.keyword)), narrow(s, upnChars))!;
    const exact = or(equalsKeyword(upns.upn, s.keyword), equalsKeyword(upns.name, s.keyword))!;
    return sourcePage<typeof upns.$inferSelect>(s, upns, match, exact, [{ key: "upn", col: upns.upn }]);
  },

  /** NMPA certificates: code or product names; the exact code (or name) first, then latest approvedDate. */
  async searchNMPAList(req: OpRequest<"searchNMPAList">) {
    const s = await begin(req);
    const c = nmpaCertificates;
    const match = and(
      or(containsLower(c.codeLower, s.keyword), containsLower(c.cnLower, s.keyword), containsLower(c.enLower, s.keyword)),
      narrow(s, nmpaChars),
    )!;
    const exact = or(equalsKeyword(c.certificateCode, s.keyword), equalsKeyword(c.productNameCn, s.keyword), equalsKeyword(c.productNameEn, s.keyword))!;
    // latest approval first, then id: md_nmpa_approved_idx (both DESC NULLS LAST; id is never null)
    return sourcePage<typeof c.$inferSelect>(s, c, match, exact, [
      { key: "approvedDate", col: c.approvedDate, desc: true },
      { key: "id", col: c.id, desc: true },
    ]);
  },
} satisfies TagHandlers<"search">;
