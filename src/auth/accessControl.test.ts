import { afterEach, describe, expect, it } from "vitest";

import {
  accessControlProvider,
  buttonPrefix,
  createAccessControlProvider,
  permissionKey,
  type PermissionSource,
} from "./accessControl";
import { savePermissionMap, saveMenuPermissionMap } from "../shared/permissions";

const roleResource = { name: "sysRole", meta: { menuUrl: "/sys/role" } };

function source(buttons: Record<string, true> | null, menus: Record<string, true> | null): PermissionSource {
  return { buttons: () => buttons, menus: () => menus };
}

afterEach(() => sessionStorage.clear());

describe("permission key scheme", () => {
  it("turns a menu url into a button prefix", () => {
    expect(buttonPrefix("/sys/role")).toBe("sys:role");
    expect(buttonPrefix("/tagManamentList")).toBe("tagManamentList");
  });

  it("guards list and show by the menu url", () => {
    expect(permissionKey("/sys/role", "list")).toEqual({ map: "menu", key: "/sys/role" });
    expect(permissionKey("/sys/role", "show")).toEqual({ map: "menu", key: "/sys/role" });
  });

  it("guards create and clone by the add button", () => {
    expect(permissionKey("/sys/role", "create")).toEqual({ map: "button", key: "sys:role:add" });
    expect(permissionKey("/sys/role", "clone")).toEqual({ map: "button", key: "sys:role:add" });
  });

  it("guards edit, delete and status by buttons of the same name", () => {
    expect(permissionKey("/sys/role", "edit").key).toBe("sys:role:edit");
    expect(permissionKey("/sys/role", "delete").key).toBe("sys:role:delete");
    expect(permissionKey("/sys/role", "status").key).toBe("sys:role:status");
  });

  it("uses any other action as its own verb", () => {
    expect(permissionKey("/sys/role", "export")).toEqual({ map: "button", key: "sys:role:export" });
  });
});

describe("accessControlProvider.can", () => {
  it("allows create when the add button is granted", async () => {
    const provider = createAccessControlProvider(source({ "sys:role:add": true }, null));
    await expect(
      provider.can({ resource: "sysRole", action: "create", params: { resource: roleResource } }),
    ).resolves.toEqual({ can: true });
  });

  it("refuses edit when only other buttons are granted", async () => {
    const provider = createAccessControlProvider(source({ "sys:role:add": true }, null));
    await expect(
      provider.can({ resource: "sysRole", action: "edit", params: { resource: roleResource } }),
    ).resolves.toMatchObject({ can: false });
  });

  it("allows every button when the button map is absent or empty", async () => {
    for (const buttons of [null, {}]) {
      const provider = createAccessControlProvider(source(buttons, { "/other": true }));
      await expect(
        provider.can({ resource: "sysRole", action: "delete", params: { resource: roleResource } }),
      ).resolves.toEqual({ can: true });
    }
  });

  it("shows the list only when the roles grant its menu", async () => {
    const granted = createAccessControlProvider(source(null, { "/sys/role": true }));
    const other = createAccessControlProvider(source(null, { "/sys/user": true }));
    const params = { resource: roleResource };
    await expect(granted.can({ resource: "sysRole", action: "list", params })).resolves.toEqual({ can: true });
    await expect(other.can({ resource: "sysRole", action: "list", params })).resolves.toMatchObject({
      can: false,
    });
  });

  it("does not restrict a resource that names no menu", async () => {
    const provider = createAccessControlProvider(source({ x: true }, { "/y": true }));
    await expect(provider.can({ resource: "other", action: "edit", params: {} })).resolves.toEqual({
      can: true,
    });
    await expect(provider.can({ resource: "other", action: "list" })).resolves.toEqual({ can: true });
  });

  it("reads the maps from session storage at every check", async () => {
    const params = { resource: roleResource };
    savePermissionMap({ "sys:role:add": true });
    await expect(accessControlProvider.can({ action: "edit", params })).resolves.toMatchObject({ can: false });
    savePermissionMap({ "sys:role:edit": true });
    await expect(accessControlProvider.can({ action: "edit", params })).resolves.toEqual({ can: true });
    saveMenuPermissionMap({ "/sys/user": true });
    await expect(accessControlProvider.can({ action: "list", params })).resolves.toMatchObject({ can: false });
  });

  it("hides refused buttons instead of disabling them", () => {
    expect(accessControlProvider.options?.buttons).toEqual({
      enableAccessControl: true,
      hideIfUnauthorized: true,
    });
  });
});
