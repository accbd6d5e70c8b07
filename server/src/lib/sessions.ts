import crypto from "node:crypto";
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, personalStatusRecords, privacyPolicies, roleMenus, roles, sessions, userRoles, users } from "../db/schema.ts";
import { sha256 } from "./hash.ts";
import { publish } from "./notifications/outbox.ts";
import { preparedQuery } from "./prepared.ts";

export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;

export interface Session {
  sidHash: string;
  userId: number;
  userName: string;
  realName: string;
  /** The role the session runs under (spec 6: permissions follow the current role). */
  roleId: number;
  roleCode: string;
  /** Menu and button urls the current role grants (spec 6); never empty for a live session. */
  permissions: Set<string>;
  /** The role is an administrator role (sys_role.is_admin; issue 18), whatever its code. */
  isAdmin: boolean;
  /**
   * The user has accepted the current privacy-policy version (the latest published): privacyStatus
   * 1 with that privacyVersion in their personal record. True when no policy is published.
   */
  consented: boolean;
  /**
   * A password sign-in with a password an administrator gave (a new user, a reset) that the user
   * has not changed yet (issue 21): until updatepwd, only the exempt operations answer.
   */
  mustChangePassword: boolean;
}

/** How a session's sign-in was made (queryLogin's loginType). */
export type LoginType = "password" | "saml" | "saml2Token" | "wechatToken";

/** A SAML sign-in's subject at the IdP, kept with the session for single logout (lib/saml/logout.ts). */
export interface SamlSubject {
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

/** A session's sign-in; a role change carries it over whole (it is the same sign-in). */
export interface SignIn {
  loginType: LoginType;
  loginAt?: Date;
  saml?: SamlSubject | null;
}

/** The role grants at least one menu or button (a role that grants nothing cannot be signed in under). */
const grantsSomething = sql`EXISTS (SELECT 1 FROM ${roleMenus} WHERE ${roleMenus.roleId} = ${roles.id})`;

/**
 * The roles a user can be signed in under, primary first ("first role selected will be primary"):
 * held, enabled, and granting at least one menu or button (issue 18: a session never has an empty
 * grant set, which the portal would read as spec 6's "no information, show everything").
 */
export function usableRoles(db: Db, userId: number) {
  return db
    .select({ id: roles.id, roleCode: roles.roleCode, roleName: roles.roleName })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1), grantsSomething))
    .orderBy(asc(userRoles.sort), asc(roles.id));
}

/**
 * A new 256-bit session id; only its hash is stored. A sign-in gives its loginType; a role change
 * passes the old session's sign-in (type and time) on, as it is the same sign-in.
 */
export async function createSession(
  db: Db,
  userId: number,
  roleId: number,
  signIn: SignIn,
): Promise<string> {
  const sid = crypto.randomBytes(32).toString("hex");
  const { saml } = signIn;
  await db.insert(sessions).values({
    sidHash: sha256(sid),
    userId,
    roleId,
    loginType: signIn.loginType,
    ...(signIn.loginAt ? { loginAt: signIn.loginAt } : {}),
    ...(saml ? { samlNameId: saml.nameId, samlNameIdFormat: saml.nameIdFormat, samlSessionIndex: saml.sessionIndex } : {}),
  });
  return sid;
}

/**
 * A role change (issue 20): one sid in, one sid out. In one transaction the old session is ended
 * (only if it is still open: the row lock makes a second switch with the same sid wait, then find it
 * ended) and a new one opened under the role, carrying the same sign-in on. Answers the new sid, or
 * null when the old session was already ended - by a parallel switch, a logout or an administrator.
 */
export async function switchSession(db: Db, sidHash: string, userId: number, roleId: number): Promise<string | null> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [old] = await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(sessions.sidHash, sidHash), isNull(sessions.endedAt)))
      .returning({
        loginType: sessions.loginType,
        loginAt: sessions.loginAt,
        nameId: sessions.samlNameId,
        nameIdFormat: sessions.samlNameIdFormat,
        sessionIndex: sessions.samlSessionIndex,
      });
    if (!old) return null;
    // Issue 23: the old session's live streams close on every instance (when this commits).
    await publish(tx, { t: "s", sid: sidHash });
    // The same sign-in goes on, its SAML subject too (single logout after a role change, issue 19).
    const saml = old.nameId ? { nameId: old.nameId, nameIdFormat: old.nameIdFormat, sessionIndex: old.sessionIndex } : null;
    return createSession(tx, userId, roleId, { loginType: old.loginType as LoginType, loginAt: old.loginAt, saml });
  });
}

