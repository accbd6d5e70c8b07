import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "./schema.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";
import { attachActor } from "./actor.ts";

export type Db = NodePgDatabase<typeof schema>;
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails
 * as "database unreachable" (HTTP 503) instead of hanging until the client gives up. Far above
 * any wait under load here (the log-in wave's p99 is under a second).
 */
const CONNECT_TIMEOUT_MS = 10_000;

export function connect(url: string, max = 20) {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on("error", () => {}); // a dropped idle connection is replaced on the next query
  // A connection that dies while checked out (a transaction under way when the database is killed
  // or restarted) emits "error" on its client, and the pool listens only to idle ones: without
  // this the process would crash on an unhandled "error" event. The query under way fails anyway
  // (503), and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  attachActor(pool); // the audit trail's "who" (issue 24)
  const db = drizzle(pool, { schema });
  return { pool, db };
}

/** Applies the SQL migrations (drizzle-kit) not yet applied; safe to run from several instances. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect(); // one connection: the advisory lock belongs to it
  try {
    await client.query("SELECT pg_advisory_lock(727001)");
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727001)").catch(() => {});
    client.release();
  }
}

/** The address of a database for a log line: the password never appears (ARCHITECTURE 4). */
export function safeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "the database in DATABASE_URL"; // not a URL (a key=value string, say): show nothing of it
  }
}

export interface WaitOptions {
  /** How long to keep trying (DATABASE_WAIT_SECONDS). */
  seconds: number;
  log: (message: string) => void;
  /** First pause between tries; it doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Thrown when the database did not answer in time, or refused us for a reason waiting cannot fix. */
export class DatabaseWaitError extends Error {}

/**
 * Waits for an external database (DATABASE_URL) at start: a database that is not up yet (a
 * container starting beside this one, a failover) is tried again with back-off for `seconds`,
 * each try logged; one that refuses us for another reason (wrong password, no such database) is
 * not waited for. Throws DatabaseWaitError with a message for the operator.
 */
export async function waitForDatabase(url: string, { seconds, log, firstDelayMs = 500, maxDelayMs = 5000 }: WaitOptions): Promise<void> {
  const where = safeDatabaseUrl(url);
  const deadline = Date.now() + seconds * 1000;
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, Math.max(1000, seconds * 1000)) });
    client.on("error", () => {}); // a connection cut after the try is not this loop's concern
    try {
      await client.connect();
      await client.query("SELECT 1");
      if (attempt > 1) log(`The database at ${where} answers (try ${attempt}).`);
      return;
    } catch (e) {
      const reason = (e as Error).message || String((e as { code?: string }).code ?? e);
      if (!isDatabaseUnavailable(e)) throw new DatabaseWaitError(`The database at ${where} refused the connection: ${reason}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new DatabaseWaitError(
          `The database at ${where} did not answer within ${seconds} s (DATABASE_WAIT_SECONDS; ${attempt} tries): ${reason}`,
        );
      const pause = Math.min(delay, left);
      log(`Waiting for the database at ${where}: try ${attempt} failed (${reason}); next try in ${(pause / 1000).toFixed(1)} s.`);
      await new Promise((r) => setTimeout(r, pause));
      delay = Math.min(delay * 2, maxDelayMs);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
