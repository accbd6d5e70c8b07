import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

/**
 * Who is changing the database (issue 24): the audit trail's triggers (migration 0017) read the
 * connection's portal.actor_id, portal.actor_name, portal.operation and portal.reason. The route
 * wrapper runs every write of a signed-in person inside runAsActor; each connection checked out of
 * the pool in that context gets those settings first, and loses them on its next checkout outside
 * one. So every path that writes a regulated record names its person without passing it along,
 * and a change made outside the product (psql, a script) is entered as db:<database user>.
 */
export interface Actor {
  userId: number | null;
  name: string;
  operation: string | null;
  /** Why, where the action asks for a reason (setActorReason before the write). */
  reason?: string | null;
}

const store = new AsyncLocalStorage<Actor>();

export const runAsActor = <T>(actor: Actor, fn: () => T): T => store.run({ ...actor }, fn);

export const currentActor = (): Actor | undefined => store.getStore();

/** Gives the writes that follow in this request a reason (call it before the transaction starts). */
export function setActorReason(reason: string | null | undefined) {
  const actor = store.getStore();
  if (actor) actor.reason = reason ?? null;
}

const SET =
  "SELECT set_config('portal.actor_id', $1, false), set_config('portal.actor_name', $2, false), set_config('portal.operation', $3, false), set_config('portal.reason', $4, false)";
const marked = new WeakSet<pg.PoolClient>();

/**
 * Queues the settings on a client just checked out, before anything its user sends: node-postgres
 * runs a client's queries in the order they were queued, so no await is needed.
 */
function prepare(client: pg.PoolClient, actor: Actor | undefined) {
  if (actor) {
    marked.add(client);
    client.query(SET, [actor.userId === null ? "" : String(actor.userId), actor.name, actor.operation ?? "", actor.reason ?? ""]).catch(() => {});
  } else if (marked.has(client)) {
    marked.delete(client);
    client.query(SET, ["", "", "", ""]).catch(() => {});
  }
}

/** Makes the pool's checkouts carry the actor of the async context that asked for them. */
export function attachActor(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => unknown;
  (pool as unknown as { connect: unknown }).connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
    // pool.query calls this.connect with a callback; drizzle's transactions await the promise.
    const actor = store.getStore();
    if (cb)
      return connect((err, client, done) => {
        if (!err && client) prepare(client, actor);
        cb(err, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      prepare(client, actor);
      return client;
    });
  };
  return pool;
}
