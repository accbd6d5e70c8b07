import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
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
/** A key's count starts again after this long without a failure. */
export const QUIET_MINUTES = 60;

/** Back-off: refuses (HTTP 429) while any of the keys is locked. */
export async function assertNotLocked(db: Db, keys: string[]) {
  for (const { locked } of (await stateOf(db, keys)).values()) if (locked) throw tooFrequent();
}

/** Each key's failures within the quiet period (0 when none) and whether it is locked now. */
export async function stateOf(db: Db, keys: string[]): Promise<Map<string, { failures: number; locked: boolean }>> {
  const rows = await db
    .select({
      key: loginThrottle.key,
      failures: sql<number>`CASE WHEN ${loginThrottle.updatedAt} < now() - make_interval(mins => ${QUIET_MINUTES}) THEN 0 ELSE ${loginThrottle.failures} END`,
      locked: sql<boolean>`coalesce(${loginThrottle.lockedUntil} > now(), false)`,
    })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  return new Map(keys.map((key) => [key, rows.find((r) => r.key === key) ?? { failures: 0, locked: false }]));
}

/**
 * One more failure for each key; the counts after it. The count starts again after QUIET_MINUTES
 * without failures (typos spread over weeks add up to nothing); an attacker who keeps trying keeps it.
 */
export async function countFailures(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 1 })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.updatedAt} < now() - make_interval(mins => ${QUIET_MINUTES}) THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ key: loginThrottle.key, failures: loginThrottle.failures });
  return new Map(rows.map((r) => [r.key, r.failures]));
}

/**
 * Counts a failure for each key and, after FREE_FAILURES of them, locks the key for 2^n seconds,
 * at most 15 minutes. Only for keys whose lock nobody but their owner can trigger (a signed-in
 * user's own password check; one account from one client at login, lib/loginBackoff.ts).
 */
export async function recordFailure(db: Db, keys: string[]) {
  for (const [key, failures] of await countFailures(db, keys)) {
    if (failures < FREE_FAILURES) continue;
    const ms = Math.min(MAX_LOCK_MS, 1000 * 2 ** (failures - FREE_FAILURES));
    await db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() + ms) }).where(eq(loginThrottle.key, key));
  }
}

/**
 * The same back-off, counted before the password is checked (login, lib/loginBackoff.ts): the
 * attempt counts as a failure at once and takes the lock with it, in one statement that skips a
 * locked row. Parallel attempts are counted one after the other (PostgreSQL re-checks the lock on
 * the row another attempt just changed), so a burst cannot pass the lock before the first failure
 * is written. False when the key is locked (nothing counted). A success clears the key.
 */
export async function takeAttempt(db: Db, key: string): Promise<boolean> {
  await db.insert(loginThrottle).values({ key, failures: 0 }).onConflictDoNothing();
  const next = sql`(CASE WHEN ${loginThrottle.updatedAt} < now() - make_interval(mins => ${QUIET_MINUTES}) THEN 1 ELSE ${loginThrottle.failures} + 1 END)`;
  const taken = await db
    .update(loginThrottle)
    .set({
      failures: next,
      updatedAt: sql`now()`,
      lockedUntil: sql`CASE WHEN ${next} >= ${FREE_FAILURES} THEN now() + make_interval(secs => least(${MAX_LOCK_MS / 1000}::float8, power(2, ${next} - ${FREE_FAILURES}))) END`,
    })
    .where(and(eq(loginThrottle.key, key), or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, sql`now()`))))
    .returning({ key: loginThrottle.key });
  return taken.length > 0;
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
