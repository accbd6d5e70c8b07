import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { talkShows, users } from "../../db/schema.ts";
import { MODERATION_COUNTS_PERMISSION, type NotificationKind } from "./kinds.ts";

// Issue 23: the one place handlers write events. Every function here runs on the caller's
// transaction (`tx`): the rows are written with the change that causes them, and pg_notify there is
// delivered to the listeners (lib/notifications/listener.ts) only when that transaction commits, so
// a rolled-back change publishes nothing. The writing itself (preferences, per-person order, the
// NOTIFY of the ids) is the SQL function portal_notify of migration 0015, which the task triggers use
// too.

/** The channel every instance LISTENs on. */
export const CHANNEL = "portal_events";

export interface NotificationItem {
  userId: number;
  recordId: number | null;
  params?: Record<string, unknown>;
}

/** What the channel carries (JSON; the listener parses it). */
export type ChannelMessage =
  /** Notification rows committed: the listener reads them and sends each to its person's streams. */
  | { t: "n"; ids: number[] }
  /** A count event for one person (u) or for every holder of a permission (perm). */
  | { t: "c"; kind: string; counts: Record<string, number>; u?: number; perm?: string }
  /** A session ended (its sid hash): its streams close. */
  | { t: "s"; sid: string }
  /** A person's sessions may have ended or changed (u), or anyone's (no u): streams check theirs. */
  | { t: "u"; u?: number };

/** Writes one kind of notification for the items' people (muted ones skipped) and publishes it. Answers how many were written. */
export async function notify(tx: Db, kind: NotificationKind, recordType: string, items: NotificationItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const json = JSON.stringify(items.map((i) => ({ userId: i.userId, recordId: i.recordId, params: i.params ?? {} })));
  const { rows } = await tx.execute<{ n: number }>(sql`SELECT portal_notify(${kind}, ${recordType}, ${json}::jsonb) AS n`);
  return Number(rows[0]?.n ?? 0);
}

/** Notifies every enabled user (a new privacy-policy version). */
export async function notifyEveryone(tx: Db, kind: NotificationKind, recordType: string, recordId: number, params: Record<string, unknown>) {
  const people = await tx.select({ id: users.id }).from(users).where(eq(users.status, 1));
  return notify(tx, kind, recordType, people.map((p) => ({ userId: p.id, recordId, params })));
}

/** Publishes a message on the channel, in the caller's transaction (sent on commit). */
export async function publish(tx: Db, message: ChannelMessage) {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * The admin home's waiting figures as they stand in this transaction, sent to every open stream
 * whose role grants the admin home (a complaint or reply posted, decided or deleted).
 */
export async function publishModerationCounts(tx: Db) {
  const pending = (parent: typeof isNull) =>
    tx.select({ n: count() }).from(talkShows).where(and(parent(talkShows.parentId), eq(talkShows.reviewStatus, 0)));
  const [[complaints], [replies]] = await Promise.all([pending(isNull), pending(isNotNull as typeof isNull)]);
  await publish(tx, {
    t: "c",
    kind: "moderationCounts",
    perm: MODERATION_COUNTS_PERMISSION,
    counts: { complaintsPending: Number(complaints.n), repliesPending: Number(replies.n) },
  });
}
