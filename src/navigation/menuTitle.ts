// The title of one entry of the server's menu tree (sysMenu) in the page's language: the rule the
// user shell's side menu applies (portal/shell/menuTree.ts), and the admin's menu list, role
// permission tree, role show view and permission preview (admin/menus/useMenuTitle.ts), so a
// stored key (menuName "user", a button "sys:user:add") never shows where a title is meant.
// Pure: each caller hands in its translations; the unit tests pin the order.
import type { components } from "../api/schema";
import { portalMenuPage } from "./routes";

type SysMenu = components["schemas"]["SysMenu"];

/** A translation, or null/undefined when the locale files have none. */
export type MenuTranslate = (name: string) => string | null | undefined;

export interface MenuTitleSources {
  /** The translation of a menu name or a page's route name (the portal's `portal:menu.<name>`). */
  name: MenuTranslate;
  /** The title of the admin screen at a menu url (the label its side-menu entry shows), when known. */
  screen?: MenuTranslate;
  /** The title of a button's action (`sys:user:add` -> add), when known. */
  action?: MenuTranslate;
}

export type MenuTitleNode = Pick<SysMenu, "menuName" | "url"> & { type?: SysMenu["type"] };

/**
 * In order: the admin screen's title at the node's url (as the admin side menu shows it), the
 * menu name's translation, the portal page's title at its url (spec 2.6), for a button still
 * named by its key the action's title, and else the stored name (spec 2.6 "fallback title"; a
 * name an administrator typed is shown as typed).
 */
export function menuTitle(node: MenuTitleNode, sources: MenuTitleSources): string {
  const page = portalMenuPage(node.url);
  const isKeyNamedButton = node.type === 1 && node.menuName === node.url;
  return (
    sources.screen?.(node.url) ||
    sources.name(node.menuName) ||
    (page ? sources.name(page.name) : null) ||
    (isKeyNamedButton ? sources.action?.(node.url.split(":").pop() ?? "") : null) ||
    node.menuName
  );
}

/** The portal's menu titles (`portal:menu.<name>`) as a MenuTranslate, from the i18next instance. */
export function portalMenuTranslate(i18n: { exists: (key: string) => boolean; t: (key: string) => string }): MenuTranslate {
  return (name) => {
    const key = `portal:menu.${name}`;
    return i18n.exists(key) ? i18n.t(key) : null;
  };
}
