import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { talkShows } from "../../db/schema.ts";
import { notify, publishModerationCounts } from "./outbox.ts";

// Issue 23: what a complaint or a reply means for people, written in the transaction that posts or
// decides it. The record of every such notification is the complaint (a reply's parent), which is
// what the help centre opens.

export interface TalkShowRow {
  id: number;
  parentId: number | null;
  userId: number;
  reviewStatus: number;
}

/** A published reply tells the complaint's author (not when they answered themselves). */
async function replyPublished(tx: Db, reply: TalkShowRow) {
  if (reply.parentId === null || reply.reviewStatus !== 1) return;
  const [complaint] = await tx.select({ userId: talkShows.userId }).from(talkShows).where(eq(talkShows.id, reply.parentId));
  if (!complaint || complaint.userId === reply.userId) return;
  await notify(tx, "complaintReplied", "talkShow", [{ userId: complaint.userId, recordId: reply.parentId, params: { replyId: reply.id } }]);
}

/** A complaint or reply was posted: published replies tell the author, pending ones move the moderators' counts. */
export async function talkShowPosted(tx: Db, row: TalkShowRow) {
  await replyPublished(tx, row);
  if (row.reviewStatus === 0) await publishModerationCounts(tx);
}

/**
 * A moderator decided a pending row: its author hears the decision, an approved reply tells the
 * complaint's author. Two people are notified in ascending user id (portal_notify locks each
 * person's row): two decisions at once that concern the same two people in opposite roles then
 * lock in the same order and never deadlock.
 */
export async function talkShowDecided(tx: Db, row: TalkShowRow, rejectReason: string | null) {
  const decided = () =>
    notify(tx, "complaintDecided", "talkShow", [
      { userId: row.userId, recordId: row.parentId ?? row.id, params: { reviewStatus: row.reviewStatus, rejectReason, isReply: row.parentId !== null, rowId: row.id } },
    ]);
  const complaintAuthor = row.parentId === null ? undefined : (await tx.select({ userId: talkShows.userId }).from(talkShows).where(eq(talkShows.id, row.parentId)))[0]?.userId;
  if (complaintAuthor !== undefined && complaintAuthor < row.userId) {
    await replyPublished(tx, row);
    await decided();
  } else {
    await decided();
    await replyPublished(tx, row);
  }
  await publishModerationCounts(tx);
}

/** Rows were deleted: pending ones among them move the moderators' counts. */
export async function talkShowsDeleted(tx: Db, anyPending: boolean) {
  if (anyPending) await publishModerationCounts(tx);
}
