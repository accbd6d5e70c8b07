import { describe, expect, it } from "vitest";
import { HEADER_TABS, LOGOS, searchPath, stageAdminUrl } from "./header";

describe("top bar (spec 2.6)", () => {
  it("has a logo for each theme code 0 to 3, all different", () => {
    const logos = [0, 1, 2, 3].map((code) => LOGOS[code as 0 | 1 | 2 | 3]);
    expect(logos.every(Boolean)).toBe(true);
    expect(new Set(logos).size).toBe(4);
  });

  it("has the three header tabs in order", () => {
    expect(HEADER_TABS.map((tab) => tab.name)).toEqual(["workingSpace", "appCenterIndex", "missionCenterIndex"]);
  });

  it("searches the trimmed text, encoded, and nothing for blank text", () => {
    expect(searchPath("  呼吸机 & UPN ")).toBe("/main/searchResult?searchVal=%E5%91%BC%E5%90%B8%E6%9C%BA+%26+UPN");
    expect(searchPath("   ")).toBeNull();
    expect(searchPath("")).toBeNull();
  });

  it("opens the admin shell with system=stageAdmin and the sid", () => {
    expect(stageAdminUrl("a b")).toBe("/main?system=stageAdmin&sid=a+b");
  });
});
