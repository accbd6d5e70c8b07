import type { FastifyReply } from "fastify";
import { missedBeyondWindow, newestNotificationId, notificationsAfter } from "../../db/queries/notifications.ts";
import { badRequest, tooManyStreams } from "../../lib/errors.ts";
import { heartbeatFrame, readyFrame, resetFrame } from "../../lib/notifications/frames.ts";
import { send, type OpenStream } from "../../lib/notifications/hub.ts";
import { API_CSP, BASE_HEADERS } from "../../plugins/headers.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { OpRequest } from "../types.ts";

// Issue 23: the caller's live events as Server-Sent Events. The answer is written on the raw
// response (hijacked): no serializer, no compression (plugins/compression.ts only ever touches whole
// JSON answers, and a hijacked reply skips every onSend hook), and headers that keep every proxy
// from buffering or transforming it. The stream is registered in the hub before its replay is read,
// and live events wait while the replay is sent, so nothing falls between the two.

const HEADERS = {
  ...BASE_HEADERS,
  "content-security-policy": API_CSP,
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

export async function notificationStream(req: OpRequest<"notificationStream">, reply: FastifyReply): Promise<FastifyReply> {
  const session = sessionOf(req);
  const { hub } = req.server.notifications;
  const c = req.server.config.notifications;
  const header = req.headers["last-event-id"];
  const lastEventId = typeof header === "string" && header !== "" ? Number(header) : null;
  if (lastEventId !== null && !Number.isSafeInteger(lastEventId))
    throw badRequest("Last-Event-ID", "format", "Last-Event-ID 不是有效的事件编号", "Last-Event-ID is not an event id");
  const refusal = hub.refusal(session.userId);
  if (refusal) throw tooManyStreams(refusal);

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, HEADERS);
  res.flushHeaders();

  let heartbeat: NodeJS.Timeout | undefined;
  let ended = false;
  const stream: OpenStream = {
    userId: session.userId,
    sidHash: session.sidHash,
    permissions: session.permissions,
    lastSentId: 0,
    held: [],
    write(frame) {
      if (!ended) res.write(frame);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      hub.remove(stream);
      res.end();
    },
  };
  // A client that goes away (a closed tab, a dropped connection) leaves nothing behind.
  res.on("close", () => stream.end());
  res.on("error", () => stream.end());
  hub.add(stream);
  heartbeat = setInterval(() => stream.write(heartbeatFrame()), c.heartbeatSeconds * 1000);
  heartbeat.unref();

  try {
    const db = req.server.db;
    if (lastEventId === null) {
      // A first connection starts from now: the lists are read through their own calls.
      stream.lastSentId = await newestNotificationId(db, session.userId);
    } else {
      stream.lastSentId = lastEventId;
      if (await missedBeyondWindow(db, session.userId, lastEventId, c.resumeHours)) stream.write(resetFrame());
      // Replayed in pages until caught up, in id order.
      for (;;) {
        const rows = await notificationsAfter(db, session.userId, stream.lastSentId, c.resumeHours);
        for (const row of rows) send(stream, row);
        if (rows.length < 500) break;
      }
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const row of held) send(stream, row);
    stream.write(readyFrame(stream.lastSentId || null));
  } catch (e) {
    req.log.error({ err: e }, "notification stream: the replay failed");
    stream.end();
  }
  return reply;
}
