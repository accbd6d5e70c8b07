// Issue 22 item 6: the menu list, the role permission tree and the role show view showed the
// stored keys (menuName "user", a button "sys:user:add"); they show the titles the side menus show,
// in the page's language.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import { renderAdmin, seededRoles, setUpAdminTests } from "../test-support";
import type { MenuNode } from "./menuTree";

setUpAdminTests();

const BUDGET = { timeout: 20_000 };

const node = (id: number, menuName: string, url: string, type: 0 | 1, children: MenuNode[] = []): MenuNode => ({
  id, menuCode: id, menuName, url, type, hidden: 0, parentId: null, children,
});
/** As the seed stores them: names are keys. */
const seededTree = (): MenuNode[] => [
  node(1, "workingSpace", "/workingSpace", 0),
  node(110, "sys", "/sys", 0, [node(111, "user", "/sys/user", 0, [node(1111, "sys:user:add", "sys:user:add", 1)])]),
];
const treeAnswer = (paths: string[]) => (request: Request) =>
  paths.includes(new URL(request.url).pathname.replace(/^\/portal-api/, "")) ? json(200, envelope(0, "成功", "Success", seededTree())) : undefined;

describe("menu titles in the admin", () => {
  it("the menu list shows the translated titles, not the stored keys", async () => {
    renderAdmin({ path: "/main/sys/menu", intercept: treeAnswer(["/sysMenu"]) });
    const table = await screen.findByRole("table", {}, BUDGET);
    expect(await within(table).findByText("Users", {}, BUDGET)).toBeTruthy();
    expect(within(table).getByText("System")).toBeTruthy();
    expect(within(table).getByText("Workspace")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(await within(table).findByText("Add", {}, BUDGET)).toBeTruthy();
    expect(within(table).queryByText("user")).toBeNull();
    expect(within(table).queryByText("sys")).toBeNull();
  });

  it("the list follows the language", async () => {
    await setLanguage("cn");
    renderAdmin({ path: "/main/sys/menu", intercept: treeAnswer(["/sysMenu"]) });
    const table = await screen.findByRole("table", {}, BUDGET);
    expect(await within(table).findByText("用户管理", {}, BUDGET)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "全部展开" }));
    expect(await within(table).findByText("新增", {}, BUDGET)).toBeTruthy();
  });

  it("the role's permission tree and its show view show the titles", async () => {
    const roles = seededRoles().map((r) => (r.id === 3 ? { ...r, menuIds: [110, 111, 1111] } : r));
    renderAdmin({ path: "/main/sys/role/show/3", roles, intercept: treeAnswer(["/sysRole/getRoleMenu"]) });
    const permissions = await screen.findByTestId("role-permissions", {}, BUDGET);
    expect(await within(permissions).findByText("Users (/sys/user)", {}, BUDGET)).toBeTruthy();
    expect(within(permissions).getByText("System (/sys)")).toBeTruthy();
    expect(within(permissions).getByText("Add (sys:user:add)")).toBeTruthy();
  });

  it("the role editor's permission tree shows the titles", async () => {
    const roles = seededRoles().map((r) => (r.id === 3 ? { ...r, menuIds: [110, 111, 1111] } : r));
    renderAdmin({ path: "/main/sys/role/edit/3", roles, intercept: treeAnswer(["/sysRole/getRoleMenu"]) });
    const tree = await screen.findByRole("group", { name: "Menu and button permissions" }, BUDGET);
    expect(await within(tree).findByText("Users", {}, BUDGET)).toBeTruthy();
    expect(within(tree).getByText("System")).toBeTruthy();
    expect(within(tree).getByText("Add")).toBeTruthy();
    expect(within(tree).queryByText("user")).toBeNull();
  });
});
