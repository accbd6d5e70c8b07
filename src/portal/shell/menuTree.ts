// Spec 2.6, 6: the user shell's side menu from the server's menu tree (getRoleMenuVOByRoles).
// Pure: the sider passes the translation, the unit tests pin the rules.
// - only the user shell's pages are entries (issue 18): the server's tree also holds the admin
//   backend's menus (spec 2.3) for an administrator or an editor, which are not pages here; a node
//   is an entry when its url names a page of the user shell (navigation/routes.ts portalMenuPage),
//   a submenu when portal entries are listed under it, and left out otherwise;
// - type 1 nodes are button permissions, never menu entries;
// - hidden nodes (and what is under them) are skipped;
// - siblings are sorted by menuCode;
// - at most three levels; below the third level nothing is listed;
// - a node with listed children is a submenu, otherwise a leaf that goes to its page;
// - titles (navigation/menuTitle.ts, shared with the admin) are translated by menuName, then by the page's route name (so every entry has a title
//   in both languages), the server's menuName otherwise (spec 2.6 "fallback title");
// - the same page is listed once; when nothing is left, the default entries: workingSpace,
//   appCenterIndex, helpCenter.
import { menuTitle, type MenuTranslate } from "../../navigation/menuTitle";
import { portalMenuPage } from "../../navigation/routes";
import { MENU_TYPE, type SysMenu } from "../../shared/permissions";

export const MENU_MAX_DEPTH = 3;

export interface SideMenuEntry {
  /** Unique key: the leaf's path, or "menu:<id>" style for a submenu without a page. */
  key: string;
  menuName: string;
  title: string;
  /** Where a click goes: the page under /main. */
  path: string;
  icon: string | null;
  children?: SideMenuEntry[];
}

/** The translated title of a menu name, or null when there is none. */
export type { MenuTranslate };

type MenuSeed = Pick<SysMenu, "menuName" | "url" | "img">;

export const DEFAULT_MENU_SEEDS: readonly MenuSeed[] = [
  { menuName: "workingSpace", url: "/workingSpace", img: "AppstoreOutlined" },
  { menuName: "appCenterIndex", url: "/appCenterIndex", img: "AppstoreAddOutlined" },
  { menuName: "helpCenter", url: "/helpCenter", img: "QuestionCircleOutlined" },
];

/** "/workingSpace" or "workingSpace" -> "/main/workingSpace" (a submenu's own address). */
export function menuPath(url: string): string {
  const trimmed = url.trim();
  return `/main${trimmed.startsWith("/") ? trimmed : `/${trimmed}`}`;
}

function entryOf(node: MenuSeed, translate: MenuTranslate, key: string, path: string): SideMenuEntry {
  return {
    key,
    menuName: node.menuName,
    title: menuTitle(node, { name: translate }),
    path,
    icon: node.img ?? null,
  };
}

function build(nodes: readonly SysMenu[], translate: MenuTranslate, depth: number, listed: Set<string>): SideMenuEntry[] {
  return nodes
    .filter((node) => node.type !== MENU_TYPE.button && node.hidden !== 1)
    .sort((a, b) => a.menuCode - b.menuCode)
    .flatMap((node): SideMenuEntry[] => {
      const page = portalMenuPage(node.url);
      const children = depth < MENU_MAX_DEPTH ? build(node.children ?? [], translate, depth + 1, listed) : [];
      if (children.length > 0) {
        const path = page?.path ?? menuPath(node.url);
        return [{ ...entryOf(node, translate, `submenu:${node.id}:${path}`, path), children }];
      }
      // Not a page of the user shell (an admin menu), or a page listed already.
      if (!page || listed.has(page.path)) return [];
      listed.add(page.path);
      return [entryOf(node, translate, page.path, page.path)];
    });
}

export function buildMenuTree(menus: readonly SysMenu[] | null | undefined, translate: MenuTranslate): SideMenuEntry[] {
  const tree = build(menus ?? [], translate, 1, new Set());
  if (tree.length > 0) return tree;
  return DEFAULT_MENU_SEEDS.map((seed) => entryOf(seed, translate, menuPath(seed.url), menuPath(seed.url)));
}

/** Every leaf of the tree, depth first. */
export function menuLeaves(tree: readonly SideMenuEntry[]): SideMenuEntry[] {
  return tree.flatMap((entry) => (entry.children ? menuLeaves(entry.children) : [entry]));
}

/**
 * The key of the leaf the current path belongs to: the exact path, else the longest leaf path the
 * current one lies under (/main/appCenterIndex/customIndex -> /main/appCenterIndex).
 */
export function selectedMenuKey(tree: readonly SideMenuEntry[], pathname: string): string | null {
  let best: SideMenuEntry | null = null;
  for (const leaf of menuLeaves(tree)) {
    if (pathname === leaf.path || pathname.startsWith(`${leaf.path}/`)) {
      if (!best || leaf.path.length > best.path.length) best = leaf;
    }
  }
  return best?.key ?? null;
}

/** The keys of the submenus above a key (to open them). */
export function openMenuKeys(tree: readonly SideMenuEntry[], key: string | null): string[] {
  if (!key) return [];
  const walk = (entries: readonly SideMenuEntry[], trail: string[]): string[] | null => {
    for (const entry of entries) {
      if (entry.key === key) return trail;
      if (entry.children) {
        const found = walk(entry.children, [...trail, entry.key]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(tree, []) ?? [];
}
