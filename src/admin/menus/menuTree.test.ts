import { describe, expect, it } from "vitest";

import { buttonPrefix, descendantCount, filterMenus, grantDiff, toggleGrant, type MenuNode } from "./menuTree";

const node = (id: number, url: string, type: 0 | 1, parentId: number | null, children: MenuNode[] = []): MenuNode => ({
  id, url, menuName: url, menuCode: id, type, parentId, hidden: 0, children,
});
// /sys > /sys/user > sys:user:add, sys:user:delete ; /sys > /sys/role ; /home
const tree = [
  node(1, "/sys", 0, null, [node(2, "/sys/user", 0, 1, [node(3, "sys:user:add", 1, 2), node(4, "sys:user:delete", 1, 2)]), node(5, "/sys/role", 0, 1)]),
  node(6, "/home", 0, null),
];

describe("menu tree helpers", () => {
  it("counts what a delete takes along", () => {
    expect(descendantCount(tree[0])).toBe(4);
    expect(descendantCount(tree[1])).toBe(0);
  });

  it("checking a button grants its menus; unchecking a menu revokes what is below it", () => {
    expect(toggleGrant(tree, [], 4, true)).toEqual([1, 2, 4]);
    expect(toggleGrant(tree, [6], 2, true)).toEqual([1, 2, 3, 4, 6]);
    expect(toggleGrant(tree, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
    expect(toggleGrant(tree, [1, 2, 3, 4], 4, false)).toEqual([1, 2, 3]);
  });

  it("lists what a role gains and loses in tree order", () => {
    const diff = grantDiff(tree, [1, 2, 3, 4], [1, 2, 3, 6]);
    expect(diff.gained.map((n) => n.url)).toEqual(["/home"]);
    expect(diff.lost.map((n) => n.url)).toEqual(["sys:user:delete"]);
  });

  it("filters by name or address keeping the ancestors", () => {
    const kept = filterMenus(tree, "delete");
    expect(kept.map((n) => n.url)).toEqual(["/sys"]);
    expect(kept[0].children!.map((n) => n.url)).toEqual(["/sys/user"]);
    expect(kept[0].children![0].children!.map((n) => n.url)).toEqual(["sys:user:delete"]);
    expect(buttonPrefix("/tagManamentList/recommendTagsList")).toBe("tagManamentList:recommendTagsList");
  });
});
