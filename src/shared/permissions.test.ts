import { afterEach, describe, expect, it } from "vitest";

import {
  buildMenuPermissionMap,
  buildPermissionMap,
  clearPermissionMaps,
  hasPermission,
  hasRole,
  loadMenuPermissionMap,
  loadPermissionMap,
  MENU_PERMISSION_KEY,
  savePermissionMap,
  storeMenuPermissions,
  SYSTEM_PERMISSION,
  type SysMenu,
} from "./permissions";

let nextId = 1;
function node(url: string, type: 0 | 1, children: SysMenu[] = [], hidden: 0 | 1 = 0): SysMenu {
  const id = nextId++;
  return { id, menuCode: id, menuName: url, url, type, hidden, parentId: null, children };
}

// A tree shaped like the server's: menus holding sub-menus holding buttons.
const tree: SysMenu[] = [
  node("/sys", 0, [
    node("/sys/role", 0, [node("sys:role:add", 1), node("sys:role:edit", 1)]),
    node("/sys/user", 0, [node("sys:user:add", 1)], 1),
  ]),
  node("system", 1),
];

afterEach(() => sessionStorage.clear());

describe("buildPermissionMap", () => {
  it("keys every type 1 node by url, however deep", () => {
    expect(buildPermissionMap(tree)).toEqual({
      "sys:role:add": true,
      "sys:role:edit": true,
      "sys:user:add": true,
      system: true,
    });
  });

  it("never lists a menu (type 0) as a button", () => {
    expect(buildPermissionMap(tree)).not.toHaveProperty("/sys/role");
  });

  it("gives an empty map for no menus", () => {
    expect(buildPermissionMap([])).toEqual({});
    expect(buildPermissionMap(undefined)).toEqual({});
  });

  it("skips a button without a url", () => {
    expect(buildPermissionMap([node("", 1)])).toEqual({});
  });
});

describe("buildMenuPermissionMap", () => {
  it("keys every type 0 node by url, hidden ones included", () => {
    expect(buildMenuPermissionMap(tree)).toEqual({ "/sys": true, "/sys/role": true, "/sys/user": true });
  });
});

describe("session storage", () => {
  it("saves and loads the button map under permissionMap", () => {
    savePermissionMap({ "sys:role:add": true });
    expect(JSON.parse(sessionStorage.getItem("permissionMap")!)).toEqual({ "sys:role:add": true });
    expect(loadPermissionMap()).toEqual({ "sys:role:add": true });
  });

  it("loads null when nothing is stored or the value is not a map", () => {
    expect(loadPermissionMap()).toBeNull();
    sessionStorage.setItem("permissionMap", "{broken");
    expect(loadPermissionMap()).toBeNull();
    sessionStorage.setItem("permissionMap", '["sys:role:add"]');
    expect(loadPermissionMap()).toBeNull();
  });

  it("storeMenuPermissions writes both maps and clearPermissionMaps removes them", () => {
    storeMenuPermissions(tree);
    expect(loadPermissionMap()).toHaveProperty("sys:role:add", true);
    expect(loadMenuPermissionMap()).toHaveProperty("/sys/role", true);
    expect(sessionStorage.getItem(MENU_PERMISSION_KEY)).not.toBeNull();

    clearPermissionMaps();
    expect(loadPermissionMap()).toBeNull();
    expect(loadMenuPermissionMap()).toBeNull();
  });

  it("uses the storage it is given", () => {
    const other = new Map<string, string>();
    const storage = {
      getItem: (k: string) => other.get(k) ?? null,
      setItem: (k: string, v: string) => void other.set(k, v),
      removeItem: (k: string) => void other.delete(k),
    } as Storage;
    savePermissionMap({ x: true }, storage);
    expect(loadPermissionMap(storage)).toEqual({ x: true });
    expect(loadPermissionMap()).toBeNull();
  });
});

describe("hasPermission (spec 6 button rule)", () => {
  const map = { "sys:role:add": true, system: true } as const;

  it("shows an element whose key is in the map", () => {
    expect(hasPermission(map, "sys:role:add")).toBe(true);
  });

  it("hides an element whose key is not in the map", () => {
    expect(hasPermission(map, "sys:role:delete")).toBe(false);
  });

  it("shows everything when the map is absent or empty", () => {
    expect(hasPermission(null, "sys:role:delete")).toBe(true);
    expect(hasPermission(undefined, "sys:role:delete")).toBe(true);
    expect(hasPermission({}, "sys:role:delete")).toBe(true);
  });

  it("never shows the system entry (spec 2.6) without the system button itself (issue 18)", () => {
    // Staff hold menus but no button at all: their map is empty, and only `system` stays hidden.
    for (const empty of [null, undefined, {}]) {
      expect(hasPermission(empty, SYSTEM_PERMISSION)).toBe(false);
      expect(hasPermission(empty, [SYSTEM_PERMISSION])).toBe(false);
      expect(hasPermission(empty, [SYSTEM_PERMISSION, "sys:role:add"])).toBe(true);
    }
    expect(hasPermission({ "sys:role:add": true }, SYSTEM_PERMISSION)).toBe(false);
    expect(hasPermission({ system: true }, SYSTEM_PERMISSION)).toBe(true);
  });

  it("shows an element when any key of a list is in the map", () => {
    expect(hasPermission(map, ["sys:role:delete", "system"])).toBe(true);
    expect(hasPermission(map, ["sys:role:delete", "sys:user:add"])).toBe(false);
  });

  it("requires nothing for an empty list", () => {
    expect(hasPermission(map, [])).toBe(true);
  });
});

describe("hasRole (spec 6 role rule)", () => {
  it("keeps an element when the user holds one of the listed roles", () => {
    expect(hasRole(["staff", "editor"], ["Admin", "editor"])).toBe(true);
  });

  it("removes an element when the user holds none of them", () => {
    expect(hasRole(["staff"], ["Admin", "editor"])).toBe(false);
    expect(hasRole([], ["admin"])).toBe(false);
    expect(hasRole(null, ["admin"])).toBe(false);
  });

  it("compares role codes without case", () => {
    expect(hasRole(["admin"], ["Admin"])).toBe(true);
  });

  it("restricts nothing when no role is listed", () => {
    expect(hasRole(["staff"], [])).toBe(true);
  });
});
