import { asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { meta, talkShows, talkShowVotes, users } from "../schema.ts";
import { paged } from "../../lib/envelope.ts";
import { containsPattern } from "../../lib/like.ts";
import { formatDateTime } from "../../lib/time.ts";

// The queries of complaints and replies ("talk show"), shared by the help centre's complaints
// (handlers/helpcenter/) and their review (handlers/talkshow/): the review switch, the columns with
// the vote and reply counts, what a user sees, the moderation filters and the paged lists.
// Complaints are top-level rows, replies are one level below a complaint. A user's row waits for
// review (reviewStatus 0) while the review switch (meta key talkShowCheck) is on; until approved
// only its author sees it, and a rejected row stays visible to its author only, with the reason.

export const at = (d: Date) => formatDateTime(d)!;

export const REVIEW_SWITCH = "talkShowCheck";

/** Whether new complaints and replies wait for review: on unless switched off. */
export async function reviewRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, REVIEW_SWITCH));
  return row ? row.value !== "false" : true;
}

export const voteCount = (vote: 1 | 2) =>
  sql<number>`(SELECT count(*)::int FROM ${talkShowVotes} WHERE ${talkShowVotes.talkShowId} = ${talkShows.id} AND ${talkShowVotes.vote} = ${vote})`;
export const likes = voteCount(1);
export const dislikes = voteCount(2);
export const replyCount = sql<number>`(SELECT count(*)::int FROM talk_show r WHERE r.parent_id = ${talkShows.id})`;

export const talkShowColumns = {
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
export const visibleTo = (userId: number) => or(eq(talkShows.reviewStatus, 1), eq(talkShows.userId, userId));

/** A foreign-key violation: the row referred to was deleted between the check and the write. */
export const isGone = (e: unknown) => (e as { code?: string })?.code === "23503" || (e as { cause?: { code?: string } })?.cause?.code === "23503";
export async function unlessGone<T>(write: Promise<T>, answer: () => Error): Promise<T> {
  try {
    return await write;
  } catch (e) {
    throw isGone(e) ? answer() : e;
  }
}

export type SortField = "id" | "createTime" | "likes" | "dislikes" | "reviewStatus";
export function orderOf(field: SortField | undefined, order: "asc" | "desc" | undefined) {
  const col = { id: talkShows.id, createTime: talkShows.createTime, likes, dislikes, reviewStatus: talkShows.reviewStatus }[field ?? "createTime"];
  const dir = order === "asc" ? asc : desc;
  return [dir(col), dir(talkShows.id)];
}

/** The moderation screens' filters shared by complaints and replies. */
export function moderationFilters(b: { content?: string; userName?: string; reviewStatus?: 0 | 1 | 2 }): (SQL | undefined)[] {
  const content = b.content?.trim();
  const userName = b.userName?.trim();
  return [
    content ? ilike(talkShows.content, containsPattern(content)) : undefined,
    userName ? or(ilike(users.realName, containsPattern(userName)), ilike(users.userName, containsPattern(userName))) : undefined,
    b.reviewStatus === undefined ? undefined : eq(talkShows.reviewStatus, b.reviewStatus),
  ];
}

export type TalkShowRow = { id: number; content: string; parentId: number | null; userId: number; userName: string; likes: number; dislikes: number; reviewStatus: 0 | 1 | 2; rejectReason: string | null; createTime: Date };

export const toModerated = ({ parentId, ...r }: TalkShowRow) => ({ ...r, parentId: parentId!, createTime: at(r.createTime) });

export async function talkShowPage<W extends boolean>(db: Db, where: SQL | undefined, order: SQL[], page: number, pageSize: number, withReplyCount: W) {
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
