import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  charsOf, deptLabels, depts, files, folders, labels, meta, policies, policyAttachments, policyLabels, talkShows, talkShowVotes, users,
} from "../db/schema.ts";
import { ok, paged } from "../lib/envelope.ts";
import { badRequest, forbidden, notFound } from "../lib/errors.ts";
import { sanitizeHtml } from "../lib/html.ts";
import { charsCover, contains, containsPattern, trigramless } from "../lib/like.ts";
import { recentSearches, recordSearch } from "../lib/searchHistory.ts";
import { limitTalkShowPost, limitTalkShowVote } from "../lib/talkShowLimits.ts";
import { formatDateTime } from "../lib/time.ts";
import { fileUrl } from "../lib/uploads.ts";
import { sessionOf } from "../plugins/security.ts";
import { parseLocalDate } from "./tasks.ts";
import type { HandlerMap, OpRequest } from "./types.ts";

// The help centre (spec 7.7) and the complaints review of spec 7.5. The help centre shows only
// published policies (status 4 approved, visibility 1); policy content is sanitised on the way out
// (lib/html.ts) whatever was stored. Complaints ("talk show") are top-level rows, replies are one
// level below a complaint. A user's row waits for review (reviewStatus 0) while the review switch
// (meta key talkShowCheck) is on; until approved only its author sees it, and a rejected row stays
// visible to its author only, with the reason.

const at = (d: Date) => formatDateTime(d)!;

// ------------------------------------------------------------------------------- policies

/** What the help centre may show: approved (4) and visible (1). */
const published = and(eq(policies.status, 4), eq(policies.visibility, 1));

const policyNotFound = () => notFound("政策", "Policy");

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

const briefColumns = {
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
function briefQuery(db: Db, where: SQL | undefined) {
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

type BriefRow = { id: number; title: string; keyword: string; folderId: number; folderName: string; versionNumber: string; deptName: string | null; createTime: Date };

async function toBriefs(db: Db, rows: BriefRow[]) {
  const tags = await labelsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, labels: tags.get(r.id) ?? [], createTime: at(r.createTime) }));
}

async function briefPage(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, [{ total }]] = await Promise.all([
    briefQuery(db, where).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(policies).where(and(published, where)),
  ]);
  return paged(await toBriefs(db, rows), total, page, pageSize);
}

type FolderRow = { id: number; folderName: string; parentId: number | null; sort: number };

/** A folder and every folder under it. */
function subtreeIds(all: FolderRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const f of all) if (f.parentId === ids[i]) ids.push(f.id);
  return ids;
}

// ------------------------------------------------------------------------------ complaints

const REVIEW_SWITCH = "talkShowCheck";

/** Whether new complaints and replies wait for review: on unless switched off. */
async function reviewRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, REVIEW_SWITCH));
  return row ? row.value !== "false" : true;
}

const voteCount = (vote: 1 | 2) =>
  sql<number>`(SELECT count(*)::int FROM ${talkShowVotes} WHERE ${talkShowVotes.talkShowId} = ${talkShows.id} AND ${talkShowVotes.vote} = ${vote})`;
const likes = voteCount(1);
const dislikes = voteCount(2);
const replyCount = sql<number>`(SELECT count(*)::int FROM talk_show r WHERE r.parent_id = ${talkShows.id})`;

const talkShowColumns = {
  id: talkShows.id,
  content: talkShows.content,
  parentId: talkShows.parentId,
  userId: talkShows.userId,
  userName: users.realName,
  likes,
  dislikes,
  reviewStatus: talkShows.reviewStatus,
  rejectReason: talkShows.rejectReason,
  createTime: talkShows.createTime,
};

/** Rows a user sees: published ones and all of their own (pending, rejected). */
const visibleTo = (userId: number) => or(eq(talkShows.reviewStatus, 1), eq(talkShows.userId, userId));

const talkShowNotFound = () => notFound("吐槽或回复", "Complaint or reply");
const complaintNotFound = () => notFound("吐槽", "Complaint");
const replyToReply = () =>
  badRequest("parentId", "complaint", "只能回复吐槽，不能回复一条回复", "A reply answers a complaint, not another reply");

