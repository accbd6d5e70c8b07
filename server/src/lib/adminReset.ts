import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, roleMenus, roles, userRoles, users } from "../db/schema.ts";
import { PRODUCT_MENUS, type MenuSeed } from "../db/seed.ts";
import { administratorRemains, lockAdministrators } from "./administrators.ts";
import { clearAccountBackoff } from "./loginBackoff.ts";
import { lockMenus } from "./menuTree.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { bumpVersions } from "./versions.ts";
import { endUserSessions } from "./sessions.ts";

// `npm run admin:reset -- --user NAME` (scripts/adminReset.ts): gives access back from a shell when
// no administrator can sign in and manage users and roles any more (issue 18), and makes the first
// administrator of a database that has none (a production start without the demo seed).

export interface ResetOptions {
  userName: string;
  /** Create the user when there is none of that name (a generated password is printed once). */
  create?: boolean;
  /** Give the user a new generated password (printed once) and end their sessions. */
  newPassword?: boolean;
}

export interface ResetResult {
  /** What was done, one line per step, for the operator. */
  lines: string[];
  /** A generated password (a created user, or newPassword), shown once. */
  password?: string;
}

export class ResetRefused extends Error {}

/** The product's menus and buttons missing by url are put back under their parent; returns how many (and their ids in `added`). */
export async function restoreMenus(tx: Db, list: readonly MenuSeed[], parentId: number | null, added: number[] = []): Promise<number> {
  let restored = 0;
  for (const m of list) {
    let [row] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.url, m.url)).orderBy(asc(menus.id)).limit(1);
    if (!row) {
      [row] = await tx
        .insert(menus)
        .values({ menuCode: m.code, menuName: m.name, url: m.url, type: m.type ?? 0, hidden: m.hidden ?? 0, img: m.img ?? null, parentId })
        .returning({ id: menus.id });
      restored++;
      added.push(row.id);
    }
    if (m.children) restored += await restoreMenus(tx, m.children, row.id, added);
  }
  return restored;
}

/** The administrator role: the first role marked so, else the role coded admin (marked now), else a new one. */
async function administratorRole(tx: Db, lines: string[]) {
  const [marked] = await tx.select().from(roles).where(eq(roles.isAdmin, true)).orderBy(asc(roles.id)).limit(1);
  if (marked) {
    lines.push(`administrator role: "${marked.roleName}" (code ${marked.roleCode}, id ${marked.id}) found`);
    return marked;
  }
  const [coded] = await tx.select().from(roles).where(eq(roles.roleCode, "admin"));
  if (coded) {
    await tx.update(roles).set({ isAdmin: true }).where(eq(roles.id, coded.id));
    lines.push(`administrator role: none was marked; the role coded admin ("${coded.roleName}", id ${coded.id}) is now the administrator role`);
    return coded;
  }
  const [created] = await tx
    .insert(roles)
    .values({ roleName: "管理员", roleCode: "admin", description: "全部菜单和按钮", remark: "admin:reset", isAdmin: true })
    .returning();
  lines.push(`administrator role: none existed; created "管理员" (code admin, id ${created.id})`);
  return created;
}

/**
 * Restores an administrator, in one transaction (under the locks the API's menu and administrator
 * changes take): the product's missing menus and buttons back; the administrator role enabled and
 * granting every menu and button; the user enabled, holding it as primary role, login lock cleared.
 */
export async function resetAdministrator(db: Db, options: ResetOptions): Promise<ResetResult> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockMenus(tx);
    await lockAdministrators(tx);
    const lines: string[] = [];
    let password: string | undefined;

    const restored = await restoreMenus(tx, PRODUCT_MENUS, null);
    lines.push(restored ? `menus: restored ${restored} missing menus and buttons of the product` : "menus: every menu and button of the product is there");

    const role = await administratorRole(tx, lines);
    if (role.status !== 1) {
      await tx.update(roles).set({ status: 1 }).where(eq(roles.id, role.id));
      lines.push("administrator role: was disabled, enabled");
    }
    const granted = await tx.execute(
      sql`INSERT INTO ${roleMenus} (role_id, menu_id) SELECT ${role.id}, ${menus.id} FROM ${menus} ON CONFLICT DO NOTHING`,
    );
    const [{ n: total }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${roleMenus} WHERE ${roleMenus.roleId} = ${role.id}`)).rows;
    lines.push(`administrator role: granted ${granted.rowCount ?? 0} more menus and buttons (now all ${total})`);

    let [user] = await tx.select().from(users).where(eq(users.userName, options.userName));
    if (!user) {
      if (!options.create) throw new ResetRefused(`There is no user "${options.userName}". Check the name, or add --create to create this user with a generated password.`);
      password = generatePassword();
      // A generated password is changed at the first password sign-in, as an administrator's is (issue 21).
      [user] = await tx
        .insert(users)
        .values({ userName: options.userName, realName: options.userName, passwordHash: await hashPassword(password), mustChangePassword: true })
        .returning();
      lines.push(`user ${user.userName}: created (id ${user.id}) with a generated password`);
    } else if (options.newPassword) {
      password = generatePassword();
      await tx.update(users).set({ passwordHash: await hashPassword(password), mustChangePassword: true }).where(eq(users.id, user.id));
      await endUserSessions(tx, user.id);
      lines.push(`user ${user.userName}: new generated password; their open sessions ended`);
    }
    if (user.status !== 1) {
      await tx.update(users).set({ status: 1 }).where(eq(users.id, user.id));
      lines.push(`user ${user.userName}: was disabled, enabled`);
    }
    // The administrator role first: the next sign-in lands on it (the first role is primary).
    const held = await tx.select({ roleId: userRoles.roleId, sort: userRoles.sort }).from(userRoles).where(eq(userRoles.userId, user.id)).orderBy(asc(userRoles.sort));
    if (held[0]?.roleId !== role.id) {
      const others = held.filter((h) => h.roleId !== role.id);
      await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
      await tx.insert(userRoles).values([role.id, ...others.map((o) => o.roleId)].map((roleId, sort) => ({ userId: user.id, roleId, sort })));
      lines.push(`user ${user.userName}: ${held.some((h) => h.roleId === role.id) ? "the administrator role is now the primary role" : "given the administrator role, as primary role"}`);
    } else lines.push(`user ${user.userName}: already holds the administrator role as primary role`);
    if (await clearAccountBackoff(tx, user.userName)) lines.push(`user ${user.userName}: login lock after failed attempts cleared`);

    // An administrator's edit of the role or the user opened before the reset must not undo it (issue 20).
    await bumpVersions(tx, roles, [role.id]);
    await bumpVersions(tx, users, [user.id]);

    // What the API's rule needs holds now (the same check the 409 uses).
    if (!(await administratorRemains(tx))) throw new Error("internal: still no administrator able to manage users and roles after the reset");
    lines.push(`done: ${user.userName} can sign in and manage users and roles`);
    return { lines, password };
  });
}
