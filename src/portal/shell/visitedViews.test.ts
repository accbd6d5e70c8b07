import { describe, expect, it } from "vitest";

import {
  ROOT_PATH,
  addView,
  canClose,
  closeViews,
  isHelpCentreView,
  nextPathAfterClose,
  removedViews,
  restoreViews,
  serializeViews,
  tabPathOf,
  withAffix,
  type VisitedView,
} from "./visitedViews";

const WS = "/main/workingSpace";
const TAB_PATHS = [WS, "/main/appCenterIndex", "/main/appCenterIndex/customIndex", "/main/helpCenter", "/main/missionCenterIndex", "/main/people"];

const view = (path: string, search = ""): VisitedView => ({ path, fullPath: path + search });
const paths = (views: readonly VisitedView[]) => views.map((v) => v.path);

// workingSpace (affix), then A, B, C, D
const A = "/main/appCenterIndex";
const B = "/main/helpCenter";
const C = "/main/missionCenterIndex";
const D = "/main/people";
const list = [view(WS), view(A), view(B, "?page=2"), view(C), view(D)];

describe("tab paths", () => {
  it("names the tab of an address the way the router matches it", () => {
    expect(tabPathOf(WS, TAB_PATHS)).toBe(WS);
    expect(tabPathOf("/main/workingspace/", TAB_PATHS)).toBe(WS);
    expect(tabPathOf("/main/appCenterIndex/customIndex", TAB_PATHS)).toBe("/main/appCenterIndex/customIndex");
    expect(tabPathOf("/main", TAB_PATHS)).toBeNull();
    expect(tabPathOf("/main/404", TAB_PATHS)).toBeNull();
    expect(tabPathOf("/main/quitLogon", TAB_PATHS)).toBeNull();
    expect(tabPathOf("/main/task", TAB_PATHS)).toBeNull(); // an alias redirects; its target is the tab
  });

  it("knows the help-centre views", () => {
    expect(["/main/helpCenter", "/main/helpCenterInfo", "/main/helpDetail"].every(isHelpCentreView)).toBe(true);
    expect(isHelpCentreView(WS)).toBe(false);
  });
});

describe("adding a visit", () => {
  it("appends a new tab and keeps the list when nothing changes", () => {
    const start = withAffix([]);
    expect(paths(start)).toEqual([WS]);
    const one = addView(start, A, "");
    expect(paths(one)).toEqual([WS, A]);
    expect(addView(one, A, "")).toBe(one);
    expect(addView(one, WS, "")).toBe(one);
  });

  it("updates the query of a tab visited again, in place", () => {
    const next = addView(list, B, "?page=3");
    expect(paths(next)).toEqual(paths(list));
    expect(next[2].fullPath).toBe(`${B}?page=3`);
  });
});

describe("closing", () => {
  it("close current removes the tab but never an affix tab", () => {
    expect(paths(closeViews(list, B, "current"))).toEqual([WS, A, C, D]);
    expect(closeViews(list, WS, "current")).toBe(list);
    expect(closeViews(list, "/main/unknown", "current")).toBe(list);
  });

  it("close others keeps the affix tabs and the target", () => {
    expect(paths(closeViews(list, B, "others"))).toEqual([WS, B]);
    expect(paths(closeViews(list, WS, "others"))).toEqual([WS]);
  });

  it("close left and right keep the affix tabs and the target's other side", () => {
    expect(paths(closeViews(list, C, "left"))).toEqual([WS, C, D]);
    expect(paths(closeViews(list, B, "right"))).toEqual([WS, A, B]);
    expect(closeViews(list, A, "left")).toBe(list); // only the affix tab is left of A
    expect(closeViews(list, D, "right")).toBe(list);
  });

  it("close all keeps only the affix tabs", () => {
    expect(paths(closeViews(list, B, "all"))).toEqual([WS]);
    expect(closeViews([view(WS)], WS, "all")).toEqual([view(WS)]);
  });

  it("tells which actions would close anything", () => {
    expect(canClose(list, WS, "current")).toBe(false);
    expect(canClose(list, A, "left")).toBe(false);
    expect(canClose(list, A, "right")).toBe(true);
    expect(canClose(list, D, "right")).toBe(false);
    expect(canClose([view(WS)], WS, "all")).toBe(false);
    expect(canClose([view(WS)], WS, "others")).toBe(false);
  });

  it("names the closed tabs", () => {
    expect(paths(removedViews(list, closeViews(list, C, "left")))).toEqual([A, B]);
  });
});

describe("the view after a close", () => {
  it("stays when the active tab is still open", () => {
    expect(nextPathAfterClose(closeViews(list, A, "current"), C)).toBeNull();
    expect(nextPathAfterClose(list, null)).toBeNull(); // no tab was active (404, quitLogon)
  });

  it("goes to the last remaining tab with its query when the active tab closed", () => {
    expect(nextPathAfterClose(closeViews(list, D, "current"), D)).toBe(C);
    expect(nextPathAfterClose(closeViews(list, C, "right"), D)).toBe(C);
    expect(nextPathAfterClose(closeViews(list, D, "left"), B)).toBe(D);
    expect(nextPathAfterClose(closeViews(list, B, "others"), C)).toBe(`${B}?page=2`);
    expect(nextPathAfterClose(closeViews(list, B, "all"), C)).toBe(WS);
  });

  it("goes to the root when no tab remains", () => {
    expect(nextPathAfterClose([], A)).toBe(ROOT_PATH);
  });
});

describe("stored tabs", () => {
  it("round-trips the full paths", () => {
    expect(restoreViews(serializeViews(list), TAB_PATHS)).toEqual(list);
  });

  it("drops bad entries and keeps the affix tab first", () => {
    const stored = [
      A,
      42,
      null,
      { path: B },
      "/main/404",
      "/main/quitLogon",
      "/main/task", // an alias
      "https://elsewhere.example/main/helpCenter",
      "//elsewhere.example/main/helpCenter",
      "/\\elsewhere.example/main/helpCenter",
      "main/helpCenter",
      `${B}#top`,
      `${A}?again=1`, // a repeat
      "/main/PEOPLE/?tab=x",
      `${WS}?card=2`,
    ];
    expect(restoreViews(stored, TAB_PATHS)).toEqual([view(WS, "?card=2"), view(A), view(D, "?tab=x")]);
  });

  it("starts with the affix tab from nothing or garbage", () => {
    for (const stored of [null, undefined, "oops", { views: [A] }, 7]) {
      expect(restoreViews(stored, TAB_PATHS)).toEqual([view(WS)]);
    }
  });
});