/** A foreign-key violation: the row referred to was deleted between the check and the write. */
const isGone = (e: unknown) => (e as { code?: string })?.code === "23503" || (e as { cause?: { code?: string } })?.cause?.code === "23503";
async function unlessGone<T>(write: Promise<T>, answer: () => Error): Promise<T> {
  try {
    return await write;
  } catch (e) {
    throw isGone(e) ? answer() : e;
  }
}

/** The content as stored: trimmed plain text, never empty. */
function contentOf(raw: string): string {
  const content = raw.trim();
  if (!content) throw badRequest("content", "required", "内容不能为空", "Content must not be empty");
  return content;
}

type SortField = "id" | "createTime" | "likes" | "dislikes" | "reviewStatus";
function orderOf(field: SortField | undefined, order: "asc" | "desc" | undefined) {
  const col = { id: talkShows.id, createTime: talkShows.createTime, likes, dislikes, reviewStatus: talkShows.reviewStatus }[field ?? "createTime"];
  const dir = order === "asc" ? asc : desc;
  return [dir(col), dir(talkShows.id)];
}

/** The moderation screens' filters shared by complaints and replies. */
function moderationFilters(b: { content?: string; userName?: string; reviewStatus?: 0 | 1 | 2 }): (SQL | undefined)[] {
  const content = b.content?.trim();
  const userName = b.userName?.trim();
  return [
    content ? ilike(talkShows.content, containsPattern(content)) : undefined,
    userName ? or(ilike(users.realName, containsPattern(userName)), ilike(users.userName, containsPattern(userName))) : undefined,
    b.reviewStatus === undefined ? undefined : eq(talkShows.reviewStatus, b.reviewStatus),
  ];
}

type TalkShowRow = { id: number; content: string; parentId: number | null; userId: number; userName: string; likes: number; dislikes: number; reviewStatus: 0 | 1 | 2; rejectReason: string | null; createTime: Date };

const toModerated = ({ parentId, ...r }: TalkShowRow) => ({ ...r, parentId: parentId!, createTime: at(r.createTime) });

async function talkShowPage<W extends boolean>(db: Db, where: SQL | undefined, order: SQL[], page: number, pageSize: number, withReplyCount: W) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...talkShowColumns, replyCount })
      .from(talkShows)
      .innerJoin(users, eq(users.id, talkShows.userId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(talkShows).innerJoin(users, eq(users.id, talkShows.userId)).where(where),
  ]);
  const records = rows.map(({ replyCount: n, ...r }) =>
    withReplyCount ? { ...r, createTime: at(r.createTime), replyCount: n, replies: [] } : toModerated(r),
  );
  // The flag picks the shape of every record: complaints with their reply count, or moderated replies.
  type Rec = (typeof records)[number];
  return paged(records as (W extends true ? Extract<Rec, { replies: unknown }> : Exclude<Rec, { replies: unknown }>)[], total, page, pageSize);
}

// ---------------------------------------------------------------------------------- handlers

