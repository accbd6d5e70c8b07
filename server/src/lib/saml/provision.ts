import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { seedDemoWorkspace } from "../../db/demo/workspace.ts";
import { roles, userRoles, users } from "../../db/schema.ts";
import { ApiError } from "../errors.ts";
import { createSession, usableRoles, type LoginType } from "../sessions.ts";

export const PROVISION_ROLE = "staff";

const noAccount = () =>
  new ApiError(403, 4003, "账号不存在、已停用或没有可用角色", "The account does not exist, is disabled or has no usable role");

/**
 * The session of a single sign-on: the user whose userName is exactly the asserted name id
 * (status 1, with an enabled role; primary role first, like baseLogin), else 403 code 4003. With
 * SAML_PROVISION on, an unknown name becomes a staff user that has no password (SSO only); in demo
 * mode (`demoWorkspace`) that user starts with a demo workspace, written in the same transaction.
 */
export async function signOnSession(
  db: Db,
  userName: string,
  provision: boolean,
  loginType: LoginType,
  { demoWorkspace = false }: { demoWorkspace?: boolean } = {},
): Promise<string> {
  let [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.userName, userName));
  if (!user && provision && /^[A-Za-z0-9._@-]{1,20}$/.test(userName)) {
    const [staff] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, PROVISION_ROLE));
    if (staff) {
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          // "sso" is not a scrypt hash: password login never matches a provisioned account.
          .values({ userName, realName: userName, passwordHash: "sso" })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!created) return;
        await tx.insert(userRoles).values({ userId: created.id, roleId: staff.id, sort: 0 });
        if (demoWorkspace) await seedDemoWorkspace(tx as unknown as Db, { id: created.id, realName: userName }, "newUser", new Date());
      });
      [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.userName, userName));
    }
  }
  if (!user || user.status !== 1) throw noAccount();
  const [primary] = await usableRoles(db, user.id);
  if (!primary) throw noAccount();
  return createSession(db, user.id, primary.id, { loginType });
}
