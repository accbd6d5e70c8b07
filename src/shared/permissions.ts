// Spec 6 permission rules, kept free of React so the access-control provider, the shells and
// plain components all read one implementation.
//
// The server's menu tree (getRoleMenuVOByRoles) holds two kinds of node: type 0 menus and type 1
// button permissions, each keyed by its url. Buttons go into the permission map of spec 6
// (session key `permissionMap`); menu urls go into a second map of the same shape (session key
// `menuPermissionMap`) so the admin shell can hide menus the roles do not grant. Both maps follow
// the same rule: absent or empty means "no information", and everything is shown.
import type { components } from "../api/schema";
import { SESSION_KEYS } from "./session";

export type SysMenu = components["schemas"]["SysMenu"];

/** url -> true. A plain object so it survives JSON in session storage unchanged. */
export type PermissionMap = Record<string, true>;

export const MENU_TYPE = { menu: 0, button: 1 } as const;

/** Session storage key of the menu url map (the button map uses spec 3's `permissionMap`). */
export const MENU_PERMISSION_KEY = SESSION_KEYS.menuPermissionMap;

function collectUrls(menus: readonly SysMenu[], type: number, into: PermissionMap): PermissionMap {
  for (const node of menus) {
    // Hidden nodes still grant: hidden only keeps an entry out of the side menu (spec 2.6).
    if (node.type === type && node.url) into[node.url] = true;
    if (node.children?.length) collectUrls(node.children, type, into);
  }
  return into;
}

/** Type 1 nodes anywhere in the tree, keyed by url (spec 6). */
export function buildPermissionMap(menus: readonly SysMenu[] | null | undefined): PermissionMap {
  return collectUrls(menus ?? [], MENU_TYPE.button, {});
}

/** Type 0 nodes anywhere in the tree, keyed by url. */
export function buildMenuPermissionMap(menus: readonly SysMenu[] | null | undefined): PermissionMap {
  return collectUrls(menus ?? [], MENU_TYPE.menu, {});
}

function save(storage: Storage, key: string, map: PermissionMap): void {
  storage.setItem(key, JSON.stringify(map));
}

function load(storage: Storage, key: string): PermissionMap | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // Anything but a plain object (a hand-edited value, an old format) counts as absent.
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return parsed as PermissionMap;
  } catch {
    return null;
  }
}

export function savePermissionMap(map: PermissionMap, storage: Storage = sessionStorage): void {
  save(storage, SESSION_KEYS.permissionMap, map);
}

export function loadPermissionMap(storage: Storage = sessionStorage): PermissionMap | null {
  return load(storage, SESSION_KEYS.permissionMap);
}

export function saveMenuPermissionMap(map: PermissionMap, storage: Storage = sessionStorage): void {
  save(storage, MENU_PERMISSION_KEY, map);
}

export function loadMenuPermissionMap(storage: Storage = sessionStorage): PermissionMap | null {
  return load(storage, MENU_PERMISSION_KEY);
}

/** What a login or role change does with the menu tree it loaded: store both maps. */
export function storeMenuPermissions(
  menus: readonly SysMenu[] | null | undefined,
  storage: Storage = sessionStorage,
): void {
  savePermissionMap(buildPermissionMap(menus), storage);
  saveMenuPermissionMap(buildMenuPermissionMap(menus), storage);
}

/** Logout: forget both maps. */
export function clearPermissionMaps(storage: Storage = sessionStorage): void {
  storage.removeItem(SESSION_KEYS.permissionMap);
  storage.removeItem(MENU_PERMISSION_KEY);
}

/** Spec 2.6: the button permission of the avatar menu's system state management (the admin backend). */
export const SYSTEM_PERMISSION = "system";

/**
 * Button permissions only a grant shows (issue 18): spec 6's "absent or empty map shows
 * everything" would give every session without buttons (all staff) the way into the admin backend
 * that spec 2.6 reserves for the `system` permission.
 */
const GRANT_ONLY: ReadonlySet<string> = new Set([SYSTEM_PERMISSION]);

/**
 * Spec 6 button rule: shown when the map holds the key, or any key of a list. An absent or empty
 * map shows everything but the grant-only keys (`system`); an empty list requires nothing.
 */
export function hasPermission(
  map: PermissionMap | null | undefined,
  keyOrKeys: string | readonly string[],
): boolean {
  const keys = typeof keyOrKeys === "string" ? [keyOrKeys] : keyOrKeys;
  if (keys.length === 0) return true;
  if (!map || Object.keys(map).length === 0) return keys.some((key) => !GRANT_ONLY.has(key));
  return keys.some((key) => map[key] === true);
}

/**
 * Spec 6 role rule: kept only when the user's roles include one of the listed roles. Role codes
 * are compared without case (the spec's examples say "Admin" for the role code admin). An empty
 * list restricts nothing.
 */
export function hasRole(
  userRoles: readonly string[] | null | undefined,
  listedRoles: readonly string[],
): boolean {
  if (listedRoles.length === 0) return true;
  const held = new Set((userRoles ?? []).map((role) => role.toLowerCase()));
  return listedRoles.some((role) => held.has(role.toLowerCase()));
}
