import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { menus, roleMenus, roles } from "../../db/schema.ts";
import { keepingAnAdministrator } from "../../lib/administrators.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { lockMenus, menuTree } from "../../lib/menuTree.ts";
import { bumpVersions, claimEdit, nextVersion } from "../../lib/versions.ts";
import type { TagHandlers, OpRequest } from "../types.ts";
import { buttonPrefix } from "../../../../common/buttonKeys.ts";

// Menu administration (spec 2.3 /sys/menu, 3 Menu, 5, 6; issue 7). Menus (type 0) are route
// addresses; buttons (type 1) are permission keys `<prefix>:<action>` under their menu, the same
// keys the contract's x-permission and the web's access control use (src/admin/README.md).

type MenuRow = typeof menus.$inferSelect;
type MenuInput = OpRequest<"createSysMenu">["body"];

const MENU = { cn: "菜单", en: "Menu" };
const MAX_MENU_DEPTH = 3; // spec 2.6: a tree of up to three levels
const MENU_URL = /^\/[A-Za-z0-9_\-/]*$/;
const ACTION = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The button prefix of a menu: the one rule both sides import (common/buttonKeys.ts). */
const prefixOf = buttonPrefix;

async function allRows(db: Db) {
  const rows = await db.select().from(menus);
  return new Map(rows.map((r) => [r.id, r]));
}

const depthOf = (rows: Map<number, MenuRow>, id: number | null) => {
  let depth = 0;
  for (let cur = id != null ? rows.get(id) : undefined; cur; cur = cur.parentId != null ? rows.get(cur.parentId) : undefined) depth++;
  return depth;
};

/** Ids of an entry and all its descendants. */
function subtreeOf(rows: Map<number, MenuRow>, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows.values()) if (r.parentId === out[i]) out.push(r.id);
  return out;
}

/** The create/update rules; `self` is the entry being updated. */
async function check(db: Db, b: MenuInput, self?: MenuRow) {
  const rows = await allRows(db);
  const parentId = b.parentId ?? null;
  const parent = parentId != null ? rows.get(parentId) : undefined;
  if (parentId != null && !parent) throw badRequest("parentId", "exists", "上级菜单不存在", "The parent menu does not exist");
  if (self && parentId != null && subtreeOf(rows, self.id).includes(parentId))
    throw badRequest("parentId", "cycle", "上级菜单不能是自身或其下级", "The parent cannot be the entry itself or one of its descendants");
  if (parent && parent.type === 1) throw badRequest("parentId", "button", "按钮下不能再添加菜单或按钮", "A button cannot have children");
  if (b.type === 1) {
    // The spec 6 system button is top level; an entry that already had no parent may keep none.
    const grandfathered = self && self.type === 1 && self.parentId == null && parentId == null;
    if (!parent && !grandfathered) throw badRequest("parentId", "required", "按钮必须有上级菜单", "A button needs a parent menu");
    const valid = parent ? b.url.startsWith(`${prefixOf(parent.url)}:`) && ACTION.test(b.url.slice(prefixOf(parent.url).length + 1)) : ACTION.test(b.url);
    if (!valid) {
      const want = parent ? `${prefixOf(parent.url)}:<action>` : "<action>";
      throw badRequest("url", "pattern", `按钮权限标识须为 ${want}`, `A button's permission key must be ${want}`);
    }
    if (self && self.type === 0 && [...rows.values()].some((r) => r.parentId === self.id))
      throw badRequest("type", "children", "有下级的菜单不能改为按钮", "A menu with children cannot become a button");
  } else {
    if (!MENU_URL.test(b.url)) throw badRequest("url", "pattern", "菜单地址须以 / 开头", "A menu address must start with /");
    const height = self ? subtreeHeight(rows, self.id) : 1;
    if (depthOf(rows, parentId) + height > MAX_MENU_DEPTH)
      throw badRequest("parentId", "depth", `菜单最多${MAX_MENU_DEPTH}级`, `Menus nest at most ${MAX_MENU_DEPTH} levels`);
  }
  const clash = [...rows.values()].find((r) => r.url === b.url && r.id !== self?.id);
  if (clash) throw badRequest("url", "unique", "地址已存在", "The address already exists");
  return rows;
}

