import { eq, ilike, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { menus, roleMenus, roles } from "../../db/schema.ts";
import { publish } from "../../lib/notifications/outbox.ts";
import { keepingAnAdministrator } from "../../lib/administrators.ts";
import { ok } from "../../lib/envelope.ts";
import { containsPattern } from "../../lib/like.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { claimEdit } from "../../lib/versions.ts";
import { menuTree } from "../../lib/menuTree.ts";
import { bindResource, defineResource } from "../../lib/resource.ts";
import { formatDateTime } from "../../lib/time.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

const menuIdsOf = async (db: Db, roleId: number) =>
  (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((r) => r.id);

/**
 * Replaces a role's grants inside the caller's transaction, which has claimed the role (its row is
 * locked, so no other change of its grants interleaves). The menus are checked here, in the same
 * transaction, and held (FOR KEY SHARE) until it ends: "do not exist" is said only of ids that do
 * not exist, never of a failure of the insert itself (issue 20: a concurrent save used to surface
 * as "Some menu ids do not exist").
 */
async function replaceMenus(tx: Db, roleId: number, menuIds: number[] | undefined) {
  if (!menuIds) return;
  const found = menuIds.length ? await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, menuIds)).for("key share") : [];
  if (found.length !== new Set(menuIds).size) throw badRequest("menuIds", "exists", "包含不存在的菜单", "Some menu ids do not exist");
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  // Issue 23: open notification streams take the role's new grants (or end, left with none) at once.
  await publish(tx, { t: "u" });
}

const ROLE = { cn: "角色", en: "Role" };

/** sysRole: the proof of the generic resource layer - one declaration. */
export const sysRole = defineResource({
  table: roles,
  id: roles.id,
  label: ROLE,
  filters: {
    roleName: (v: string) => or(ilike(roles.roleName, containsPattern(v)), ilike(roles.roleCode, containsPattern(v))),
    status: (v: 0 | 1) => eq(roles.status, v),
  },
  sortable: { id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode, createTime: roles.createTime, status: roles.status },
  toRecord: (r) => ({
    id: r.id,
    roleName: r.roleName,
    roleCode: r.roleCode,
    description: r.description,
    remark: r.remark,
    status: r.status,
    isAdmin: r.isAdmin,
    createTime: formatDateTime(r.createTime),
    version: r.version,
  }),
  fromInput: (b) => ({ roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null, remark: b.remark ?? null, status: b.status ?? 1 }),
  unique: [{ column: roles.roleCode, field: "roleCode", cn: "角色编码已存在", en: "The role code already exists" }],
  statusColumn: roles.status,
  details: async (db, id) => ({ menuIds: await menuIdsOf(db, id) }),
  afterWrite: (tx, id, b) => replaceMenus(tx, id, b.menuIds),
  // Disabling a role or changing its grants: never away from the last administrator (issue 18).
  guardChange: keepingAnAdministrator,
});

export const roleHandlers = {
  // Every operation the contract marks x-resource sysRole (page, getById, create, update, status).
  ...bindResource("sysRole", sysRole),

  async listSysRole(req: OpRequest<"listSysRole">) {
    const rows = await req.server.db.select().from(roles).where(eq(roles.status, 1)).orderBy(roles.id);
    return ok(rows.map(sysRole.toRecord));
  },

  /** The grants alone, under the version the edit read (409 when the role changed since). */
  async updateRole(req: OpRequest<"updateRole">) {
    const { db } = req.server;
    const { id, version, menuIds } = req.body;
    await db.transaction((t) => {
      const tx = t as unknown as Db;
      return keepingAnAdministrator(tx, async () => {
        await claimEdit(tx, roles, id, version, ROLE);
        await replaceMenus(tx, id, menuIds);
      });
    });
    return ok(id);
  },

  async getRoleMenu(req: OpRequest<"getRoleMenu">) {
    return ok(await menuTree(req.server.db));
  },

  async getMenuListByRoleId(req: OpRequest<"getMenuListByRoleId">) {
    const { db } = req.server;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, req.query.roleId));
    if (!role) throw notFound("角色", "Role");
    return ok(await menuIdsOf(db, role.id));
  },
} satisfies TagHandlers<"roles">;