export const helpCenterHandlers = {
  // ------------------------------------------------------------------ help centre: policies

  /** The folder tree with the briefs of each folder's published policies; folders with none in their subtree are left out. */
  async getHelpCenterList(req: OpRequest<"getHelpCenterList">) {
    const db = req.server.db;
    const [allFolders, rows] = await Promise.all([
      db.select({ id: folders.id, folderName: folders.folderName, parentId: folders.parentId, sort: folders.sort }).from(folders).orderBy(asc(folders.sort), asc(folders.id)),
      briefQuery(db, undefined),
    ]);
    const briefs = await toBriefs(db, rows);
    type Node = FolderRow & { policies: typeof briefs; children: Node[] };
    const build = (parentId: number | null): Node[] =>
      allFolders
        .filter((f) => f.parentId === parentId)
        .map((f) => ({ ...f, policies: briefs.filter((p) => p.folderId === f.id), children: build(f.id) }))
        .filter((n) => n.policies.length > 0 || n.children.length > 0);
    return ok(build(null));
  },

  async pageHelpCenterList(req: OpRequest<"pageHelpCenterList">) {
    const db = req.server.db;
    const b = req.body;
    const conds: (SQL | undefined)[] = [];
    if (b.folderId !== undefined) {
      const all = await db.select({ id: folders.id, folderName: folders.folderName, parentId: folders.parentId, sort: folders.sort }).from(folders);
      if (!all.some((f) => f.id === b.folderId)) throw notFound("文件夹", "Folder");
      conds.push(inArray(policies.folderId, subtreeIds(all, b.folderId)));
    }
    const keyword = b.keyword?.trim();
    if (keyword) {
      // LIKE for a Chinese keyword and the character index for a short one (as the global search, handlers/search.ts)
      conds.push(or(contains(policies.title, keyword), contains(policies.keyword, keyword), contains(policies.contentText, keyword)));
      if (trigramless(keyword)) conds.push(charsCover(charsOf(policies.title, policies.keyword, policies.contentText), keyword));
      await recordSearch(db, sessionOf(req).userId, keyword);
    }
    return briefPage(db, and(...conds), b.page ?? 1, b.pageSize ?? 10);
  },

  /** The caller's department's recommended tags, else its nearest ancestor's, else every enabled tag. */
  async getLabelList(req: OpRequest<"getLabelList">) {
    const db = req.server.db;
    const brief = { id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName };
    const [me] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, sessionOf(req).userId));
    const seen = new Set<number>();
    for (let deptId = me?.deptId ?? null; deptId !== null && !seen.has(deptId); ) {
      seen.add(deptId);
      const rows = await db
        .select(brief)
        .from(deptLabels)
        .innerJoin(labels, eq(labels.id, deptLabels.labelId))
        .where(and(eq(deptLabels.deptId, deptId), eq(labels.status, 1)))
        .orderBy(asc(labels.sort), asc(labels.id));
      if (rows.length) return ok(rows);
      const [parent] = await db.select({ parentId: depts.parentId }).from(depts).where(eq(depts.id, deptId));
      deptId = parent?.parentId ?? null;
    }
    return ok(await db.select(brief).from(labels).where(eq(labels.status, 1)).orderBy(asc(labels.sort), asc(labels.id)));
  },

  async pageBscPolicyByLabelId(req: OpRequest<"pageBscPolicyByLabelId">) {
    const db = req.server.db;
    const b = req.body;
    const [label] = await db.select({ id: labels.id }).from(labels).where(and(eq(labels.id, b.labelId), eq(labels.status, 1)));
    if (!label) throw notFound("标签", "Tag");
    const tagged = inArray(policies.id, db.select({ id: policyLabels.policyId }).from(policyLabels).where(eq(policyLabels.labelId, b.labelId)));
    return briefPage(db, tagged, b.page ?? 1, b.pageSize ?? 10);
  },

  async getBscPolicyById(req: OpRequest<"getBscPolicyById">) {
    const db = req.server.db;
    const [row] = await db
      .select({
        policy: policies,
        folderName: folders.folderName,
        deptName: depts.deptName,
        creatorName: users.realName,
      })
      .from(policies)
      .innerJoin(folders, eq(folders.id, policies.folderId))
      .leftJoin(depts, eq(depts.id, policies.deptId))
      .leftJoin(users, eq(users.id, policies.creatorId))
      .where(and(eq(policies.id, req.query.id), published));
    if (!row) throw policyNotFound();
    const p = row.policy;
    const [tags, attachments] = await Promise.all([
      labelsOf(db, [p.id]),
      db
        .select({ id: files.id, fileName: files.fileName })
        .from(policyAttachments)
        .innerJoin(files, eq(files.id, policyAttachments.fileId))
        .where(eq(policyAttachments.policyId, p.id))
        .orderBy(asc(policyAttachments.sort), asc(files.id)),
    ]);
    const labelList = tags.get(p.id) ?? [];
    return ok({
      id: p.id,
      title: p.title,
      keyword: p.keyword,
      status: p.status,
      labelIds: labelList.map((l) => l.id),
      labels: labelList,
      visibility: p.visibility,
      reviewFlag: p.reviewFlag,
      versionNumber: p.versionNumber,
      deptId: p.deptId,
      deptName: row.deptName,
      creator: p.creatorId,
      creatorName: row.creatorName,
      createTime: at(p.createTime),
      folderId: p.folderId,
      folderName: row.folderName,
      content: sanitizeHtml(p.content),
      attachmentIds: attachments.map((a) => a.id),
      attachments: attachments.map((a) => ({ ...a, fileUrl: fileUrl(a.id) })),
    });
  },

  /** The caller's last 10 distinct searches, newest first. */
  async getSearchHistoryList(req: OpRequest<"getSearchHistoryList">) {
    const rows = await recentSearches(req.server.db, sessionOf(req).userId);
    return ok(rows.slice(0, 10).map((r) => ({ ...r, createTime: at(r.createTime) })));
  },

  // ---------------------------------------------------------------- help centre: complaints

  async helpcenterTalkShowPageTalkShow(req: OpRequest<"helpcenterTalkShowPageTalkShow">) {
    const db = req.server.db;
    const b = req.body;
    const me = sessionOf(req).userId;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const where = and(isNull(talkShows.parentId), visibleTo(me), b.mine ? eq(talkShows.userId, me) : undefined);
    const myVote = sql<0 | 1 | 2>`COALESCE((SELECT ${talkShowVotes.vote} FROM ${talkShowVotes} WHERE ${talkShowVotes.talkShowId} = ${talkShows.id} AND ${talkShowVotes.userId} = ${me}), 0)::int`;
    const columns = { ...talkShowColumns, myVote };
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(columns)
        .from(talkShows)
        .innerJoin(users, eq(users.id, talkShows.userId))
        .where(where)
        .orderBy(...orderOf(b.sortField, b.sortOrder))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(talkShows).where(where),
    ]);
    const replies = rows.length
      ? await db
          .select(columns)
          .from(talkShows)
          .innerJoin(users, eq(users.id, talkShows.userId))
          .where(and(inArray(talkShows.parentId, rows.map((r) => r.id)), visibleTo(me)))
          .orderBy(asc(talkShows.createTime), asc(talkShows.id))
      : [];
    const shape = (r: (typeof rows)[number]) => ({ ...r, isMine: r.userId === me, createTime: at(r.createTime) });
    const records = rows.map(({ parentId: _complaint, ...r }) => ({
      ...shape({ ...r, parentId: null }),
      // Replies were selected by their parent, so their parentId is never null.
      replies: replies.filter((x) => x.parentId === r.id).map((x) => ({ ...shape(x), parentId: x.parentId as number })),
    }));
    return paged(records.map(({ parentId: _none, ...r }) => r), total, page, pageSize);
  },

  async createHelpcenterTalkShow(req: OpRequest<"createHelpcenterTalkShow">) {
    await limitTalkShowPost(req);
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const content = contentOf(req.body.content);
    const parentId = req.body.parentId;
    if (parentId !== undefined) {
      const [parent] = await db
        .select({ parentId: talkShows.parentId, reviewStatus: talkShows.reviewStatus, userId: talkShows.userId })
        .from(talkShows)
        .where(eq(talkShows.id, parentId));
      if (!parent || (parent.reviewStatus !== 1 && parent.userId !== me)) throw complaintNotFound();
      if (parent.parentId !== null) throw replyToReply();
      if (parent.reviewStatus !== 1) throw badRequest("parentId", "published", "吐槽审核通过后才能回复", "A complaint can be replied to once it is published");
    }
    const reviewStatus = (await reviewRequired(db)) ? 0 : 1;
    const [row] = await unlessGone(
      db.insert(talkShows).values({ content, parentId: parentId ?? null, userId: me, reviewStatus }).returning({ id: talkShows.id }),
      complaintNotFound,
    );
    // A new post is pending (0) or published (1), never rejected: the contract's answer says so.
    return ok({ id: row.id, reviewStatus });
  },

  /** The caller's own row (a complaint takes its replies); a row the caller cannot see is 404, another's visible row 403. */
  async deleteHelpcenterTalkShow(req: OpRequest<"deleteHelpcenterTalkShow">) {
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const [row] = await db.select({ userId: talkShows.userId, reviewStatus: talkShows.reviewStatus }).from(talkShows).where(eq(talkShows.id, req.query.id));
    if (!row || (row.userId !== me && row.reviewStatus !== 1)) throw talkShowNotFound();
    if (row.userId !== me) throw forbidden();
    await db.delete(talkShows).where(and(eq(talkShows.id, req.query.id), eq(talkShows.userId, me)));
    return ok(null);
  },

  /** One vote per user and row: the same vote again removes it, the other switches it. Only published rows. */
  async thumbsOrStomp(req: OpRequest<"thumbsOrStomp">) {
    await limitTalkShowVote(req);
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const { id, type } = req.body;
    const [row] = await db
      .select({ id: talkShows.id })
      .from(talkShows)
      .where(
        and(
          eq(talkShows.id, id),
          eq(talkShows.reviewStatus, 1),
          or(isNull(talkShows.parentId), sql`EXISTS (SELECT 1 FROM talk_show p WHERE p.id = ${talkShows.parentId} AND p.review_status = 1)`),
        ),
      );
    if (!row) throw talkShowNotFound();
    const myVote = await unlessGone(db.transaction(async (tx) => {
      const removed = await tx
        .delete(talkShowVotes)
        .where(and(eq(talkShowVotes.talkShowId, id), eq(talkShowVotes.userId, me), eq(talkShowVotes.vote, type)))
        .returning({ vote: talkShowVotes.vote });
      if (removed.length) return 0;
      await tx
        .insert(talkShowVotes)
        .values({ talkShowId: id, userId: me, vote: type })
        .onConflictDoUpdate({ target: [talkShowVotes.talkShowId, talkShowVotes.userId], set: { vote: type } });
      return type;
    }), talkShowNotFound);
    const [counts] = await db.select({ likes, dislikes }).from(talkShows).where(eq(talkShows.id, id));
    return ok({ id, likes: counts.likes, dislikes: counts.dislikes, myVote });
  },

  // -------------------------------------------------------------- complaints review (admin)

  async pageTalkShowList(req: OpRequest<"pageTalkShowList">) {
    const b = req.body;
    const from = b.startDate === undefined ? undefined : parseLocalDate(b.startDate);
    const to = b.endDate === undefined ? undefined : parseLocalDate(b.endDate);
    if (b.startDate !== undefined && !from) throw badRequest("startDate", "date", "开始日期不是有效日期", "startDate is not a valid date");
    if (b.endDate !== undefined && !to) throw badRequest("endDate", "date", "结束日期不是有效日期", "endDate is not a valid date");
    if (from && to && to < from) throw badRequest("endDate", "afterStart", "结束日期不能早于开始日期", "endDate must not be before startDate");
    const where = and(
      isNull(talkShows.parentId),
      ...moderationFilters(b),
      from ? gte(talkShows.createTime, from) : undefined,
      to ? lt(talkShows.createTime, new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1)) : undefined,
    );
    return talkShowPage(req.server.db, where, orderOf(b.sortField, b.sortOrder), b.page ?? 1, b.pageSize ?? 10, true);
  },

  async getCheckTalkShowStatus(req: OpRequest<"getCheckTalkShowStatus">) {
    return ok(await reviewRequired(req.server.db));
  },

  async updateCheckTalkShowStatus(req: OpRequest<"updateCheckTalkShowStatus">) {
    const value = req.body.checkStatus;
    await req.server.db
      .insert(meta)
      .values({ key: REVIEW_SWITCH, value: String(value), flag: value })
      .onConflictDoUpdate({ target: meta.key, set: { value: String(value), flag: value, updatedAt: sql`now()` } });
    return ok(value);
  },

  async talkShowGetById(req: OpRequest<"talkShowGetById">) {
    const db = req.server.db;
    const [row] = await db
      .select(talkShowColumns)
      .from(talkShows)
      .innerJoin(users, eq(users.id, talkShows.userId))
      .where(eq(talkShows.id, req.query.id));
    if (!row) throw talkShowNotFound();
    const replies = await db
      .select(talkShowColumns)
      .from(talkShows)
      .innerJoin(users, eq(users.id, talkShows.userId))
      .where(eq(talkShows.parentId, row.id))
      .orderBy(asc(talkShows.createTime), asc(talkShows.id));
    return ok({ ...row, createTime: at(row.createTime), replyCount: replies.length, replies: replies.map(toModerated) });
  },

  /** Approve (1) or reject (2, with a reason) a pending row; anything not pending is 400. */
  async checkTalkShow(req: OpRequest<"checkTalkShow">) {
    const db = req.server.db;
    const { id, reviewStatus } = req.body;
    let rejectReason: string | null = null;
    if (reviewStatus === 2) {
      rejectReason = req.body.rejectReason?.trim() ?? "";
      if (!rejectReason) throw badRequest("rejectReason", "required", "驳回时必须填写原因", "A rejection needs a reason");
    }
    const [done] = await db
      .update(talkShows)
      .set({ reviewStatus, rejectReason, checkerId: sessionOf(req).userId, checkTime: sql`now()` })
      .where(and(eq(talkShows.id, id), eq(talkShows.reviewStatus, 0)))
      .returning({ id: talkShows.id });
    if (done) return ok(done.id);
    const [row] = await db.select({ id: talkShows.id }).from(talkShows).where(eq(talkShows.id, id));
    if (!row) throw talkShowNotFound();
    throw badRequest("id", "pending", "只能审核待审核的内容", "Only a row pending review can be checked");
  },

  /** An administrator's complaint or official reply, published at once. */
  async createTalkShow(req: OpRequest<"createTalkShow">) {
    await limitTalkShowPost(req);
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const content = contentOf(req.body.content);
    const parentId = req.body.parentId;
    if (parentId !== undefined) {
      const [parent] = await db.select({ parentId: talkShows.parentId }).from(talkShows).where(eq(talkShows.id, parentId));
      if (!parent) throw complaintNotFound();
      if (parent.parentId !== null) throw replyToReply();
    }
    const [row] = await unlessGone(
      db.insert(talkShows).values({ content, parentId: parentId ?? null, userId: me, reviewStatus: 1, checkerId: me, checkTime: sql`now()` }).returning({ id: talkShows.id }),
      complaintNotFound,
    );
    return ok(row.id);
  },

  /** All or nothing: ids from the query or the body (exactly one of them); a complaint takes its replies. */
  async deleteTalkShow(req: OpRequest<"deleteTalkShow">) {
    const fromQuery = req.query.ids;
    const fromBody = (req.body as { ids?: number[] } | undefined)?.ids;
    if ((fromQuery === undefined) === (fromBody === undefined))
      throw badRequest("ids", "oneSource", "请在查询参数或请求体中提供 ids（二选一）", "Send ids either in the query or in the body, not both");
    const ids = [...new Set(fromQuery ?? fromBody!)];
    await req.server.db.transaction(async (tx) => {
      const found = await tx.select({ id: talkShows.id }).from(talkShows).where(inArray(talkShows.id, ids)).for("update");
      if (found.length !== ids.length) throw talkShowNotFound();
      await tx.delete(talkShows).where(inArray(talkShows.id, ids));
    });
    return ok(null);
  },

  /** Replies (the comment screen), one complaint's when parentId is sent. */
  async talkShowPageTalkShow(req: OpRequest<"talkShowPageTalkShow">) {
    const db = req.server.db;
    const b = req.body;
    if (b.parentId !== undefined) {
      const [parent] = await db.select({ id: talkShows.id }).from(talkShows).where(and(eq(talkShows.id, b.parentId), isNull(talkShows.parentId)));
      if (!parent) throw complaintNotFound();
    }
    const where = and(isNotNull(talkShows.parentId), b.parentId === undefined ? undefined : eq(talkShows.parentId, b.parentId), ...moderationFilters(b));
    return talkShowPage(db, where, orderOf(b.sortField, b.sortOrder), b.page ?? 1, b.pageSize ?? 10, false);
  },
} satisfies HandlerMap;
