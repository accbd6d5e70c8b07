import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notificationPreferences, notifications } from "../../db/schema.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { notificationEvent } from "../../lib/notifications/frames.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../lib/notifications/kinds.ts";
import { formatDateTime } from "../../lib/time.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { OpRequest, TagHandlers } from "../types.ts";
import { notificationStream } from "./stream.ts";

// Issue 23: the caller's own notifications (never another's: every query is bound to the session's
// user, and no operation takes a userId), the unread count, marking read, and the kinds received.

const NOT_FOUND = ["通知", "Notification"] as const;

type RecordType = "task" | "talkShow" | "privacyPolicy" | "user";

async function mutedKinds(req: OpRequest<"getNotificationPreference" | "updateNotificationPreference">): Promise<string[]> {
  const [row] = await req.server.db
    .select({ muted: notificationPreferences.mutedKinds })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, sessionOf(req).userId));
  return row?.muted ?? [];
}

const preferenceOf = (muted: string[]) => ({ kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: !muted.includes(kind) })) });

export const notificationHandlers = {
  notificationStream,

  async getNotificationPage(req: OpRequest<"getNotificationPage">) {
    const { db } = req.server;
    const me = sessionOf(req).userId;
    const page = req.body.page ?? 1;
    const pageSize = req.body.pageSize ?? 10;
    const where = and(eq(notifications.userId, me), req.body.unreadOnly ? isNull(notifications.readAt) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(pageSize).offset((page - 1) * pageSize),
      db.select({ total: count() }).from(notifications).where(where),
    ]);
    const records = rows.map((r) => {
      const e = notificationEvent(r);
      return { ...e, kind: e.kind as NotificationKind, record: { type: e.record.type as RecordType, id: e.record.id }, readAt: formatDateTime(r.readAt) ?? null };
    });
    return paged(records, total, page, pageSize);
  },

  async getNotificationUnreadCount(req: OpRequest<"getNotificationUnreadCount">) {
    const [{ n }] = await req.server.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sessionOf(req).userId), isNull(notifications.readAt)));
    return ok(n);
  },

  /** Another person's id answers 404 like an unknown one. */
  async readNotification(req: OpRequest<"readNotification">) {
    const { db } = req.server;
    const me = sessionOf(req).userId;
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, req.body.id), eq(notifications.userId, me)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(...NOT_FOUND);
    return ok(row.id);
  },

  async readAllNotifications(req: OpRequest<"readAllNotifications">) {
    const done = await req.server.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, sessionOf(req).userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return ok(done.length);
  },

  async getNotificationPreference(req: OpRequest<"getNotificationPreference">) {
    return ok(preferenceOf(await mutedKinds(req)));
  },

  /** The kinds listed take their setting; the others keep theirs. */
  async updateNotificationPreference(req: OpRequest<"updateNotificationPreference">) {
    const me = sessionOf(req).userId;
    const muted = new Set(await mutedKinds(req));
    for (const { kind, enabled } of req.body.kinds) {
      if (enabled) muted.delete(kind);
      else muted.add(kind);
    }
    const list = NOTIFICATION_KINDS.filter((k) => muted.has(k));
    await req.server.db
      .insert(notificationPreferences)
      .values({ userId: me, mutedKinds: list })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { mutedKinds: list, updatedAt: sql`now()` } });
    return ok(preferenceOf(list));
  },
} satisfies TagHandlers<"notifications">;
