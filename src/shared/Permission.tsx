// Spec 6 permission components over the rules of permissions.ts.
// <HasPermission keys="x"> / keys={["a", "b"]}: children only when the button permission map has
// the key (any key of a list); everything but `system` when the map is absent or empty.
// <HasRole roles={["admin", "editor"]}>: children removed unless the user's roleCodes include one.
// Both read the session (permissionMap, userInfo) by default; a map or roles passed in win.
import type { ReactNode } from "react";

import type { components } from "../api/schema";
import { hasPermission, hasRole, loadPermissionMap, type PermissionMap } from "./permissions";
import { readSessionJson } from "./session";

type UserInfo = components["schemas"]["UserInfo"];

export interface HasPermissionProps {
  keys: string | readonly string[];
  /** The button permission map; the session's when left out. */
  map?: PermissionMap | null;
  /** Shown instead when the permission is missing. */
  fallback?: ReactNode;
  children?: ReactNode;
}

export function HasPermission({ keys, map, fallback = null, children }: HasPermissionProps) {
  const permissions = map === undefined ? loadPermissionMap() : map;
  return <>{hasPermission(permissions, keys) ? children : fallback}</>;
}

export interface HasRoleProps {
  roles: readonly string[];
  /** The user's role codes; the session user's when left out. */
  userRoles?: readonly string[] | null;
  children?: ReactNode;
}

export function HasRole({ roles, userRoles, children }: HasRoleProps) {
  const held = userRoles === undefined ? readSessionJson<UserInfo>("userInfo")?.roleCodes : userRoles;
  return hasRole(held, roles) ? <>{children}</> : null;
}

/** Hook form of the button rule, for menus built from data (the avatar dropdown). */
export function useHasPermission(keys: string | readonly string[], map?: PermissionMap | null): boolean {
  return hasPermission(map === undefined ? loadPermissionMap() : map, keys);
}
