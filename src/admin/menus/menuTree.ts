// Pure helpers over the server's menu tree (listSysMenu, getRoleMenu): the menu screen's delete
// confirmation and the role page's checkable tree and permission preview share them.
import type { components } from "../../api/schema";

export type MenuNode = components["schemas"]["SysMenu"];

/** Every node of the tree, depth first in the server's menuCode order. */
export function flattenMenus(nodes: readonly MenuNode[] | undefined): MenuNode[] {
  return (nodes ?? []).flatMap((n) => [n, ...flattenMenus(n.children)]);
}

/** How many entries go with a node when it is deleted (all its descendants). */
export const descendantCount = (node: MenuNode): number =>
  (node.children ?? []).reduce((sum, c) => sum + 1 + descendantCount(c), 0);

/** `/sys/user` -> `sys:user`: the prefix of a menu's button keys, the rule of common/buttonKeys.ts. */
export { buttonPrefix } from "../../../common/buttonKeys";

/** id -> parent id, for walking up. */
export function parentsOf(nodes: readonly MenuNode[]): Map<number, number | null> {
  return new Map(flattenMenus(nodes).map((n) => [n.id, n.parentId ?? null]));
}

/**
 * The role tree's check rule: checking an entry grants it, everything under it and every menu
 * above it (a button is useless without its menu, and the server wants both); unchecking an entry
 * removes it and everything under it, and leaves the menus above alone.
 */
export function toggleGrant(nodes: readonly MenuNode[], granted: readonly number[], id: number, checked: boolean): number[] {
  const byId = new Map(flattenMenus(nodes).map((n) => [n.id, n]));
  const node = byId.get(id);
  if (!node) return [...granted];
  const below = flattenMenus([node]).map((n) => n.id);
  const next = new Set(granted);
  if (checked) {
    below.forEach((i) => next.add(i));
    const parents = parentsOf(nodes);
    for (let p = parents.get(id) ?? null; p != null; p = parents.get(p) ?? null) next.add(p);
  } else {
    below.forEach((i) => next.delete(i));
  }
  return flattenMenus(nodes).map((n) => n.id).filter((i) => next.has(i));
}

export interface GrantDiff {
  gained: MenuNode[];
  lost: MenuNode[];
}

/** Menus and buttons a role gains and loses going from `before` to `after` (tree order). */
export function grantDiff(nodes: readonly MenuNode[], before: readonly number[], after: readonly number[]): GrantDiff {
  const was = new Set(before);
  const will = new Set(after);
  const all = flattenMenus(nodes);
  return { gained: all.filter((n) => will.has(n.id) && !was.has(n.id)), lost: all.filter((n) => was.has(n.id) && !will.has(n.id)) };
}

/**
 * The tree keeping only nodes that match (and their ancestors); a matching menu keeps its subtree.
 * A node matches by its stored name, its url or its shown title (`titleOf`, the page's language).
 */
export function filterMenus(nodes: readonly MenuNode[], text: string, titleOf?: (n: MenuNode) => string): MenuNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const hit = (n: MenuNode) =>
    n.menuName.toLowerCase().includes(needle) || n.url.toLowerCase().includes(needle) || Boolean(titleOf?.(n).toLowerCase().includes(needle));
  return nodes.flatMap((n) => {
    if (hit(n)) return [n];
    const children = filterMenus(n.children ?? [], text, titleOf);
    return children.length ? [{ ...n, children }] : [];
  });
}
