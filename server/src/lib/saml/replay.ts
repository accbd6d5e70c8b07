import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { samlReplays } from "../../db/schema.ts";

/**
 * Records the ids of an accepted SAML response and its assertion. Returns false when any of them
 * was recorded before (a replay). One INSERT ... ON CONFLICT DO NOTHING, so two instances racing
 * with the same response cannot both win.
 */
export async function rememberOnce(db: Db, keys: string[], expiresAt: Date): Promise<boolean> {
  await db.delete(samlReplays).where(lt(samlReplays.expiresAt, sql`now()`));
  const rows = await db
    .insert(samlReplays)
    .values(keys.map((key) => ({ key, expiresAt })))
    .onConflictDoNothing()
    .returning({ key: samlReplays.key });
  return rows.length === keys.length;
}

