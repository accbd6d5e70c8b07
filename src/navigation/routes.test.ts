import { describe, expect, it } from "vitest";

import { SSO_ROUTES, canonicalRoute, hasPageBackground, landingPathOfRoute, portalMenuPage, routeMetaOf, routeNameOfPath, ssoRouteOf } from "./routes";

describe("route names (spec 2.2, 2.4, 2.5)", () => {
  it.each([
    ["appCenter", "/main/appCenterIndex"],
    ["appCenterIndex", "/main/appCenterIndex"],
    ["datePage", "/main/myProgramme"],
    ["myProgramme", "/main/myProgramme"],
    ["task", "/main/missionCenterIndex"],
    ["missionCenterIndex", "/main/missionCenterIndex"],
    ["data", "/main/myDataCenter"],
    ["myDataCenter", "/main/myDataCenter"],
    ["help", "/main/helpCenter"],
    ["helpCenter", "/main/helpCenter"],
    ["userRoastList", "/main/teasingList"],
    ["teasingList", "/main/teasingList"],
  ])("route %s lands on %s", (route, path) => {
    expect(landingPathOfRoute(route)).toBe(path);
  });

  it.each([null, undefined, "", "workingSpace", "skinPage", "people", "https://evil.example", "../admin", "constructor"])(
    "anything else (%s) lands on workingSpace",
    (route) => {
      expect(landingPathOfRoute(route)).toBe("/main/workingSpace");
    },
  );

  it("lists exactly the twelve routes of spec 2.4", () => {
    expect([...SSO_ROUTES].sort()).toEqual(
      ["appCenter", "appCenterIndex", "datePage", "myProgramme", "task", "missionCenterIndex", "data", "myDataCenter", "help", "helpCenter", "userRoastList", "teasingList"].sort(),
    );
  });

  it("asks webSSO for a listed route as is, anything else as workingSpace", () => {
    expect(ssoRouteOf("task")).toBe("task");
    expect(ssoRouteOf("missionCenterIndex")).toBe("missionCenterIndex");
    expect(ssoRouteOf("skinPage")).toBe("workingSpace");
    expect(ssoRouteOf(null)).toBe("workingSpace");
  });

  it("names a path by its last segment under /main, its first elsewhere", () => {
    expect(routeNameOfPath("/main/missionCenterIndex")).toBe("missionCenterIndex");
    expect(routeNameOfPath("/main/appCenterIndex/customIndex")).toBe("customIndex");
    expect(routeNameOfPath("/main/")).toBeNull();
    expect(routeNameOfPath("/")).toBeNull();
    expect(routeNameOfPath("/loginCopy")).toBe("loginCopy");
    expect(routeNameOfPath("/relogin")).toBe("relogin");
  });

  it("maps aliases to the page name", () => {
    expect(canonicalRoute("task")).toBe("missionCenterIndex");
    expect(canonicalRoute("workingSpace")).toBe("workingSpace");
  });

  it("gives card title and extra keys by route name, aliases included", () => {
    expect(routeMetaOf("task")).toEqual({ cardTitle: "portal:routes.missionCenterIndex", cardExtra: null });
    expect(routeMetaOf("helpDetail")).toEqual({ cardTitle: "portal:routes.helpCenter", cardExtra: "portal:routes.extra.helpDetail" });
    expect(routeMetaOf("loginCopy")).toEqual({ cardTitle: null, cardExtra: null });
    expect(routeMetaOf(null)).toEqual({ cardTitle: null, cardExtra: null });
  });
});

describe("hasPageBackground (spec 2.6)", () => {
  it("is off for the workspace, the data centre and the help centre only", () => {
    for (const path of ["/main/workingSpace", "/main/myDataCenter", "/main/helpCenter", "/main/helpCenter/"]) {
      expect(hasPageBackground(path)).toBe(false);
    }
    for (const path of ["/main/skinPage", "/main/helpCenterInfo", "/main/people", "/main/appCenterIndex"]) {
      expect(hasPageBackground(path)).toBe(true);
    }
  });
});

describe("the user shell's menu pages (issue 18)", () => {
  it.each([
    ["/workingSpace", "workingSpace", "/main/workingSpace"],
    ["/appCenterIndex", "appCenterIndex", "/main/appCenterIndex"],
    ["/appCenterIndex/customIndex", "customIndex", "/main/appCenterIndex/customIndex"],
    ["/missionCenterIndex", "missionCenterIndex", "/main/missionCenterIndex"],
    ["/task", "missionCenterIndex", "/main/missionCenterIndex"],
    ["/myDataCenter", "myDataCenter", "/main/myDataCenter"],
    ["/datePage", "myProgramme", "/main/myProgramme"],
    ["/helpCenter", "helpCenter", "/main/helpCenter"],
    ["userRoastList", "teasingList", "/main/teasingList"],
    ["/skinPage", "skinPage", "/main/skinPage"],
    ["/personalCenter", "personalCenter", "/main/people"],
    ["/main/helpCenter", "helpCenter", "/main/helpCenter"],
  ])("%s opens %s at %s", (url, name, path) => {
    expect(portalMenuPage(url)).toEqual({ name, path });
  });

  it.each([
    "/sys", "/sys/user", "/sys/role", "/sys/menu", "/home", "/tagManamentList", "/tagManamentList/recommendTagsList",
    "/applicationManagement", "/outAppList", "/policy", "/knowledgeIndex", "/privacyPolicyList", "/taskManagement",
    "/commentList", "/roastList", "/originDataList", "/searchResult", "/helpDetail", "/helpCenterInfo", "/404",
    "/quitLogon", "/workingSpace/x", "system", "", "/", "/constructor", "https://evil.example/workingSpace", null, undefined,
  ])("%s is no page of the user shell's menu", (url) => {
    expect(portalMenuPage(url)).toBeNull();
  });
});
