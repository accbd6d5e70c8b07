// refine access control from the spec 6 permission maps. The UI only hides what the roles do not
// grant; the server checks every call on its own (ARCHITECTURE 4).
//
// Key scheme (src/admin/README.md): a resource names its menu url in meta.menuUrl ("/sys/role").
// Viewing (list, show) needs that menu url in the menu map; any other action needs the button
// "<menu url with ':' for '/'>:<verb>" in the button map, e.g. create on /sys/role -> sys:role:add.
import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { buttonKey, buttonPrefix } from "../../common/buttonKeys";
import {
  hasPermission,
  loadMenuPermissionMap,
  loadPermissionMap,
  type PermissionMap,
} from "../shared/permissions";

/** refine actions that only look at records: guarded by the menu itself. */
const VIEW_ACTIONS = new Set(["list", "show"]);

/** Button verbs of the key scheme; an action not listed here is its own verb. */
const BUTTON_VERBS: Record<string, string> = {
  create: "add",
  clone: "add",
  edit: "edit",
  delete: "delete",
  status: "status",
};

export type PermissionKey = { map: "menu" | "button"; key: string };

// The button-key rule is one module both sides import (common/buttonKeys.ts).
export { buttonPrefix };

/** The permission key one action on a resource needs. */
export function permissionKey(menuUrl: string, action: string): PermissionKey {
  if (VIEW_ACTIONS.has(action)) return { map: "menu", key: menuUrl };
  return { map: "button", key: buttonKey(menuUrl, BUTTON_VERBS[action] ?? action) };
}

export type PermissionSource = {
  buttons: () => PermissionMap | null;
  menus: () => PermissionMap | null;
};

const sessionSource: PermissionSource = {
  buttons: () => loadPermissionMap(),
  menus: () => loadMenuPermissionMap(),
};

function menuUrlOf(params: CanParams["params"]): string | undefined {
  const menuUrl: unknown = params?.resource?.meta?.menuUrl;
  return typeof menuUrl === "string" && menuUrl !== "" ? menuUrl : undefined;
}

export function createAccessControlProvider(source: PermissionSource = sessionSource): AccessControlProvider {
  return {
    can: async ({ action, params }: CanParams): Promise<CanReturnType> => {
      const menuUrl = menuUrlOf(params);
      // A resource that names no menu is not restricted here (the server still checks it).
      if (!menuUrl) return { can: true };
      const needed = permissionKey(menuUrl, action);
      const map = needed.map === "menu" ? source.menus() : source.buttons();
      // The reason is never shown: buttons are hidden, not disabled (spec 6).
      return hasPermission(map, needed.key) ? { can: true } : { can: false, reason: needed.key };
    },
    options: {
      // Spec 6 removes an element the roles do not grant instead of greying it out.
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // The maps change at login and role change; never trust a cached answer.
      queryOptions: { staleTime: 0, gcTime: 0 },
    },
  };
}

/** The provider <Refine> mounts: reads the maps from session storage at every check. */
export const accessControlProvider: AccessControlProvider = createAccessControlProvider();
