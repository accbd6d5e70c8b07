import { contentHashOf } from "../../lib/esign/sign.ts";
import { signIfRequired } from "../../lib/esign/settings.ts";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { meta, talkShows, users } from "../../db/schema.ts";
import { talkShowDecided, talkShowPosted, talkShowsDeleted } from "../../lib/notifications/complaints.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { limitTalkShowPost } from "../../lib/talkShowLimits.ts";
import { sessionOf } from "../../plugins/security.ts";
import { dateRangeOf } from "../tasks/tasks.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import {
  at, moderationFilters, orderOf, reviewRequired, REVIEW_SWITCH, talkShowColumns, talkShowPage, toModerated, unlessGone,
} from "../../db/queries/talkShow.ts";
import { complaintNotFound, contentOf, replyToReply, talkShowNotFound } from "../../lib/talkShow.ts";

// The complaints review (spec 7.5, the admin's /roastList and /commentList): the review switch,
// the moderation lists, approving or rejecting with a reason, the admin's own replies and deletes.
// What a user sees of the same rows is the help centre's (handlers/helpcenter/); the rules of a
// complaint and a reply (one level, the review switch) are described in db/queries/talkShow.ts.

export const talkShowHandlers = {
  async pageTalkShowList(req: OpRequest<"pageTalkShowList">) {
    const b = req.body;
    const { from, to } = dateRangeOf(b);
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
    const done = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .update(talkShows)
        .set({ reviewStatus, rejectReason, checkerId: sessionOf(req).userId, checkTime: sql`now()` })
        .where(and(eq(talkShows.id, id), eq(talkShows.reviewStatus, 0)))
        .returning({ id: talkShows.id, parentId: talkShows.parentId, userId: talkShows.userId, reviewStatus: talkShows.reviewStatus, content: talkShows.content });
      // Issue 24: when moderation needs an electronic signature, the decision is signed here or not made.
      if (row)
        await signIfRequired(t, req, "complaintModeration", { recordType: "talkShow", recordId: row.id, contentHash: contentHashOf(row.content), credential: req.body.signature });
      // Issue 23: the author hears the decision; the moderators' waiting counts move.
      if (row) await talkShowDecided(tx, row, rejectReason);
      return row;
    });
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
    const row = await unlessGone(
      db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [posted] = await tx
          .insert(talkShows)
          .values({ content, parentId: parentId ?? null, userId: me, reviewStatus: 1, checkerId: me, checkTime: sql`now()` })
          .returning({ id: talkShows.id, parentId: talkShows.parentId, userId: talkShows.userId, reviewStatus: talkShows.reviewStatus });
        await talkShowPosted(tx, posted); // issue 23: an official reply tells the complaint's author
        return posted;
      }),
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
      const found = await tx.select({ id: talkShows.id, reviewStatus: talkShows.reviewStatus }).from(talkShows).where(inArray(talkShows.id, ids)).for("update");
      if (found.length !== ids.length) throw talkShowNotFound();
      const gone = await tx.delete(talkShows).where(inArray(talkShows.id, ids)).returning({ reviewStatus: talkShows.reviewStatus });
      await talkShowsDeleted(tx as unknown as Db, gone.some((r) => r.reviewStatus === 0)); // issue 23
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
} satisfies TagHandlers<"talkshow">;
