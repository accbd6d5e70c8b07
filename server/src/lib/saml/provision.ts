import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { seedDemoWorkspace } from "../../db/demo/workspace.ts";
import { roles, userRoles, users } from "../../db/schema.ts";
import { ApiError } from "../errors.ts";
import { createSession, usableRoles, type LoginType, type SamlSubject } from "../sessions.ts";

export const PROVISION_ROLE = "staff";

/**
 * Body code of a sign-on whose person the portal cannot let in (no such account, disabled, no
 * enabled role, several accounts match): HTTP 403 like a refusal, but not 4003, which the portal
 * shows as "no permission" whatever the server says; this code shows the server's sentence.
 */
export const ACCOUNT_UNAVAILABLE = 4005;

const unavailable = (cn: string, en: string) => new ApiError(403, ACCOUNT_UNAVAILABLE, cn, en);
export const accountRefusal = {
  missing: () => unavailable("该账号不存在或已停用", "This account does not exist or is disabled"),
  noRole: () => unavailable("该账号没有可用的角色", "This account has no enabled role"),
  ambiguous: () => unavailable("有多个账号与身份提供方给出的用户匹配，请联系管理员", "Several accounts match the user the identity provider named; contact the administrator"),
};

/** Which user field the asserted identifier is compared with, case-insensitively. */
export type UserMatch = "userName" | "email";

const USER_NAME = /^[A-Za-z0-9._@-]{1,20}$/;

async function findUser(db: Db, identifier: string, match: UserMatch) {
  const column = match === "email" ? users.email : users.userName;
  const found = await db
    .select({ id: users.id, status: users.status, exact: sql<boolean>`${column} = ${identifier}` })
    .from(users)
    .where(sql`lower(${column}) = lower(${identifier})`)
    .limit(3);
  if (found.length > 1) {
    // "Zhang" and "zhang" both exist: the exact spelling decides; otherwise nobody is guessed.
    const exact = found.filter((u) => u.exact);
    if (exact.length === 1) return exact[0];
    throw accountRefusal.ambiguous();
  }
  return found[0];
}

/** With SAML_PROVISION: a staff user (no password, SSO only) for an identifier no user has. */
async function provisionUser(db: Db, identifier: string, match: UserMatch, demoWorkspace: boolean) {
  const userName = match === "email" ? identifier.split("@")[0] : identifier;
  if (!USER_NAME.test(userName) || (match === "email" && !identifier.includes("@"))) return;
  const [staff] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, PROVISION_ROLE));
  if (!staff) return;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      // "sso" is not a scrypt hash: password login never matches a provisioned account.
      .values({ userName, realName: userName, passwordHash: "sso", email: match === "email" ? identifier.slice(0, 100) : null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return;
    await tx.insert(userRoles).values({ userId: created.id, roleId: staff.id, sort: 0 });
    if (demoWorkspace) await seedDemoWorkspace(tx as unknown as Db, { id: created.id, realName: userName }, "newUser", new Date());
  });
}

export interface SignOnOptions {
  match: UserMatch;
  provision: boolean;
  /** In demo mode a provisioned user starts with a demo workspace (same transaction). */
  demoWorkspace?: boolean;
}

/**
 * The user a sign-on names: the one whose userName (or e-mail) is the identifier, compared without
 * regard to case; active, with an enabled role. Anyone else is refused with 403 code 4005 ("this
 * account does not exist or is disabled").
 */
export async function signOnUser(db: Db, identifier: string, { match, provision, demoWorkspace = false }: SignOnOptions): Promise<number> {
  let user = await findUser(db, identifier, match);
  if (!user && provision) {
    await provisionUser(db, identifier, match, demoWorkspace);
    user = await findUser(db, identifier, match);
  }
  if (!user || user.status !== 1) throw accountRefusal.missing();
  if (!(await usableRoles(db, user.id)).length) throw accountRefusal.noRole();
  return user.id;
}

/** A new session of a signed-on user (checked again: a minute may have passed since signOnUser). */
export async function openSession(db: Db, userId: number, loginType: LoginType, saml: SamlSubject | null = null): Promise<string> {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 1) throw accountRefusal.missing();
  const [primary] = await usableRoles(db, userId); // primary role first, like baseLogin
  if (!primary) throw accountRefusal.noRole();
  return createSession(db, userId, primary.id, { loginType, saml });
}

/** signOnUser then openSession (the token logins and ssoLoginResolve, which answer the sid at once). */
export async function signOnSession(db: Db, identifier: string, loginType: LoginType, options: SignOnOptions, saml: SamlSubject | null = null): Promise<string> {
  return openSession(db, await signOnUser(db, identifier, options), loginType, saml);
}
