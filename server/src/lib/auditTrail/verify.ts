import type pg from "pg";
import { verifyChain, type ChainReport } from "./chain.ts";

// Issue 24: the verification the screen and `npm run audit:verify` run. The whole trail is read in
// one REPEATABLE READ, READ ONLY transaction: one snapshot, so entries committed while it reads do
// not make a moving end, and plain MVCC reads, so no writer of a regulated record waits for it
// (writers serialise on an advisory lock the reader never takes). It reads in batches by seq (the
// primary key), so memory stays flat however long the trail is.

// Verifications asked for while one runs on the same pool share it (100,000 entries take seconds:
// a second administrator opening the screen meanwhile waits for the same answer, not a second read).
const running = new WeakMap<pg.Pool, Promise<ChainReport>>();

/** The verification of the whole trail; joins the one under way on this pool, if any. */
export function verifyTrailShared(pool: pg.Pool): Promise<ChainReport> {
  let run = running.get(pool);
  if (!run) {
    run = verifyTrail(pool).finally(() => running.delete(pool));
    running.set(pool, run);
  }
  return run;
}

export async function verifyTrail(pool: pg.Pool): Promise<ChainReport> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      return await verifyChain(client);
    } finally {
      await client.query("ROLLBACK");
    }
  } finally {
    client.release();
  }
}
