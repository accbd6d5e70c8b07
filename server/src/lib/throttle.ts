import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginThrottle, rateCounters } from "../db/schema.ts";
import { tooFrequent } from "./errors.ts";

/**
 * Fixed-window counter in the database (shared by every instance): more than `limit` calls of
 * `key` in `windowMs` answers HTTP 429, code 403.
 */
export async function rateLimit(db: Db, key: string, limit: number, windowMs: number) {
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${rateCounters.windowStart} = ${windowStart} THEN ${rateCounters.count} + 1 ELSE 1 END`,
        windowStart,
      },
    })
    .returning({ count: rateCounters.count });
  if (row.count > limit) throw tooFrequent();
}

const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60 * 1000;
const QUIET_MINUTES = 60;

/** Login back-off: refuses while any of the keys (account, client) is locked. */
export async function assertNotLocked(db: Db, keys: string[]) {
  for (const key of keys) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) throw tooFrequent();
  }
}

/**
 * After FREE_FAILURES failures each further one locks the key for 2^n seconds, at most 15 minutes.
 * The count starts again after an hour without failures (a shared client address, an office behind
 * one NAT, is not locked for good by typos spread over weeks); an attacker who keeps trying keeps it.
 */
export async function recordFailure(db: Db, keys: string[]) {
  for (const key of keys) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.updatedAt} < now() - make_interval(mins => ${QUIET_MINUTES}) THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    if (row.failures >= FREE_FAILURES) {
      const ms = Math.min(MAX_LOCK_MS, 1000 * 2 ** (row.failures - FREE_FAILURES));
      await db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() + ms) }).where(eq(loginThrottle.key, key));
    }
  }
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
