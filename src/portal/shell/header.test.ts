import { afterEach, describe, expect, it, vi } from "vitest";
import { HEADER_TABS, LOGOS, STAGE_ADMIN_URL, openStageAdmin, searchPath } from "./header";

afterEach(() => sessionStorage.clear());

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

  it("opens the admin shell with system=stageAdmin and never a sid in the address (issue 18)", () => {
    sessionStorage.setItem("sid", "secret-sid");
    const opened = { opener: {} as unknown } as Window;
    const open = vi.fn((..._args: unknown[]) => opened);
    openStageAdmin(open as unknown as Window["open"]);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0];
    expect(url).toBe("/main?system=stageAdmin");
    expect(url).toBe(STAGE_ADMIN_URL);
    expect(String(url)).not.toContain("secret-sid");
    expect(target).toBe("_blank");
    // Not noopener: the new window must get this tab's session storage; the opener is cut after.
    expect(features).toBeUndefined();
    expect(opened.opener).toBeNull();
  });

  it("opens nothing without a live session", () => {
    const open = vi.fn();
    openStageAdmin(open as unknown as Window["open"]);
    sessionStorage.setItem("sid", "timeout");
    openStageAdmin(open as unknown as Window["open"]);
    expect(open).not.toHaveBeenCalled();
  });
});
