import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError } from "./errors.ts";

// Uploads nobody uses (issue 20: avatars uploaded and never set were kept without limit, about
// 150 MB a minute per user). Two measures, both in the database so every instance agrees:
//
// - A per-user quota on the bytes of the user's *unused* uploads: an avatar picture that is not
//   their avatar, a general file attached to no policy, a policy picture uploaded in the last day
//   (whether a picture is shown is only known by reading every policy's content; a picture is
//   placed in the editor right after its upload, so after a day it is taken as placed). Uploads
//   in use never count, so an editor's published attachments never fill anyone's quota.
// - Avatar pictures never set as an avatar are removed a day after their upload, by a sweep every
//   hour that one instance at a time runs (an advisory lock). The bytes live in the file's row
//   (ARCHITECTURE 5), so removing the row removes the file: they can never disagree.

const MB = 1024 * 1024;
/** Bytes of unused uploads one user may hold: six 30 MB attachments waiting for their policy, or forty 5 MB avatar pictures. */
export const UNUSED_UPLOAD_QUOTA_BYTES = 200 * MB;
/** An avatar picture not set as the avatar this long after its upload is removed. */
export const UNUSED_AVATAR_HOURS = 24;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** pg_advisory_xact_lock key of the sweep (migrations use 727001). */
const SWEEP_LOCK = 727002;
/** Serialises one user's uploads, so two at once cannot both fit under the quota. */
const QUOTA_LOCK_SPACE = 727003;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const quotaReached = () =>
  new ApiError(
    413,
    413,
    `上传空间已满：您尚未使用的上传文件共计不得超过${UNUSED_UPLOAD_QUOTA_BYTES / MB}MB（未设为头像的头像图片一天后自动删除）`,
    `Upload quota reached: your unused uploads may take at most ${UNUSED_UPLOAD_QUOTA_BYTES / MB} MB (avatar pictures not set as your avatar are removed after a day)`,
  );

/** The bytes of a user's uploads that nothing uses (see above). */
export async function unusedUploadBytes(db: Db | Tx, userId: number): Promise<number> {
  const { rows } = await db.execute<{ bytes: string }>(sql`
    SELECT coalesce(sum(f.size), 0)::bigint AS bytes FROM sys_file f
    WHERE f.owner_user_id = ${userId} AND (
      (f.purpose = 'avatar' AND f.id IS DISTINCT FROM (SELECT u.head_icon_file_id FROM sys_user u WHERE u.id = ${userId}))
      OR (f.purpose = 'file' AND NOT EXISTS (SELECT 1 FROM bsc_policy_attachment a WHERE a.file_id = f.id))
      OR (f.purpose = 'picture' AND f.create_time > now() - make_interval(hours => ${UNUSED_AVATAR_HOURS})))`);
  return Number(rows[0].bytes);
}

/** Refuses (413) before the body is read when the user's unused uploads already fill the quota. */
export async function assertQuotaLeft(db: Db, userId: number): Promise<void> {
  if ((await unusedUploadBytes(db, userId)) >= UNUSED_UPLOAD_QUOTA_BYTES) throw quotaReached();
}

/**
 * Runs `store` (the insert of a new upload of `bytes`) only when it fits the quota; one user's
 * uploads are checked and stored one at a time (a transaction-scoped advisory lock on the user).
 */
export async function withinQuota<T>(db: Db, userId: number, bytes: number, store: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}, ${userId})`);
    if ((await unusedUploadBytes(tx, userId)) + bytes > UNUSED_UPLOAD_QUOTA_BYTES) throw quotaReached();
    return store(tx);
  });
}

/**
 * Removes avatar pictures that are not their owner's avatar UNUSED_AVATAR_HOURS after upload; one
 * instance at a time (the others skip). saveIcon reads its file FOR KEY SHARE: a picture being
 * set is skipped here, and one removed here is "not found" there. The owner's row is locked too
 * (FOR SHARE), so an avatar set after this statement began is seen set (PostgreSQL re-checks a
 * locked row that changed), never removed under the person. Answers how many were removed, or
 * null when another instance held the lock.
 */
export async function sweepUnusedAvatars(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS locked`);
    if (!rows[0].locked) return null;
    const removed = await tx.execute(sql`
      DELETE FROM sys_file WHERE id IN (
        SELECT f.id FROM sys_file f JOIN sys_user u ON u.id = f.owner_user_id
        WHERE f.purpose = 'avatar' AND f.create_time < now() - make_interval(hours => ${UNUSED_AVATAR_HOURS})
          AND u.head_icon_file_id IS DISTINCT FROM f.id
        FOR UPDATE OF f SKIP LOCKED FOR SHARE OF u SKIP LOCKED)`);
    return removed.rowCount ?? 0;
  });
}
