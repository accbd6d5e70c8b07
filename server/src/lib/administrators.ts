import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, roleMenus, roles, userRoles, users } from "../db/schema.ts";
import { ApiError } from "./errors.ts";

// Issue 18: one administrator must never be able to lock every administrator out. The server
// refuses any change that would leave nobody able to manage users and roles.
//
// "Able to manage users and roles" means: an enabled user who holds an enabled administrator role
// (sys_role.is_admin) that grants every url below. With them one can open the system menu, edit a
// user's roles and status, and edit a role's menus and status - enough to give back any other
// permission. Other buttons (add, delete, reset password, menus) may be taken away: that is a
// choice, not a lock-out.

/** The menu and button urls an administrator role must grant (checked against the contract by a test). */
export const ADMINISTRATION_URLS = ["/sys", "/sys/user", "sys:user:edit", "sys:user:status", "/sys/role", "sys:role:edit", "sys:role:status"] as const;

/** Every guarded change takes this lock first, so two changes cannot each leave the other's last administrator. */
const ADMINISTRATORS_LOCK = 727020;

/** Taken by every change of who is an administrator (and by admin:reset), until the transaction ends. */
export const lockAdministrators = (tx: Db) => tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`);

/** Whether at least one enabled user holds an enabled administrator role granting ADMINISTRATION_URLS. */
export async function administratorRemains(db: Db): Promise<boolean> {
  const urls = sql.join(ADMINISTRATION_URLS.map((u) => sql`${u}`), sql`, `);
  const { rows } = await db.execute<{ remains: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM ${users}
      JOIN ${userRoles} ON ${userRoles.userId} = ${users.id}
      JOIN ${roles} ON ${roles.id} = ${userRoles.roleId}
      WHERE ${users.status} = 1 AND ${roles.status} = 1 AND ${roles.isAdmin}
        AND (SELECT count(DISTINCT ${menus.url}) FROM ${roleMenus} JOIN ${menus} ON ${menus.id} = ${roleMenus.menuId}
             WHERE ${roleMenus.roleId} = ${roles.id} AND ${menus.url} IN (${urls})) = ${ADMINISTRATION_URLS.length}
    ) AS remains`);
  return rows[0]?.remains === true;
}

export const noAdministratorLeft = () =>
  new ApiError(
    409,
    409,
    "操作被拒绝：此更改会导致没有可用的管理员来管理用户和角色。请至少保留一名已启用的用户，其拥有已启用、且授予用户管理和角色管理（编辑、启停）权限的管理员角色。",
    "Refused: this change would leave no administrator able to manage users and roles. Keep at least one enabled user holding an enabled administrator role that grants user and role management (edit, enable/disable).",
  );

/**
 * Runs a change inside the caller's transaction and refuses it (409, rolled back) when it takes
 * away the last administrator able to manage users and roles. Where there was none before (a
 * database broken by hand; `npm run admin:reset` repairs it), the change is not this rule's to judge.
 */
export async function keepingAnAdministrator<T>(tx: Db, change: () => Promise<T>): Promise<T> {
  await lockAdministrators(tx);
  const before = await administratorRemains(tx);
  const result = await change();
  if (before && !(await administratorRemains(tx))) throw noAdministratorLeft();
  return result;
}
