import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { liveSessionGrants, notificationsAfter, notificationsByIds, pruneNotifications } from "../../db/queries/notifications.ts";
import { countsFrame } from "./frames.ts";
import { send, type StreamHub } from "./hub.ts";
import { CHANNEL, type ChannelMessage } from "./outbox.ts";

// Issue 23: each instance holds one dedicated connection (outside the pool) that LISTENs on the
// channel every write publishes on, so every instance sharing the database hears every event and
// hands it to its own streams (hub.ts). Messages are handled one after the other, in the order the
// database delivered them (commit order), so a person's events reach a stream in id order.
//
// A lost connection is opened again with back-off; what was committed meanwhile is read from the
// table for every open stream (from the last id each one sent), and every stream's session is checked
// again, so a gap in the connection is no gap in the stream.

export interface ListenerOptions {
  databaseUrl: string;
  db: Db;
  hub: StreamHub;
  log: FastifyBaseLogger;
  resumeHours: number;
  keepDays: number;
  sessionCheckSeconds: number;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;
const PRUNE_EVERY_MS = 3600_000;

export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  /** Connected and listening (tests and /healthz-style checks may read it). */
  listening = false;

  constructor(private o: ListenerOptions) {}

  async start() {
    await this.connect(false);
    const check = setInterval(() => this.enqueue(() => this.checkSessions()), this.o.sessionCheckSeconds * 1000);
    const prune = setInterval(() => this.enqueue(() => this.prune()), PRUNE_EVERY_MS);
    check.unref();
    prune.unref();
    this.timers.push(check, prune);
    this.enqueue(() => this.prune());
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => {});
    await this.queue.catch(() => {});
  }

  private async connect(catchUp: boolean) {
    const client = new pg.Client({ connectionString: this.o.databaseUrl, connectionTimeoutMillis: 10_000 });
    client.on("notification", (m) => {
      if (m.channel !== CHANNEL || !m.payload) return;
      let message: ChannelMessage;
      try {
        message = JSON.parse(m.payload) as ChannelMessage;
      } catch {
        return;
      }
      this.enqueue(() => this.handle(message));
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      client.end().catch(() => {});
      this.o.log.warn("notification listener lost its database connection; reconnecting");
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      if (!catchUp) throw e; // at start, a database that does not answer stops the start like any other
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.retryMs = FIRST_RETRY_MS;
    if (catchUp) {
      this.o.log.info("notification listener connected again; catching up the open streams");
      this.enqueue(() => this.catchUp());
      this.enqueue(() => this.checkSessions());
    }
  }

  private scheduleReconnect() {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) void this.connect(true);
    }, wait);
    this.retryTimer.unref();
  }

  /** Runs work after what came before it (commit order), never failing the chain. */
  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(work).catch((e) => this.o.log.error({ err: e }, "notification listener: a message could not be handled"));
  }

  private async handle(m: ChannelMessage) {
    const { hub } = this.o;
    if (hub.size === 0) return;
    switch (m.t) {
      case "n": {
        const users = hub.users();
        const rows = await notificationsByIds(this.o.db, m.ids, users);
        for (const row of rows) hub.deliver(row);
        return;
      }
      case "c":
        hub.broadcast(countsFrame(m.kind, m.counts), m.u !== undefined ? { userId: m.u } : { permission: m.perm });
        return;
      case "s":
        hub.endSession(m.sid);
        return;
      case "u":
        await this.checkSessions(m.u);
        return;
    }
  }

  /**
   * Ends the streams whose session is no longer alive (of one person, or all), and gives the others
   * their role's grants as they are now (who receives the moderation counts follows a role edit).
   */
  private async checkSessions(userId?: number) {
    const streams = this.o.hub.streams().filter((s) => userId === undefined || s.userId === userId);
    for (let i = 0; i < streams.length; i += 1000) {
      const chunk = streams.slice(i, i + 1000);
      const live = await liveSessionGrants(this.o.db, [...new Set(chunk.map((s) => s.sidHash))]);
      for (const s of chunk) {
        const grants = live.get(s.sidHash);
        if (grants) s.permissions = grants;
        else s.end();
      }
    }
  }

  /** After a lost connection: what each open stream missed, from the table. */
  private async catchUp() {
    for (const s of this.o.hub.streams()) {
      if (s.held) continue; // still replaying: its own replay reads the table after this point
      for (const row of await notificationsAfter(this.o.db, s.userId, s.lastSentId, this.o.resumeHours)) send(s, row);
    }
  }

  private async prune() {
    const gone = await pruneNotifications(this.o.db, this.o.keepDays);
    if (gone > 0) this.o.log.info({ gone }, "old notifications deleted");
  }
}
