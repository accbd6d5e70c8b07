import crypto from "node:crypto";
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, personalStatusRecords, privacyPolicies, roleMenus, roles, sessions, userRoles, users } from "../db/schema.ts";
import { sha256 } from "./hash.ts";
import { preparedQuery } from "./prepared.ts";

export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;
export const ADMIN_ROLE = "admin";

export interface Session {
  sidHash: string;
  userId: number;
  userName: string;
  realName: string;
  roleCode: string;
  /** Menu and button urls the current role grants (spec 6); empty when the role is disabled. */
  permissions: Set<string>;
  isAdmin: boolean;
  /**
   * The user has accepted the current privacy-policy version (the latest published): privacyStatus
   * 1 with that privacyVersion in their personal record. True when no policy is published.
   */
  consented: boolean;
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

/** The user's enabled roles, primary first ("first role selected will be primary"). */
export function enabledRoles(db: Db, userId: number) {
  return db
    .select({ id: roles.id, roleCode: roles.roleCode, roleName: roles.roleName })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)))
    .orderBy(asc(userRoles.sort), asc(roles.id));
}

/**
 * A new 256-bit session id; only its hash is stored. A sign-in gives its loginType; a role change
 * passes the old session's sign-in (type and time) on, as it is the same sign-in.
 */
export async function createSession(
  db: Db,
  userId: number,
  roleCode: string,
  signIn: SignIn,
): Promise<string> {
  const sid = crypto.randomBytes(32).toString("hex");
  const { saml } = signIn;
  await db.insert(sessions).values({
    sidHash: sha256(sid),
    userId,
    roleCode,
    loginType: signIn.loginType,
    ...(signIn.loginAt ? { loginAt: signIn.loginAt } : {}),
    ...(saml ? { samlNameId: saml.nameId, samlNameIdFormat: saml.nameIdFormat, samlSessionIndex: saml.sessionIndex } : {}),
  });
  return sid;
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

/** Ends every session of the user except `keepSidHash` (password change). */
export async function endOtherSessions(db: Db, userId: number, keepSidHash: string) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.sidHash, keepSidHash), isNull(sessions.endedAt)));
}

/** Ends every session of the user (an administrator disabled, deleted or reset the account). */
export async function endUserSessions(db: Db, userId: number) {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function endSession(db: Db, sidHash: string) {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(eq(sessions.sidHash, sidHash));
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
    .from(roles)
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roles.roleCode, sessions.roleCode), eq(roles.status, 1)));
  // The current policy is the latest published one (highest id, as getBscPrivacyPolicy answers).
  const current = db.select({ v: privacyPolicies.policyVersion }).from(privacyPolicies).orderBy(desc(privacyPolicies.id)).limit(1);
  return db
    .select({
      userId: sessions.userId,
      roleCode: sessions.roleCode,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.userName,
      realName: users.realName,
      urls: sql<string[]>`(${granted})`,
      consented: sql<boolean>`(NOT EXISTS (${current}) OR coalesce(${personalStatusRecords.privacyStatus} = 1 AND ${personalStatusRecords.privacyVersion} = (${current}), false))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(personalStatusRecords, eq(personalStatusRecords.userId, sessions.userId))
    .where(and(eq(sessions.sidHash, sql.placeholder("sidHash")), isNull(sessions.endedAt), eq(users.status, 1), liveClause()))
    .prepare("portal_resolve_session");
});

/**
 * The live session of a sid, or null (unknown, ended, idle over 30 min, older than 12 h, user
 * disabled), with its role's permissions and the user's privacy consent: one query, as every
 * authenticated request runs it.
 */
export async function resolveSession(db: Db, sid: string): Promise<Session | null> {
  const sidHash = sha256(sid);
  const [row] = await sessionQuery(db).execute({ sidHash });
  if (!row) return null;
  // Sliding idle expiry, written at most once a minute per session.
  if (Date.now() - new Date(row.lastSeenAt).getTime() > 60_000)
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.sidHash, sidHash));
  const permissions = new Set(row.urls);
  return {
    sidHash,
    userId: row.userId,
    userName: row.userName,
    realName: row.realName,
    roleCode: row.roleCode,
    permissions,
    isAdmin: row.roleCode === ADMIN_ROLE && permissions.size > 0,
    consented: row.consented === true,
  };
}
