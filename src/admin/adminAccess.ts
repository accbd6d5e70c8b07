// Which admin screens a session may see (issue 18, item 6): the admin shell loads the session's own
// menu tree (getRoleMenuVOByRoles) and keeps only the definitions whose menu the roles grant. No
// granted menu means no admin backend for this session: the shell shows "no permission" instead
// of a full menu of screens the server refuses. Unlike spec 6's button rule, an empty menu map
// here means "nothing granted": the shell only renders once the tree has loaded.
import type { PermissionMap } from "../shared/permissions";
import { menuUrlOf, toRefineResource } from "./crud/registry";
import type { AdminResourceDef } from "./crud/types";

export { menuUrlOf };

/** The definitions whose menu url the loaded menu map grants, in their menu order. */
export function grantedAdminDefinitions(defs: readonly AdminResourceDef[], menus: PermissionMap): AdminResourceDef[] {
  return defs.filter((def) => {
    const url = menuUrlOf(def);
    return url !== undefined && menus[url] === true;
  });
}

/**
 * Where the admin shell lands (and where unknown admin paths go): the admin home when granted,
 * else the first granted screen of the menu with a list page; null when there is none.
 */
export function adminLanding(granted: readonly AdminResourceDef[]): { name: string; path: string } | null {
  const withList = granted.filter((def) => toRefineResource(def).list);
  const def = withList.find((d) => d.name === "home") ?? withList.find((d) => !d.hideInMenu);
  return def ? { name: def.name, path: String(toRefineResource(def).list) } : null;
}
