import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import pkg from "../../../../package.json" with { type: "json" };
import { personalStatusRecords, privacyPolicies, roleMenus, roles, users } from "../../db/schema.ts";
import { captchaRequired, consumeCaptcha, createCaptcha } from "../../lib/captcha.ts";
import { ok } from "../../lib/envelope.ts";
import { ApiError, badRequest, forbidden, notFound, sessionExpired, wrongCredentials } from "../../lib/errors.ts";
import { menuTree } from "../../lib/menuTree.ts";
import { dummyHash, verifyPassword } from "../../lib/passwords.ts";
import { idpLogoutAddress } from "../../lib/saml/logout.ts";
import { createSession, usableRoles, endSession, hasLiveSession, switchSession } from "../../lib/sessions.ts";
import { loginBackoffState, loginFailed, loginKeys, loginSucceeded, takeLoginAttempt } from "../../lib/loginBackoff.ts";
import { rateLimit } from "../../lib/throttle.ts";
import { formatDateTime } from "../../lib/time.ts";
import { assertSelfOrAdmin, sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import { headIconOf } from "../users/users.ts";

const MINUTE = 60_000;

export const authHandlers = {
  async getDate() {
    return ok(formatDateTime(new Date())!);
  },

  async getSysVersion() {
    return ok({ version: pkg.version });
  },

  async getPublicKey(req: OpRequest<"getPublicKey">) {
    return ok({ publicKey: req.server.transportKey.publicPem, captchaEnabled: req.server.config.captchaEnabled });
  },

  async verificationcode(req: OpRequest<"verificationcode">, reply: FastifyReply) {
    await rateLimit(req.server.db, `captcha:${req.ip}`, 60, MINUTE);
    const png = await createCaptcha(req.server.db, req.query.challengeId);
    return reply.type("image/png").header("cache-control", "no-store").send(png);
  },

  /**
   * Spec 7.9, kept for callers that still ask, but it no longer tells anyone whether a person is
   * signed in (issue 20: anybody could watch a colleague's presence). It answers "not logged in"
   * for every name without looking; the password login tells a person who has just proven the
   * password (baseLogin's loggedInElsewhere). Still rate limited per client as before.
   */
  async checkLoginStatus(req: OpRequest<"checkLoginStatus">) {
    await rateLimit(req.server.db, `status:${req.ip}`, 30, MINUTE);
    return ok(false, { respCode: 0, content: false, message: "" });
  },

  async baseLogin(req: OpRequest<"baseLogin">) {
    const { db, config, transportKey } = req.server;
    const { userName, password, verificationCode, challengeId } = req.body;
    await rateLimit(db, `login:${req.ip}`, config.loginRateLimitPerMinute, MINUTE);
    // Back-off per account and client pair; a captcha when the account or the client has failed
    // often, whatever CAPTCHA_ENABLED says (lib/loginBackoff.ts).
    const keys = loginKeys(userName, req.ip);
    const { captchaRequired: due } = await loginBackoffState(db, keys);
    if (config.captchaEnabled || due) {
      if (!verificationCode || !challengeId) throw captchaRequired();
      await consumeCaptcha(db, challengeId, verificationCode);
    }
    const plain = transportKey.decrypt(password);
    await takeLoginAttempt(db, keys);
    const [user] = await db.select().from(users).where(eq(users.userName, userName));
    // Unknown, disabled and wrong password: same answer, same work (a hash is always checked).
    const good = await verifyPassword(plain, user?.passwordHash ?? (await dummyHash()));
    if (!user || !good || user.status !== 1) {
      if (await loginFailed(db, keys))
        req.log.warn({ account: userName.toLowerCase() }, "login: repeated failures for one account; every attempt on it now needs a captcha");
      throw wrongCredentials();
    }
    await loginSucceeded(db, keys);
    const [primary] = await usableRoles(req.server.db, user.id);
    if (!primary) throw new ApiError(403, 4003, "账号没有可用的角色（已启用且至少授予一个菜单）", "The account has no usable role (enabled and granting at least one menu)");
    // Spec 4's "already logged in elsewhere", told only now that the password is proven (issue 20).
    // The new session exists already: the page asks, and Cancel ends it (logout with this sid).
    const loggedInElsewhere = await hasLiveSession(db, user.id);
    return ok({ sid: await createSession(db, user.id, primary.id, { loginType: "password" }), loggedInElsewhere });
  },

  async logout(req: OpRequest<"logout">) {
    const { sidHash } = sessionOf(req);
    // A SAML sign-in with an IdP that has single logout: the browser goes on to end it there too.
    const idpLogoutUrl = await idpLogoutAddress(req.server, sidHash).catch((err: Error) => {
      req.log.warn({ reason: err.message }, "single logout request could not be made; the portal session ends alone");
      return null;
    });
    await endSession(req.server.db, sidHash);
    return ok(idpLogoutUrl ? { idpLogoutUrl } : null, { respCode: 0, message: "操作成功" });
  },

  async getUserInfo(req: OpRequest<"getUserInfo">) {
    const s = sessionOf(req);
    const [u] = await req.server.db.select().from(users).where(eq(users.id, s.userId));
    const rs = await usableRoles(req.server.db, s.userId);
    return ok({
      id: u.id,
      userName: u.userName,
      realName: u.realName,
      roleCode: s.roleCode,
      roleCodes: rs.map((r) => r.roleCode),
      roles: rs.map(({ roleCode, roleName }) => ({ roleCode, roleName })),
      isAdmin: s.isAdmin,
      email: u.email,
      phone: u.phone,
      bu: u.bu,
      headIcon: headIconOf(u),
      mustChangePassword: s.mustChangePassword,
    });
  },

  async getUserTitle(req: OpRequest<"getUserTitle">) {
    const [u] = await req.server.db.select({ headIconFileId: users.headIconFileId }).from(users).where(eq(users.id, sessionOf(req).userId));
    return ok({ headIcon: u ? headIconOf(u) : null });
  },

  async changeRole(req: OpRequest<"changeRole">) {
    const s = sessionOf(req);
    const { db } = req.server;
    const role = (await usableRoles(req.server.db, s.userId)).find((r) => r.roleCode === req.query.roleCode);
    if (!role) throw badRequest("roleCode", "ownRole", "该角色不属于当前用户或已停用", "The role is not one of yours or is disabled");
    // The same sign-in goes on under the new role (queryLogin's loginType and login times). One sid
    // in, one out (issue 20): of parallel switches with one sid, the first gets the new session and
    // the others find the old one ended, as any later use of that sid does (401, code 4004).
    const sid = await switchSession(db, s.sidHash, s.userId, role.id);
    if (!sid) throw sessionExpired();
    return ok({ sid }, { result: "0" });
  },

  async getRoleMenuVOByRoles(req: OpRequest<"getRoleMenuVOByRoles">) {
    const s = sessionOf(req);
    const { db } = req.server;
    const wanted: string[] = req.body?.roleCodes?.length ? req.body.roleCodes : [s.roleCode];
    if (!s.isAdmin) {
      const own = new Set((await usableRoles(req.server.db, s.userId)).map((r) => r.roleCode));
      if (wanted.some((c) => c !== s.roleCode && !own.has(c))) throw forbidden();
    }
    const granted = await db
      .selectDistinct({ id: roleMenus.menuId })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .where(and(inArray(roles.roleCode, wanted), eq(roles.status, 1)));
    return ok(await menuTree(db, granted.map((g) => g.id)));
  },

  async getPersonalStatusRecord(req: OpRequest<"getPersonalStatusRecord">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    const [row] = await req.server.db.select().from(personalStatusRecords).where(eq(personalStatusRecords.userId, userId));
    return ok(row ?? null);
  },

  async savePersonalStatusRecord(req: OpRequest<"savePersonalStatusRecord">) {
    const { db } = req.server;
    const userId = assertSelfOrAdmin(req, req.body.userId);
    const { languageStatus, noviceGuideStatus, privacyStatus, privacyVersion, themeCode, themeColor, themeHeadColor } = req.body;
    if (privacyStatus === 1) {
      const [current] = await db.select().from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
      if (!current || privacyVersion !== current.policyVersion)
        throw badRequest("privacyVersion", "current", "只能同意当前版本的隐私政策", "Only the current privacy-policy version can be accepted");
    } else if (privacyVersion !== undefined && privacyStatus === undefined) {
      // A version alone would turn an old acceptance into one of the current version unchecked.
      throw badRequest("privacyVersion", "withStatus", "隐私政策版本须与同意状态一起提交", "privacyVersion is only accepted together with privacyStatus");
    }
    // An administrator saving for a user that does not exist: 404, not the foreign key's 500.
    if (userId !== sessionOf(req).userId) {
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!target) throw notFound("用户", "User");
    }
    // Only the fields sent change; the others keep their values (or the defaults on the first save).
    const set = Object.fromEntries(
      Object.entries({ languageStatus, noviceGuideStatus, privacyStatus, privacyVersion, themeCode, themeColor, themeHeadColor }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    const [row] = await db
      .insert(personalStatusRecords)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: personalStatusRecords.userId, set: Object.keys(set).length ? set : { userId } })
      .returning();
    return ok(row);
  },

  async getBscPrivacyPolicy(req: OpRequest<"getBscPrivacyPolicy">) {
    const [row] = await req.server.db.select().from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
    return ok(row ? { id: row.id, policyContent: row.policyContent, policyVersion: row.policyVersion, createTime: formatDateTime(row.createTime) } : null);
  },

  // createBscPrivacyPolicy (publishing a version) lives with the admin page: adminPrivacy.ts.
} satisfies TagHandlers<"auth">;
