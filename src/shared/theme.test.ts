import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_THEME, THEMES, antdThemeOf, applyTheme, currentTheme, isDarkColor, themeByKey, themeOf, usePrefersReducedMotion } from "./theme";

afterEach(() => {
  localStorage.clear();
  applyTheme(DEFAULT_THEME);
});

describe("themes (spec 9)", () => {
  it("start with Default #0E3B70 and a #fff header, theme codes 0 to 3", () => {
    expect(THEMES[0]).toMatchObject({ key: "default", themeColor: "#0E3B70", themeHeadColor: "#FFFFFF", themeCode: 0 });
    expect(THEMES.map((t) => t.key)).toEqual(["default", "companyBlue", "lightPurple", "chineseRed", "springFestival"]);
    expect(new Set(THEMES.map((t) => t.themeCode))).toEqual(new Set([0, 1, 2, 3]));
  });

  it("are told apart by colours and code; unknown or hand-edited values give the default", () => {
    for (const theme of THEMES) expect(themeOf({ ...theme, themeColor: theme.themeColor.toLowerCase() })).toBe(theme);
    expect(themeOf({ themeColor: "#123456", themeHeadColor: "#fff", themeCode: 1 })).toBe(DEFAULT_THEME);
    expect(themeOf({ themeColor: null, themeHeadColor: undefined, themeCode: "x" })).toBe(DEFAULT_THEME);
    expect(themeByKey("chineseRed")?.themeCode).toBe(2);
    expect(themeByKey("nope")).toBeNull();
  });

  it("turn the header text light on coloured headers only", () => {
    expect(isDarkColor("#FFFFFF")).toBe(false);
    expect(isDarkColor("#C8161D")).toBe(true);
    expect(antdThemeOf(DEFAULT_THEME).components?.Layout?.headerColor).toBe("rgba(0, 0, 0, 0.88)");
    const red = themeByKey("chineseRed")!;
    expect(antdThemeOf(red)).toMatchObject({
      token: { colorPrimary: "#C8161D" },
      components: { Layout: { headerBg: "#C8161D", headerColor: "#FFFFFF" } },
    });
  });

  it("are kept in local storage under themeColor, themeHeadColor and themeCode", () => {
    const purple = themeByKey("lightPurple")!;
    applyTheme(purple);
    expect(localStorage.getItem("themeColor")).toBe(purple.themeColor);
    expect(localStorage.getItem("themeHeadColor")).toBe(purple.themeHeadColor);
    expect(localStorage.getItem("themeCode")).toBe("1");
    expect(currentTheme()).toBe(purple);
  });
});

describe("reduced motion (WCAG 2.3.3)", () => {
  it("turns antd's motion off when the system asks for reduced motion, and follows a change", async () => {
    expect(antdThemeOf(DEFAULT_THEME).token?.motion).toBe(true);
    expect(antdThemeOf(DEFAULT_THEME, { reducedMotion: true }).token?.motion).toBe(false);

    const listeners = new Set<() => void>();
    const list = { matches: true, addEventListener: (_: string, f: () => void) => listeners.add(f), removeEventListener: (_: string, f: () => void) => listeners.delete(f) };
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => (q === "(prefers-reduced-motion: reduce)" ? list : { matches: false, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    try {
      const { result, unmount } = renderHook(() => usePrefersReducedMotion());
      expect(result.current).toBe(true);
      list.matches = false;
      act(() => listeners.forEach((f) => f()));
      expect(result.current).toBe(false);
      unmount();
      expect(listeners.size).toBe(0);
    } finally {
      window.matchMedia = original;
    }
  });
});
