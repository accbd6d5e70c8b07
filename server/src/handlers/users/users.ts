import { and, eq, lt, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { files, sessions, users } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { hashPassword, isStrongPassword, verifyPassword } from "../../lib/passwords.ts";
import { usableRoles, endOtherSessions, signInOf } from "../../lib/sessions.ts";
import { assertNotLocked, clearFailures, recordFailure } from "../../lib/throttle.ts";
import { formatDateTime } from "../../lib/time.ts";
import { fileUrl } from "../../lib/uploads.ts";
import { nextVersion } from "../../lib/versions.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The caller's own account (spec 7.9): avatar, profile, login details, password. The user is
// always the session's, never a request field.

/** The avatar address of a user row (getUserTitle, getUserInfo and queryUser all answer this one). */
export const headIconOf = (u: { headIconFileId: number | null }) => (u.headIconFileId ? fileUrl(u.headIconFileId) : null);

async function profileOf(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const rs = await usableRoles(db, userId);
  return {
    id: u.id,
    userName: u.userName,
    realName: u.realName,
    roleCodes: rs.map((r) => r.roleCode),
    roleNames: rs.map((r) => r.roleName),
    bu: u.bu,
    email: u.email,
    phone: u.phone,
    headIcon: headIconOf(u),
    createTime: formatDateTime(u.createTime),
  };
}

export const userHandlers = {
  /** The file must be the caller's own avatar upload; the previous avatar file is deleted. */
  async saveIcon(req: OpRequest<"saveIcon">) {
    const s = sessionOf(req);
    const { fileId } = req.body;
    await req.server.db.transaction(async (tx) => {
      const [file] = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.ownerUserId, s.userId), eq(files.purpose, "avatar")))
        // Held until the avatar is set: the sweep of unused avatar pictures skips it meanwhile
        // (or, having removed it first, this finds nothing: 404, never a dangling avatar).
        .for("key share");
      if (!file) throw notFound("头像文件", "Avatar file");
      const [before] = await tx.select({ prev: users.headIconFileId }).from(users).where(eq(users.id, s.userId)).for("update");
      await tx.update(users).set({ headIconFileId: fileId }).where(eq(users.id, s.userId));
      if (before?.prev && before.prev !== fileId) await tx.delete(files).where(and(eq(files.id, before.prev), eq(files.purpose, "avatar")));
    });
    return ok({ fileId, headIcon: fileUrl(fileId) });
  },

  async queryUser(req: OpRequest<"queryUser">) {
    return ok(await profileOf(req.server.db, sessionOf(req).userId));
  },

  async queryLogin(req: OpRequest<"queryLogin">) {
    const s = sessionOf(req);
    const { db } = req.server;
    const [u] = await db.select().from(users).where(eq(users.id, s.userId));
    const rs = await usableRoles(db, s.userId);
    const signIn = await signInOf(db, s.sidHash);
    // The previous sign-in is the latest one before this session's (a role change keeps login_at).
    const [previous] = await db
      .select({ at: max(sessions.loginAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, s.userId), lt(sessions.loginAt, signIn.loginAt)));
    return ok({
      id: u.id,
      userName: u.userName,
      status: u.status as 0 | 1,
      roleCode: s.roleCode,
      roleCodes: rs.map((r) => r.roleCode),
      roleNames: rs.map((r) => r.roleName),
      loginType: signIn.loginType,
      lastLoginTime: formatDateTime(previous?.at) ?? null,
      passwordUpdateTime: formatDateTime(u.passwordUpdateTime) ?? null,
      createTime: formatDateTime(u.createTime),
    });
  },

  async updateUser(req: OpRequest<"updateUser">) {
    const s = sessionOf(req);
    const { realName, email, phone } = req.body;
    const set = Object.fromEntries(Object.entries({ realName, email, phone }).filter(([, v]) => v !== undefined));
    // The administrator's user form shows these fields: an edit of it opened before must not undo them (issue 20).
    if (Object.keys(set).length) await req.server.db.update(users).set({ ...set, version: nextVersion(users.version) }).where(eq(users.id, s.userId));
    return ok(await profileOf(req.server.db, s.userId));
  },

  /**
   * Both passwords arrive RSA-encrypted. A wrong old password counts towards the per-user back-off
   * (429 once locked); success ends the user's other sessions and keeps this one.
   */
  async updatepwd(req: OpRequest<"updatepwd">) {
    const s = sessionOf(req);
    const { db, transportKey } = req.server;
    const key = `pwd:${s.userId}`;
    await assertNotLocked(db, [key]);
    const oldPlain = transportKey.decrypt(req.body.oldPassword, "oldPassword");
    const newPlain = transportKey.decrypt(req.body.newPassword, "newPassword");
    if (!isStrongPassword(newPlain))
      throw badRequest("newPassword", "strength", "新密码须为8-64位，且同时包含字母和数字", "The new password must be 8 to 64 characters with both letters and digits");
    const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, s.userId));
    if (!(await verifyPassword(oldPlain, u.passwordHash))) {
      await recordFailure(db, [key]);
      throw badRequest("oldPassword", "wrong", "原密码不正确", "The old password is wrong");
    }
    if (newPlain === oldPlain) throw badRequest("newPassword", "different", "新密码不能与原密码相同", "The new password must differ from the old one");
    await clearFailures(db, key);
    // The user's own password now: an administrator's is no longer in force (issue 21).
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(newPlain), passwordUpdateTime: sql`now()`, mustChangePassword: false })
      .where(eq(users.id, s.userId));
    await endOtherSessions(db, s.userId, s.sidHash);
    return ok(null);
  },
} satisfies TagHandlers<"users">;
