import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, roleMenus, roles, sessions, userRoles, users } from "../db/schema.ts";
import { sha256 } from "./hash.ts";

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

/** A new 256-bit session id; only its hash is stored. */
export async function createSession(db: Db, userId: number, roleCode: string): Promise<string> {
  const sid = crypto.randomBytes(32).toString("hex");
  await db.insert(sessions).values({ sidHash: sha256(sid), userId, roleCode });
  return sid;
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

/**
 * The live session of a sid, or null (unknown, ended, idle over 30 min, older than 12 h, user
 * disabled), with its role's permissions: one query, as every authenticated request runs it.
 */
export async function resolveSession(db: Db, sid: string): Promise<Session | null> {
  const sidHash = sha256(sid);
  const granted = db
    .select({ urls: sql<string[]>`coalesce(array_agg(${menus.url}), '{}')`.as("urls") })
    .from(roles)
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roles.roleCode, sessions.roleCode), eq(roles.status, 1)));
  const [row] = await db
    .select({
      userId: sessions.userId,
      roleCode: sessions.roleCode,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.userName,
      realName: users.realName,
      urls: sql<string[]>`(${granted})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sidHash, sidHash), isNull(sessions.endedAt), eq(users.status, 1), liveClause()));
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
  };
}
