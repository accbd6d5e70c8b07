import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus } from "../db/schema.ts";

type MenuRow = typeof menus.$inferSelect;
export interface MenuNode extends MenuRow {
  children: MenuNode[];
}

/** Rows to a tree ordered by menuCode; a node whose parent is not in the set becomes a root. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.menuCode - b.menuCode || a.id - b.id);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

export async function menuTree(db: Db, ids?: number[]): Promise<MenuNode[]> {
  if (ids && ids.length === 0) return [];
  const q = db.select().from(menus);
  const rows = await (ids ? q.where(inArray(menus.id, ids)) : q).orderBy(asc(menus.menuCode));
  return buildMenuTree(rows);
}

/** Menu rows are written under one lock so two concurrent writes cannot both pass the url check. */
export const lockMenus = (tx: Db) => tx.execute(sql`SELECT pg_advisory_xact_lock(727013)`);
