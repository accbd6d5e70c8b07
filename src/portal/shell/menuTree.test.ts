import { describe, expect, it } from "vitest";

import type { SysMenu } from "../../shared/permissions";
import { buildMenuTree, menuLeaves, menuPath, openMenuKeys, selectedMenuKey, type SideMenuEntry } from "./menuTree";

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
const button = (menuCode: number, url: string): SysMenu => node(menuCode, url, { url, type: 1 });

const titles: Record<string, string> = {
  workingSpace: "工作空间",
  appCenterIndex: "应用中心",
  helpCenter: "帮助中心",
  missionCenterIndex: "任务中心",
  myDataCenter: "数据中心",
  myProgramme: "日程中心",
  teasingList: "用户吐槽",
  personalCenter: "个人中心",
  skinPage: "装扮",
  customIndex: "自定义",
  centres: "各中心",
};
const translate = (name: string) => titles[name] ?? null;
const names = (entries: SideMenuEntry[]) => entries.map((e) => e.menuName);

/** The user menus of the seed (spec 2.2), as every role holds them. */
const userMenus = () => [
  node(1, "workingSpace"),
  node(2, "appCenterIndex"),
  node(3, "helpCenter"),
  node(4, "missionCenterIndex"),
  node(5, "myDataCenter"),
  node(6, "myProgramme"),
  node(7, "teasingList"),
];

/** The admin backend's menus of the seed (spec 2.3), as the administrator's role holds them. */
const adminMenus = () => [
  node(100, "home", { hidden: 1 }),
  node(110, "sys", {
    children: [
      node(111, "user", { url: "/sys/user", children: [button(1111, "sys:user:add")] }),
      node(112, "role", { url: "/sys/role" }),
      node(113, "menu", { url: "/sys/menu" }),
      node(114, "audit", { url: "/sys/audit" }),
    ],
  }),
  node(120, "tagManamentList", {
    children: [node(121, "recommendTagsList", { url: "/tagManamentList/recommendTagsList" }), node(122, "applicationTagsList", { url: "/tagManamentList/applicationTagsList" })],
  }),
  node(130, "applicationManagement", { children: [button(1301, "applicationManagement:add")] }),
  node(131, "outAppList"),
  node(140, "policy", { children: [node(141, "knowledgeIndex"), node(142, "privacyPolicyList"), node(143, "privacyPolicyAdd", { hidden: 1 })] }),
  node(150, "taskManagement", { children: [node(151, "commentList"), node(152, "roastList")] }),
  node(160, "originDataList"),
  node(170, "personalCenter"),
  button(900, "system"),
];