/** The sign-in of a live session (for a role change to carry over). */
export async function signInOf(db: Db, sidHash: string): Promise<Required<SignIn>> {
  const [row] = await db
    .select({
      loginType: sessions.loginType,
      loginAt: sessions.loginAt,
      nameId: sessions.samlNameId,
      nameIdFormat: sessions.samlNameIdFormat,
      sessionIndex: sessions.samlSessionIndex,
    })
    .from(sessions)
    .where(eq(sessions.sidHash, sidHash));
  return {
    loginType: (row?.loginType ?? "password") as LoginType,
    loginAt: row?.loginAt ?? new Date(),
    saml: row?.nameId ? { nameId: row.nameId, nameIdFormat: row.nameIdFormat, sessionIndex: row.sessionIndex } : null,
  };
}

// Issue 23: every end of a session is published (lib/notifications/outbox.ts), so the live streams
// of an ended session close at once on every instance; the NOTIFY goes out when the end commits.

/** Ends every session of the user except `keepSidHash` (password change). */
export async function endOtherSessions(db: Db, userId: number, keepSidHash: string) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.sidHash, keepSidHash), isNull(sessions.endedAt)));
  await publish(db, { t: "u", u: userId });
}

/** Ends every session of the user (an administrator disabled, deleted or reset the account). */
export async function endUserSessions(db: Db, userId: number) {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  await publish(db, { t: "u", u: userId });
}

export async function endSession(db: Db, sidHash: string) {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(eq(sessions.sidHash, sidHash));
  await publish(db, { t: "s", sid: sidHash });
}

export async function hasLiveSession(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), liveClause()))
    .limit(1);
  return rows.length > 0;
}

const liveClause = () =>
  sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${IDLE_MINUTES}) AND ${sessions.createdAt} > now() - make_interval(hours => ${ABSOLUTE_HOURS})`;

/** The query of resolveSession, a prepared statement (every authenticated request runs it). */
const sessionQuery = preparedQuery((db) => {
  const granted = db
    .select({ urls: sql<string[]>`coalesce(array_agg(${menus.url}), '{}')`.as("urls") })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, sessions.roleId));
  // The user still holds the session's role (an administrator may have taken it away since).
  const held = db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, sessions.userId), eq(userRoles.roleId, sessions.roleId)));
  // The current policy is the latest published one (highest id, as getBscPrivacyPolicy answers).
  const current = db.select({ v: privacyPolicies.policyVersion }).from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
  return db
    .select({
      userId: sessions.userId,
      roleId: sessions.roleId,
      roleCode: roles.roleCode,
      isAdmin: roles.isAdmin,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.userName,
      realName: users.realName,
      roleUsable: sql<boolean>`(${roles.status} = 1 AND EXISTS (${held}))`,
      urls: sql<string[]>`(${granted})`,
      consented: sql<boolean>`(NOT EXISTS (${current}) OR coalesce(${personalStatusRecords.privacyStatus} = 1 AND ${personalStatusRecords.privacyVersion} = (${current}), false))`,
      // Single sign-on never uses the password, so an administrator's reset does not hold it up.
      mustChangePassword: sql<boolean>`(${users.mustChangePassword} AND ${sessions.loginType} = 'password')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, sessions.roleId))
    .leftJoin(personalStatusRecords, eq(personalStatusRecords.userId, sessions.userId))
    .where(and(eq(sessions.sidHash, sql.placeholder("sidHash")), isNull(sessions.endedAt), eq(users.status, 1), liveClause()))
    .prepare("portal_resolve_session");
});

/**
 * The live session of a sid, or null (unknown, ended, idle over 30 min, older than 12 h, user
 * disabled), with its role's permissions and the user's privacy consent: one query, as every
 * authenticated request runs it. Nothing is cached in the process, so a change of the user's roles
 * or status or of the role's menus or status, made through any instance sharing the database, holds
 * from the session's next request (issue 18).
 *
 * A session whose role was taken from the user, disabled, or left granting nothing ends here, for
 * good (HTTP 401, code 4004: the portal's session-expired dialog); signing in again opens a session
 * under the user's primary usable role, if any is left.
 */
export async function resolveSession(db: Db, sid: string): Promise<Session | null> {
  const sidHash = sha256(sid);
  const [row] = await sessionQuery(db).execute({ sidHash });
  if (!row) return null;
  if (!row.roleUsable || row.urls.length === 0) {
    await endSession(db, sidHash);
    return null;
  }
  // Sliding idle expiry, written at most once a minute per session.
  if (Date.now() - new Date(row.lastSeenAt).getTime() > 60_000)
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.sidHash, sidHash));
  return {
    sidHash,
    userId: row.userId,
    userName: row.userName,
    realName: row.realName,
    roleId: row.roleId,
    roleCode: row.roleCode,
    permissions: new Set(row.urls),
    isAdmin: row.isAdmin,
    consented: row.consented === true,
    mustChangePassword: row.mustChangePassword === true,
  };
}
