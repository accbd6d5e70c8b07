// The role show view from the sysRole definition (issue 22 items 1 and 6): the role's fields, and
// what it grants - the granted menus and buttons with the menus above them, nothing else.
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import type { MenuNode } from "../menus/menuTree";
import { renderAdmin, seededRoles, setUpAdminTests } from "../test-support";

setUpAdminTests();

const node = (id: number, menuName: string, url: string, type: 0 | 1, children: MenuNode[] = []): MenuNode => ({
  id, menuCode: id, menuName, url, type, hidden: 0, children,
});
const tree: MenuNode[] = [
  node(1, "System", "/sys", 0, [node(2, "Users", "/sys/user", 0, [node(3, "Delete user", "sys:user:delete", 1)]), node(4, "Roles", "/sys/role", 0)]),
  node(5, "Policies", "/policy", 0),
];

describe("role show view", () => {
  it("lists the role's fields and the entries it grants, with the menus above them", async () => {
    const roles = seededRoles().map((r) => (r.id === 3 ? { ...r, menuIds: [3] } : r));
    renderAdmin({
      path: "/main/sys/role/show/3",
      roles,
      intercept: (request) => (request.url.endsWith("/sysRole/getRoleMenu") ? json(200, envelope(0, "成功", "Success", tree)) : undefined),
    });
    expect(await screen.findByRole("heading", { name: "Role details" })).toBeTruthy();
    expect(await screen.findByText("Edits content")).toBeTruthy();
    const permissions = await screen.findByTestId("role-permissions");
    expect(await within(permissions).findByText("Delete user (sys:user:delete)")).toBeTruthy();
    expect(within(permissions).getByText("Users (/sys/user)")).toBeTruthy();
    expect(within(permissions).getByText("System (/sys)")).toBeTruthy();
    expect(within(permissions).queryByText("Roles (/sys/role)")).toBeNull();
    expect(within(permissions).queryByText("Policies (/policy)")).toBeNull();
  });
});
