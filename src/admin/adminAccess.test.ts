import { describe, expect, it } from "vitest";

import { buildMenuPermissionMap, type SysMenu } from "../shared/permissions";
import { adminLanding, grantedAdminDefinitions, menuUrlOf } from "./adminAccess";
import { adminDefinitions } from "./crud/registry";

let nextId = 1;
const menu = (url: string, type: 0 | 1 = 0, children: SysMenu[] = []): SysMenu => ({
  id: nextId++,
  menuCode: nextId,
  menuName: url,
  url,
  type,
  hidden: 0,
  children,
});

const USER_MENUS = ["/workingSpace", "/appCenterIndex", "/helpCenter", "/missionCenterIndex", "/myDataCenter", "/myProgramme", "/teasingList"].map((url) => menu(url));
const names = (menus: SysMenu[]) => grantedAdminDefinitions(adminDefinitions, buildMenuPermissionMap(menus)).map((d) => d.name);

describe("admin shell access (issue 18)", () => {
  it("staff menus grant no admin screen, and there is no landing", () => {
    expect(names(USER_MENUS)).toEqual([]);
    expect(names([])).toEqual([]);
    expect(adminLanding([])).toBeNull();
  });

  it("the system button alone grants no admin screen", () => {
    expect(names([...USER_MENUS, menu("system", 1)])).toEqual([]);
  });

  it("an editor's policy menus grant the policy group and the knowledge base, landing on it", () => {
    const granted = grantedAdminDefinitions(adminDefinitions, buildMenuPermissionMap([...USER_MENUS, menu("/policy", 0, [menu("/knowledgeIndex")])]));
    expect(granted.map((d) => d.name)).toEqual(["policy", "knowledgeIndex"]);
    expect(adminLanding(granted)).toEqual({ name: "knowledgeIndex", path: "/main/knowledgeIndex" });
  });

  it("an administrator's menus grant every screen, landing on the admin home", () => {
    const all = adminDefinitions.map(menuUrlOf).filter((url): url is string => !!url);
    const granted = grantedAdminDefinitions(adminDefinitions, Object.fromEntries(all.map((url) => [url, true as const])));
    expect(granted).toHaveLength(adminDefinitions.length);
    expect(adminLanding(granted)).toEqual({ name: "home", path: "/main/home" });
  });
});
