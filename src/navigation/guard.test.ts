import { describe, expect, it } from "vitest";

import { clearsGuideInfo, decideNavigation, h5Address, isMobileUserAgent, isSameLocation, type GuardInput } from "./guard";
import { createRouteMetaStore } from "./routeMeta";

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36";

const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: "/main/missionCenterIndex",
  search: "",
  hasSession: false,
  userAgent: DESKTOP,
  h5Base: "",
  ...over,
});

describe("navigation guard: single sign-on hop (spec 2.4)", () => {
  it.each([
    "appCenter", "appCenterIndex", "datePage", "myProgramme", "task", "missionCenterIndex",
    "data", "myDataCenter", "help", "helpCenter", "userRoastList", "teasingList",
  ])("/main/%s without a session starts single sign-on for that route", (route) => {
    expect(decideNavigation(input({ pathname: `/main/${route}` }))).toEqual({ kind: "sso", route });
  });

  it("passes with a stored session", () => {
    expect(decideNavigation(input({ hasSession: true }))).toEqual({ kind: "pass" });
  });

  it("takes a sid or token out of the address first, whatever else applies (issue 18)", () => {
    expect(decideNavigation(input({ search: "?system=portal&sid=abc" }))).toEqual({ kind: "scrub", address: "/main/missionCenterIndex?system=portal" });
    expect(decideNavigation(input({ search: "?sid=abc" }))).toEqual({ kind: "scrub", address: "/main/missionCenterIndex" });
    expect(decideNavigation(input({ pathname: "/relogin", search: "?web_sid=abc&route=task" }))).toEqual({ kind: "scrub", address: "/relogin?route=task" });
    // Before the h5 hop: the mobile site never receives it.
    expect(decideNavigation(input({ search: "?wechattoken=t", userAgent: IPHONE, h5Base: "https://m.example.com" }))).toEqual({
      kind: "scrub",
      address: "/main/missionCenterIndex",
    });
  });

  it.each(["/baseLogin", "/login", "/loginCopy", "/relogin", "/", "/main", "/main/workingSpace", "/main/skinPage", "/portal"])(
    "never for %s",
    (pathname) => {
      expect(decideNavigation(input({ pathname }))).toEqual({ kind: "pass" });
    },
  );
});

describe("navigation guard: mobile (spec 2.4)", () => {
  it("recognises mobile user agents", () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });

  it("a mobile browser goes to the h5 base plus the same path and query, before single sign-on", () => {
    expect(decideNavigation(input({ userAgent: IPHONE, h5Base: "https://m.example.com/h5/", search: "?a=1" }))).toEqual({
      kind: "h5",
      address: "https://m.example.com/h5/main/missionCenterIndex?a=1",
    });
  });

  it("stays when no h5 base is configured, or on a desktop browser", () => {
    expect(decideNavigation(input({ userAgent: IPHONE, hasSession: true }))).toEqual({ kind: "pass" });
    expect(decideNavigation(input({ h5Base: "https://m.example.com", hasSession: true }))).toEqual({ kind: "pass" });
  });

  it("joins base and path with one slash", () => {
    expect(h5Address("https://m.example.com//", "/loginCopy", "")).toBe("https://m.example.com/loginCopy");
  });
});

describe("navigation guard: the other bullets (spec 2.4)", () => {
  it("guide info is cleared on baseLogin and loginCopy only", () => {
    expect(clearsGuideInfo("/baseLogin")).toBe(true);
    expect(clearsGuideInfo("/loginCopy")).toBe(true);
    expect(clearsGuideInfo("/login")).toBe(false);
    expect(clearsGuideInfo("/main/workingSpace")).toBe(false);
  });

  it("pushing the location already shown is recognised (and ignored by useNavigateOnce)", () => {
    const here = { pathname: "/main/workingSpace", search: "", hash: "" };
    expect(isSameLocation(here, "/main/workingSpace")).toBe(true);
    expect(isSameLocation(here, "workingSpace")).toBe(true); // relative to the same parent
    expect(isSameLocation(here, "/main/workingSpace?x=1")).toBe(false);
    expect(isSameLocation(here, "/main/appCenterIndex")).toBe(false);
    expect(isSameLocation({ ...here, search: "?x=1" }, "/main/workingSpace?x=1")).toBe(true);
  });

  it("the route meta store keeps the card title and extra of the last route and tells subscribers", () => {
    const store = createRouteMetaStore();
    let told = 0;
    const unsubscribe = store.subscribe(() => (told += 1));
    store.set("helpDetail");
    expect(store.get()).toEqual({ cardTitle: "portal:routes.helpCenter", cardExtra: "portal:routes.extra.helpDetail" });
    store.set("helpDetail"); // same values: no news
    store.set("task");
    expect(store.get().cardTitle).toBe("portal:routes.missionCenterIndex");
    expect(told).toBe(2);
    unsubscribe();
    store.set("workingSpace");
    expect(told).toBe(2);
  });
});
