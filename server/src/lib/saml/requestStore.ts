import type { CacheItem, CacheProvider } from "@node-saml/node-saml";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { samlRequests } from "../../db/schema.ts";

/** How long a sent AuthnRequest may be answered (the user picks an account at the IdP meanwhile). */
export const REQUEST_TTL_MS = 15 * 60_000;

/**
 * node-saml's InResponseTo cache in PostgreSQL (never process memory): saveAsync when an
 * AuthnRequest is made, getAsync when a response names it, removeAsync once it is answered.
 */
export class PgRequestStore implements CacheProvider {
  constructor(private db: Db, private ttlMs = REQUEST_TTL_MS) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    await this.db.delete(samlRequests).where(lt(samlRequests.expiresAt, sql`now()`));
    const [row] = await this.db
      .insert(samlRequests)
      .values({ id: key, value, expiresAt: new Date(Date.now() + this.ttlMs) })
      .onConflictDoNothing()
      .returning();
    return row ? { value: row.value, createdAt: row.createdAt.getTime() } : null;
  }

  async getAsync(key: string): Promise<string | null> {
    if (!key || key.length > 100) return null;
    const [row] = await this.db
      .select({ value: samlRequests.value })
      .from(samlRequests)
      .where(and(eq(samlRequests.id, key), gt(samlRequests.expiresAt, sql`now()`)));
    return row?.value ?? null;
  }

  /**
   * Removes a pending request and answers whether it was pending (not expired): one statement, so
   * of two responses racing for one request only one can have it.
   */
  async takeAsync(key: string): Promise<boolean> {
    if (!key || key.length > 100) return false;
    const rows = await this.db
      .delete(samlRequests)
      .where(and(eq(samlRequests.id, key), gt(samlRequests.expiresAt, sql`now()`)))
      .returning({ id: samlRequests.id });
    return rows.length === 1;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key || key.length > 100) return null;
    const [row] = await this.db.delete(samlRequests).where(eq(samlRequests.id, key)).returning({ value: samlRequests.value });
    return row?.value ?? null;
  }
}
