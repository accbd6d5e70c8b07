import { permitted } from "../../plugins/security.ts";
import { notificationFrame, type NotificationRow } from "./frames.ts";

// Issue 23: this instance's open streams, in memory, by person and by session. The listener
// (listener.ts) hands it what the database published; it writes each event to the streams it
// concerns. A stream is removed when it closes for any reason, so nothing is kept for a gone client.

export interface OpenStream {
  userId: number;
  sidHash: string;
  permissions: ReadonlySet<string>;
  /** The highest notification id this stream has sent (nothing at or below it is sent again). */
  lastSentId: number;
  /** While the stream replays what it missed, live notifications wait here (sent after, in order). */
  held: NotificationRow[] | null;
  write(frame: string): void;
  /** Ends the stream (the session ended, the server stops); idempotent. */
  end(): void;
}

export type CapRefusal = "user" | "instance" | null;

export class StreamHub {
  private byUser = new Map<number, Set<OpenStream>>();
  private bySid = new Map<string, Set<OpenStream>>();
  private count = 0;

  constructor(private limits: { streamsPerUser: number; streamsPerInstance: number }) {}

  get size() {
    return this.count;
  }

  /** The people with a stream here (the listener reads only their notifications). */
  users(): number[] {
    return [...this.byUser.keys()];
  }

  streams(): OpenStream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** Which cap a new stream of the person would break, if any. */
  refusal(userId: number): CapRefusal {
    if (this.count >= this.limits.streamsPerInstance) return "instance";
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.streamsPerUser) return "user";
    return null;
  }

  add(s: OpenStream) {
    add(this.byUser, s.userId, s);
    add(this.bySid, s.sidHash, s);
    this.count++;
  }

  remove(s: OpenStream) {
    if (!this.byUser.get(s.userId)?.has(s)) return;
    drop(this.byUser, s.userId, s);
    drop(this.bySid, s.sidHash, s);
    this.count--;
  }

  /** A committed notification: to its person's streams that have not sent it yet. */
  deliver(row: NotificationRow) {
    for (const s of this.byUser.get(row.userId) ?? []) {
      if (s.held) s.held.push(row);
      else send(s, row);
    }
  }

  /** A frame to one person's streams, or to every stream whose role grants a permission. */
  broadcast(frame: string, to: { userId?: number; permission?: string }) {
    if (to.userId !== undefined) for (const s of this.byUser.get(to.userId) ?? []) s.write(frame);
    else if (to.permission !== undefined) for (const s of this.streams()) if (permitted(s.permissions, to.permission)) s.write(frame);
  }

  /** Ends every stream of a session (it ended). */
  endSession(sidHash: string) {
    for (const s of [...(this.bySid.get(sidHash) ?? [])]) s.end();
  }

  /** Ends every stream (the server stops). */
  endAll() {
    for (const s of this.streams()) s.end();
  }
}

/** Writes a notification once, in order: never one at or below what the stream already sent. */
export function send(s: OpenStream, row: NotificationRow) {
  if (row.id <= s.lastSentId) return;
  s.lastSentId = row.id;
  s.write(notificationFrame(row));
}

function add<K>(map: Map<K, Set<OpenStream>>, key: K, s: OpenStream) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(s);
}

function drop<K>(map: Map<K, Set<OpenStream>>, key: K, s: OpenStream) {
  const set = map.get(key);
  set?.delete(s);
  if (set && set.size === 0) map.delete(key);
}