describe("menu tree", () => {
  it("lists only the user shell's pages: an administrator's admin menus are no entries (issue 18)", () => {
    const tree = buildMenuTree([...adminMenus(), ...userMenus()], translate);
    expect(names(tree)).toEqual([
      "workingSpace", "appCenterIndex", "helpCenter", "missionCenterIndex", "myDataCenter", "myProgramme", "teasingList", "personalCenter",
    ]);
    expect(tree.map((e) => e.title)).toEqual(["工作空间", "应用中心", "帮助中心", "任务中心", "数据中心", "日程中心", "用户吐槽", "个人中心"]);
    expect(tree.map((e) => e.path)).toEqual([
      "/main/workingSpace", "/main/appCenterIndex", "/main/helpCenter", "/main/missionCenterIndex", "/main/myDataCenter",
      "/main/myProgramme", "/main/teasingList", "/main/people",
    ]);
    expect(tree.every((e) => !e.children)).toBe(true);
  });

  it("an editor's policy menus are no entries either", () => {
    const tree = buildMenuTree([...userMenus(), node(140, "policy", { children: [node(141, "knowledgeIndex")] })], translate);
    expect(names(tree)).not.toContain("policy");
    expect(menuLeaves(tree).map((e) => e.path)).not.toContain("/main/knowledgeIndex");
    expect(tree).toHaveLength(7);
  });

  it("sorts siblings by menuCode at every level", () => {
    const tree = buildMenuTree(
      [node(3, "helpCenter"), node(1, "centres", { url: "/centres", children: [node(12, "myProgramme"), node(11, "myDataCenter")] }), node(2, "workingSpace")],
      translate,
    );
    expect(names(tree)).toEqual(["centres", "workingSpace", "helpCenter"]);
    expect(names(tree[0].children!)).toEqual(["myDataCenter", "myProgramme"]);
  });

  it("keeps a group whose own url is no page when portal pages are listed under it, with its translated title", () => {
    const tree = buildMenuTree([node(1, "centres", { url: "/centres", children: [node(11, "missionCenterIndex"), node(12, "outAppList")] })], translate);
    expect(tree).toHaveLength(1);
    expect(tree[0].title).toBe("各中心");
    expect(tree[0].children!.map((e) => e.path)).toEqual(["/main/missionCenterIndex"]);
  });

  it("skips hidden nodes and everything under them", () => {
    const tree = buildMenuTree(
      [
        node(1, "centres", { url: "/centres", children: [node(11, "teasingList", { hidden: 1 }), node(12, "myProgramme")] }),
        node(2, "helpCenterGroup", { url: "/helpCenter", hidden: 1, children: [node(21, "myDataCenter")] }),
      ],
      translate,
    );
    expect(names(tree)).toEqual(["centres"]);
    expect(names(tree[0].children!)).toEqual(["myProgramme"]);
  });

  it("never lists type 1 nodes; a page with only buttons under it is a leaf", () => {
    const tree = buildMenuTree(
      [node(1, "appCenterIndex", { children: [button(11, "appCenterIndex:add"), button(12, "appCenterIndex:edit")] }), button(9, "system")],
      translate,
    );
    expect(names(tree)).toEqual(["appCenterIndex"]);
    expect(tree[0].children).toBeUndefined();
    expect(tree[0].path).toBe("/main/appCenterIndex");
  });

  it("lists up to three levels; a third-level node is a leaf", () => {
    const tree = buildMenuTree(
      [node(1, "l1", { children: [node(2, "l2", { children: [node(3, "appCenterIndex", { children: [node(4, "appCenterIndex/customIndex", { url: "/appCenterIndex/customIndex" })] })] })] })],
      translate,
    );
    const l2 = tree[0].children![0];
    const l3 = l2.children![0];
    expect(l3.menuName).toBe("appCenterIndex");
    expect(l3.children).toBeUndefined();
    expect(l3.key).toBe("/main/appCenterIndex");
  });

  it("titles: the menuName's translation, else the page's, else the server's name", () => {
    const tree = buildMenuTree(
      [node(1, "workingSpace"), node(2, "我的数据", { url: "/myDataCenter" }), node(3, "Dress up", { url: "/skinPage" })],
      (name) => (name === "Dress up" ? "换肤" : translate(name)),
    );
    expect(tree.map((e) => e.title)).toEqual(["工作空间", "数据中心", "换肤"]);
    const untranslated = buildMenuTree([node(1, "centres", { url: "/centres", children: [node(2, "helpCenter")] })], () => null);
    expect(untranslated[0].title).toBe("centres");
    expect(untranslated[0].children![0].title).toBe("helpCenter");
  });

  it("opens an alias's page and lists a page once", () => {
    const tree = buildMenuTree([node(1, "task"), node(2, "missionCenterIndex"), node(3, "personalCenter"), node(4, "people")], translate);
    expect(tree.map((e) => e.path)).toEqual(["/main/missionCenterIndex", "/main/people"]);
    expect(tree.map((e) => e.title)).toEqual(["任务中心", "个人中心"]);
  });

  it("falls back to the default entries when the server lists none", () => {
    for (const menus of [[], null, undefined, [button(1, "system")], [node(1, "workingSpace", { hidden: 1 })], [node(1, "sys", { children: [node(2, "user", { url: "/sys/user" })] })]]) {
      const tree = buildMenuTree(menus, translate);
      expect(names(tree)).toEqual(["workingSpace", "appCenterIndex", "helpCenter"]);
      expect(tree.map((e) => e.title)).toEqual(["工作空间", "应用中心", "帮助中心"]);
      expect(tree.map((e) => e.path)).toEqual(["/main/workingSpace", "/main/appCenterIndex", "/main/helpCenter"]);
    }
  });

  it("a submenu's own address is /main + url", () => {
    expect(menuPath("/helpCenter")).toBe("/main/helpCenter");
    expect(menuPath("helpCenter")).toBe("/main/helpCenter");
  });

  it("selects the leaf of the current route and opens its submenus", () => {
    const tree = buildMenuTree(
      [node(1, "appCenterIndex"), node(2, "centres", { url: "/centres", children: [node(21, "teasingList")] })],
      translate,
    );
    expect(selectedMenuKey(tree, "/main/appCenterIndex")).toBe("/main/appCenterIndex");
    expect(selectedMenuKey(tree, "/main/appCenterIndex/customIndex")).toBe("/main/appCenterIndex");
    expect(selectedMenuKey(tree, "/main/appCenterIndexX")).toBeNull();
    expect(selectedMenuKey(tree, "/main/teasingList")).toBe("/main/teasingList");
    expect(openMenuKeys(tree, "/main/teasingList")).toEqual([tree[1].key]);
    expect(openMenuKeys(tree, null)).toEqual([]);
  });
});
