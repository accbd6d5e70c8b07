import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  charsOf, deptLabels, depts, files, folders, labels, policies, policyAttachments, policyLabels, talkShows, talkShowVotes, users,
} from "../../db/schema.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { sanitizeHtml } from "../../lib/html.ts";
import { charsCover, contains, trigramless } from "../../lib/like.ts";
import { recentSearches, recordSearch } from "../../lib/searchHistory.ts";
import { limitTalkShowPost, limitTalkShowVote } from "../../lib/talkShowLimits.ts";
import { fileUrl } from "../../lib/uploads.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import type { Db } from "../../db/client.ts";
import { talkShowPosted, talkShowsDeleted } from "../../lib/notifications/complaints.ts";
import { at, dislikes, likes, orderOf, reviewRequired, talkShowColumns, unlessGone, visibleTo } from "../../db/queries/talkShow.ts";
import { complaintNotFound, contentOf, replyToReply, talkShowNotFound } from "../../lib/talkShow.ts";
import { briefPage, briefQuery, labelsOf, published, subtreeIds, toBriefs, type FolderRow } from "../../db/queries/policies.ts";

// The help centre (spec 7.7); the complaints review of spec 7.5 is handlers/talkshow/, and the
// queries both read are db/queries/. The help centre shows only published policies (status 4
// approved, visibility 1); policy content is sanitised on the way out (lib/html.ts) whatever was stored. Complaints ("talk show") are top-level rows, replies are one
// level below a complaint. A user's row waits for review (reviewStatus 0) while the review switch
// (meta key talkShowCheck) is on; until approved only its author sees it, and a rejected row stays
// visible to its author only, with the reason.

const policyNotFound = () => notFound("政策", "Policy");

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
      // LIKE for a Chinese keyword and the character index for a short one (as the global search, handlers/search/search.ts)
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
    const row = await unlessGone(
      db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [posted] = await tx
          .insert(talkShows)
          .values({ content, parentId: parentId ?? null, userId: me, reviewStatus })
          .returning({ id: talkShows.id, parentId: talkShows.parentId, userId: talkShows.userId, reviewStatus: talkShows.reviewStatus });
        // Issue 23: a published reply tells the complaint's author; a pending post moves the moderators' counts.
        await talkShowPosted(tx, posted);
        return posted;
      }),
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
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const gone = await tx.delete(talkShows).where(and(eq(talkShows.id, req.query.id), eq(talkShows.userId, me))).returning({ reviewStatus: talkShows.reviewStatus });
      await talkShowsDeleted(tx, gone.some((r) => r.reviewStatus === 0)); // issue 23
    });
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
} satisfies TagHandlers<"helpcenter">;