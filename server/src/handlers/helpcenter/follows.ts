import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { folderFollows, folders } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { OpRequest, TagHandlers } from "../types.ts";

// Issue 23: the folders a person follows in the help centre (the caller's own only; a published
// policy change in one of them or below tells them, lib/notifications/policies.ts).

async function followedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: folderFollows.folderId }).from(folderFollows).where(eq(folderFollows.userId, userId)).orderBy(asc(folderFollows.folderId));
  return rows.map((r) => r.id);
}

export const folderFollowHandlers = {
  async getFollowedFolders(req: OpRequest<"getFollowedFolders">) {
    return ok(await followedBy(req.server.db, sessionOf(req).userId));
  },

  /** Idempotent: following a followed folder, or unfollowing one not followed, changes nothing. */
  async followFolder(req: OpRequest<"followFolder">) {
    const db = req.server.db;
    const me = sessionOf(req).userId;
    const { folderId, follow } = req.body;
    if (follow) {
      const [folder] = await db.select({ id: folders.id }).from(folders).where(eq(folders.id, folderId));
      if (!folder) throw notFound("文件夹", "Folder");
      try {
        await db.insert(folderFollows).values({ userId: me, folderId }).onConflictDoNothing();
      } catch (e) {
        // the folder was deleted between the check and the insert (a foreign-key violation)
        if ((e as { code?: string })?.code === "23503" || (e as { cause?: { code?: string } })?.cause?.code === "23503") throw notFound("文件夹", "Folder");
        throw e;
      }
    } else {
      const gone = await db.delete(folderFollows).where(and(eq(folderFollows.userId, me), eq(folderFollows.folderId, folderId))).returning({ id: folderFollows.folderId });
      if (!gone.length) {
        const [folder] = await db.select({ id: folders.id }).from(folders).where(eq(folders.id, folderId));
        if (!folder) throw notFound("文件夹", "Folder");
      }
    }
    return ok(await followedBy(db, me));
  },
} satisfies TagHandlers<"helpcenter">;
