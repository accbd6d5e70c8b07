import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { menus, notifications, roleMenus, roles, sessions, userRoles, users } from "../schema.ts";
import { ABSOLUTE_HOURS, IDLE_MINUTES } from "../../lib/sessions.ts";
import type { NotificationRow } from "../../lib/notifications/frames.ts";

// Issue 23: the reads of the live stream (lib/notifications/) and its upkeep.

const rowColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  recordType: notifications.recordType,
  recordId: notifications.recordId,
  params: notifications.params,
  createdAt: notifications.createdAt,
};

const withinResume = (hours: number) => sql`${notifications.createdAt} > now() - make_interval(hours => ${hours})`;

/** Published notifications by id, of the given people only (those with a stream on this instance), in id order. */
export function notificationsByIds(db: Db, ids: number[], userIds: number[]): Promise<NotificationRow[]> {
  return db
    .select(rowColumns)
    .from(notifications)
    .where(and(inArray(notifications.id, ids), inArray(notifications.userId, userIds)))
    .orderBy(asc(notifications.id));
}

/** A person's notifications after an id, within the resume window, in id order (a resume's replay). */
export function notificationsAfter(db: Db, userId: number, afterId: number, resumeHours: number, limit = 500): Promise<NotificationRow[]> {
  return db
    .select(rowColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId), withinResume(resumeHours)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/** Whether the person has a notification after the id that is older than the resume window (a gap a replay cannot fill). */
export async function missedBeyondWindow(db: Db, userId: number, afterId: number, resumeHours: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId), sql`NOT (${withinResume(resumeHours)})`))
    .limit(1);
  return rows.length > 0;
}

/** The person's newest notification id (where a stream opened without Last-Event-ID starts). */
export async function newestNotificationId(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) }).from(notifications).where(eq(notifications.userId, userId));
  return row?.id ?? 0;
}

/**
 * The sessions still alive, by the rules of resolveSession (lib/sessions.ts) but without sliding
 * their idle expiry (an open stream is not activity of the person), each with the menu and button
 * urls its role grants now; a session whose role grants nothing is not alive.
 */
export async function liveSessionGrants(db: Db, sidHashes: string[]): Promise<Map<string, Set<string>>> {
  if (sidHashes.length === 0) return new Map();
  const held = sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${sessions.userId} AND ${userRoles.roleId} = ${sessions.roleId})`;
  const granted = sql<string[]>`(SELECT coalesce(array_agg(${menus.url}), '{}') FROM ${roleMenus} JOIN ${menus} ON ${menus.id} = ${roleMenus.menuId} WHERE ${roleMenus.roleId} = ${sessions.roleId})`;
  const rows = await db
    .select({ sidHash: sessions.sidHash, urls: granted })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, sessions.roleId))
    .where(
      and(
        inArray(sessions.sidHash, sidHashes),
        isNull(sessions.endedAt),
        eq(users.status, 1),
        eq(roles.status, 1),
        held,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${IDLE_MINUTES})`,
        sql`${sessions.createdAt} > now() - make_interval(hours => ${ABSOLUTE_HOURS})`,
      ),
    );
  return new Map(rows.filter((r) => r.urls.length > 0).map((r) => [r.sidHash, new Set(r.urls)]));
}

/** Deletes notifications older than the days kept (at most `batch` a call, oldest first). */
export async function pruneNotifications(db: Db, keepDays: number, batch = 10_000): Promise<number> {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(lte(notifications.createdAt, sql`now() - make_interval(days => ${keepDays})`))
    .orderBy(asc(notifications.id))
    .limit(batch);
  const gone = await db.delete(notifications).where(inArray(notifications.id, old)).returning({ id: notifications.id });
  return gone.length;
}
