import { describe, expect, it } from "vitest";

import type { SysMenu } from "../../shared/permissions";
import { buildMenuTree, menuPath, openMenuKeys, selectedMenuKey, type SideMenuEntry } from "./menuTree";

let nextId = 1;
const node = (menuCode: number, menuName: string, extra: Partial<SysMenu> = {}): SysMenu => ({
  id: nextId++,
  menuCode,
  menuName,
  url: `/${menuName}`,
  type: 0,
  hidden: 0,
  ...extra,
});

const titles: Record<string, string> = { workingSpace: "工作空间", appCenterIndex: "应用中心", helpCenter: "帮助中心" };
const translate = (name: string) => titles[name] ?? null;
const names = (entries: SideMenuEntry[]) => entries.map((e) => e.menuName);

describe("menu tree", () => {
  it("sorts siblings by menuCode at every level", () => {
    const tree = buildMenuTree(
      [node(3, "c"), node(1, "a", { children: [node(12, "a2"), node(11, "a1")] }), node(2, "b")],
      translate,
    );
    expect(names(tree)).toEqual(["a", "b", "c"]);
    expect(names(tree[0].children!)).toEqual(["a1", "a2"]);
  });

  it("skips hidden nodes and everything under them", () => {
    const tree = buildMenuTree(
      [node(1, "shown", { children: [node(11, "hiddenChild", { hidden: 1 }), node(12, "visibleChild")] }), node(2, "gone", { hidden: 1, children: [node(21, "under")] })],
      translate,
    );
    expect(names(tree)).toEqual(["shown"]);
    expect(names(tree[0].children!)).toEqual(["visibleChild"]);
  });

  it("never lists type 1 nodes; a node with only buttons under it is a leaf", () => {
    const tree = buildMenuTree(
      [node(1, "user", { children: [node(11, "sys:user:add", { type: 1 }), node(12, "sys:user:edit", { type: 1 })] }), node(9, "system", { type: 1 })],
      translate,
    );
    expect(names(tree)).toEqual(["user"]);
    expect(tree[0].children).toBeUndefined();
    expect(tree[0].path).toBe("/main/user");
  });

  it("lists up to three levels; a third-level node is a leaf", () => {
    const tree = buildMenuTree(
      [node(1, "l1", { children: [node(2, "l2", { children: [node(3, "l3", { children: [node(4, "l4")] })] })] })],
      translate,
    );
    const l2 = tree[0].children![0];
    const l3 = l2.children![0];
    expect(l3.menuName).toBe("l3");
    expect(l3.children).toBeUndefined();
    expect(l3.key).toBe("/main/l3");
  });

  it("translates titles by menuName and falls back to the server's name", () => {
    const tree = buildMenuTree([node(1, "workingSpace"), node(2, "unknownMenu")], translate);
    expect(tree.map((e) => e.title)).toEqual(["工作空间", "unknownMenu"]);
  });

  it("falls back to the default entries when the server lists none", () => {
    for (const menus of [[], null, undefined, [node(1, "system", { type: 1 })], [node(1, "x", { hidden: 1 })]]) {
      const tree = buildMenuTree(menus, translate);
      expect(names(tree)).toEqual(["workingSpace", "appCenterIndex", "helpCenter"]);
      expect(tree.map((e) => e.title)).toEqual(["工作空间", "应用中心", "帮助中心"]);
      expect(tree.map((e) => e.path)).toEqual(["/main/workingSpace", "/main/appCenterIndex", "/main/helpCenter"]);
    }
  });

  it("leaf paths are /main + url", () => {
    expect(menuPath("/helpCenter")).toBe("/main/helpCenter");
    expect(menuPath("helpCenter")).toBe("/main/helpCenter");
  });

  it("selects the leaf of the current route and opens its submenus", () => {
    const tree = buildMenuTree(
      [node(1, "appCenterIndex"), node(2, "policy", { children: [node(21, "knowledgeIndex")] })],
      translate,
    );
    expect(selectedMenuKey(tree, "/main/appCenterIndex")).toBe("/main/appCenterIndex");
    expect(selectedMenuKey(tree, "/main/appCenterIndex/customIndex")).toBe("/main/appCenterIndex");
    expect(selectedMenuKey(tree, "/main/appCenterIndexX")).toBeNull();
    expect(selectedMenuKey(tree, "/main/knowledgeIndex")).toBe("/main/knowledgeIndex");
    expect(openMenuKeys(tree, "/main/knowledgeIndex")).toEqual([tree[1].key]);
    expect(openMenuKeys(tree, null)).toEqual([]);
  });
});
