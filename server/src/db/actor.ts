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
 * Sets the actor on a client just checked out, before its user sends anything (one round trip, only
 * for checkouts by a write of a signed-in request or by a client that carried an actor before).
 * A client whose settings cannot be made is released as broken and the checkout fails.
 */
async function prepare(client: pg.PoolClient, actor: Actor | undefined): Promise<void> {
  if (actor) {
    marked.add(client);
    await client.query(SET, [actor.userId === null ? "" : String(actor.userId), actor.name, actor.operation ?? "", actor.reason ?? ""]);
  } else if (marked.has(client)) {
    marked.delete(client);
    await client.query(SET, ["", "", "", ""]);
  }
}

type Done = (release?: unknown) => void;
type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: Done) => void;

/** Makes the pool's checkouts carry the actor of the async context that asked for them. */
export function attachActor(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (cb?: Callback) => unknown;
  const checkout = async (actor: Actor | undefined): Promise<pg.PoolClient> => {
    const client = (await connect()) as pg.PoolClient;
    try {
      await prepare(client, actor);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  };
  (pool as unknown as { connect: unknown }).connect = (cb?: Callback) => {
    // The actor of the caller's context, read now (a callback may run in another one).
    const actor = store.getStore();
    // pool.query calls this.connect with a callback; drizzle's transactions await the promise.
    if (!cb) return checkout(actor);
    checkout(actor).then(
      (client) => cb(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => cb(err),
    );
    return undefined;
  };
  return pool;
}