/** Menu levels of an entry's subtree (buttons do not count as a level). */
function subtreeHeight(rows: Map<number, MenuRow>, id: number): number {
  const kids = [...rows.values()].filter((r) => r.parentId === id && r.type === 0);
  return 1 + (kids.length ? Math.max(...kids.map((k) => subtreeHeight(rows, k.id))) : 0);
}

const valuesOf = (b: MenuInput) => ({
  menuCode: b.menuCode,
  menuName: b.menuName,
  url: b.url,
  interfaceUrl: b.interfaceUrl ?? null,
  img: b.img ?? null,
  type: b.type,
  parentId: b.parentId ?? null,
  hidden: b.hidden ?? 0,
});

export const adminMenuHandlers = {
  async listSysMenu(req: OpRequest<"listSysMenu">) {
    return ok(await menuTree(req.server.db));
  },

  async createSysMenu(req: OpRequest<"createSysMenu">) {
    const row = await req.server.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockMenus(tx);
      await check(tx, req.body);
      const [created] = await tx.insert(menus).values(valuesOf(req.body)).returning();
      return created;
    });
    setAudit(req, { entityId: row.id, before: null, after: row });
    return ok(row.id);
  },

  async updateSysMenu(req: OpRequest<"updateSysMenu">) {
    const { id, version, ...input } = req.body;
    const { before, after } = await req.server.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockMenus(tx);
      // Only while the entry still has the version the edit read (409 otherwise, issue 20).
      const self = await claimEdit(tx, menus, id, version, MENU);
      const rows = await check(tx, input, self);
      // A new url takes the permission away from every role that granted the old one (issue 18).
      return keepingAnAdministrator(tx, async () => {
        const [updated] = await tx.update(menus).set(valuesOf(input)).where(eq(menus.id, id)).returning();
        // A menu's buttons are keyed by its url: a new url re-keys them (grants stay with the ids).
        if (self.type === 0 && input.type === 0 && self.url !== input.url) {
          const from = `${prefixOf(self.url)}:`;
          const to = `${prefixOf(input.url)}:`;
          for (const r of rows.values()) {
            if (r.parentId !== id || r.type !== 1 || !r.url.startsWith(from)) continue;
            const url = to + r.url.slice(from.length);
            if ([...rows.values()].some((o) => o.url === url && o.id !== r.id))
              throw badRequest("url", "unique", `按钮 ${url} 已存在`, `The button ${url} already exists`);
            await tx
              .update(menus)
              .set({ url, menuName: r.menuName === r.url ? url : r.menuName, version: nextVersion(menus.version) })
              .where(eq(menus.id, r.id));
          }
        }
        return { before: self, after: updated };
      });
    });
    setAudit(req, { entityId: id, before, after });
    return ok(id);
  },

  async deleteSysMenu(req: OpRequest<"deleteSysMenu">) {
    const id = req.query.id;
    const removed = await req.server.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockMenus(tx);
      const rows = await allRows(tx);
      if (!rows.has(id)) throw notFound(MENU.cn, MENU.en);
      const ids = subtreeOf(rows, id);
      // sys_role_menu rows go with them (ON DELETE CASCADE): every role loses the grants at once.
      await keepingAnAdministrator(tx, async () => {
        // A role edit opened before this would send the deleted ids back: it is refused as stale
        // (reload) rather than as "Some menu ids do not exist" (issue 20).
        const granting = await tx.selectDistinct({ id: roleMenus.roleId }).from(roleMenus).where(inArray(roleMenus.menuId, ids));
        await bumpVersions(tx, roles, granting.map((r) => r.id));
        await tx.delete(menus).where(inArray(menus.id, ids));
      });
      return ids.map((i) => rows.get(i)!);
    });
    setAudit(req, { entityId: id, before: removed, after: null });
    return ok(id);
  },
} satisfies TagHandlers<"users">;
