import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { searchHistories } from "../db/schema.ts";

// One list of recent searches per user (decided for issue 6): the top-bar search and the help
// centre's search both add to it, getSearchHistoryList reads it. A keyword searched again moves
// to the top; only the newest KEEP are kept.

export const SEARCH_SCOPE = "search";
export const SEARCH_HISTORY_KEEP = 20;

/** Records that the user searched `keyword` (trimmed; empty text is not recorded). */
export async function recordSearch(db: Db, userId: number, keyword: string): Promise<void> {
  const text = keyword.trim().slice(0, 100);
  if (!text) return;
  await db
    .insert(searchHistories)
    .values({ userId, scope: SEARCH_SCOPE, keyword: text })
    .onConflictDoUpdate({
      target: [searchHistories.userId, searchHistories.scope, searchHistories.keyword],
      set: { createTime: sql`now()` },
    });
  const keep = db
    .select({ id: searchHistories.id })
    .from(searchHistories)
    .where(and(eq(searchHistories.userId, userId), eq(searchHistories.scope, SEARCH_SCOPE)))
    .orderBy(desc(searchHistories.createTime), desc(searchHistories.id))
    .limit(SEARCH_HISTORY_KEEP);
  await db
    .delete(searchHistories)
    .where(and(eq(searchHistories.userId, userId), eq(searchHistories.scope, SEARCH_SCOPE), notInArray(searchHistories.id, keep)));
}

/** The user's recent searches, newest first. */
export function recentSearches(db: Db, userId: number) {
  return db
    .select({ id: searchHistories.id, keyword: searchHistories.keyword, createTime: searchHistories.createTime })
    .from(searchHistories)
    .where(and(eq(searchHistories.userId, userId), eq(searchHistories.scope, SEARCH_SCOPE)))
    .orderBy(desc(searchHistories.createTime), desc(searchHistories.id))
    .limit(SEARCH_HISTORY_KEEP);
}
