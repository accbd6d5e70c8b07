import { formatDateTime } from "../time.ts";

// Issue 23: the text of the stream's events (Server-Sent Events: `event:`, `id:`, one `data:` line
// of JSON, a blank line). The JSON never holds a line break: JSON.stringify escapes them.

export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  recordType: string;
  recordId: number | null;
  params: Record<string, unknown>;
  createdAt: Date;
}

/** The notification as the client gets it, in the stream and in the list (readAt aside). */
export const notificationEvent = (r: NotificationRow) => ({
  id: r.id,
  kind: r.kind,
  record: { type: r.recordType, id: r.recordId },
  params: r.params,
  createdAt: formatDateTime(r.createdAt)!,
});

export const notificationFrame = (r: NotificationRow) => `event: notification\nid: ${r.id}\ndata: ${JSON.stringify(notificationEvent(r))}\n\n`;

/** A count event: no id (it is never replayed; a reconnecting client reads the figures again). */
export const countsFrame = (kind: string, counts: Record<string, number>) =>
  `event: counts\ndata: ${JSON.stringify({ id: null, kind, record: null, params: {}, createdAt: formatDateTime(new Date()), counts })}\n\n`;

export const resetFrame = () => `event: reset\ndata: ${JSON.stringify({ reason: "resumeWindow" })}\n\n`;
export const readyFrame = (lastEventId: number | null) => `event: ready\ndata: ${JSON.stringify({ lastEventId })}\n\n`;
export const heartbeatFrame = () => `: heartbeat\n\n`;
