import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { currentLanguage, setLanguage } from "../i18n";
import { DEFAULT_THEME, applyTheme, currentTheme, themeByKey } from "../shared/theme";
import { applyRecordPreferences, type PersonalRecord } from "./record";

const record = (over: Partial<PersonalRecord>): PersonalRecord =>
  ({
    userId: 7,
    languageStatus: "cn",
    noviceGuideStatus: 1,
    privacyStatus: 1,
    privacyVersion: "1.0.0",
    themeCode: 0,
    themeColor: null,
    themeHeadColor: null,
    ...over,
  }) as PersonalRecord;

const chineseRed = themeByKey("chineseRed")!;
const lightPurple = themeByKey("lightPurple")!;

let saves: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  // The previous person in this tab chose English and Chinese Red.
  sessionStorage.setItem("sid", "b".repeat(64));
  sessionStorage.setItem("userId", "7");
  await setLanguage("en");
  applyTheme(chineseRed);
  // Applying a record never saves one: no call leaves the page at all.
  saves = vi.spyOn(globalThis, "fetch");
});
afterEach(async () => {
  saves.mockRestore();
  sessionStorage.clear();
  localStorage.clear();
  applyTheme(DEFAULT_THEME);
  await setLanguage("cn");
});

describe("a sign-in applies the person's own record (issue 18)", () => {
  it("the record's language wins over the tab's, and nothing is saved", () => {
    applyRecordPreferences(record({ languageStatus: "cn" }));
    expect(currentLanguage()).toBe("cn");
    expect(sessionStorage.getItem("i18n")).toBe("cn");
    expect(saves).not.toHaveBeenCalled();
  });

  it("the record's theme wins over this browser's", () => {
    applyRecordPreferences(record({ themeCode: 1, themeColor: lightPurple.themeColor, themeHeadColor: lightPurple.themeHeadColor }));
    expect(currentTheme()).toBe(lightPurple);
    expect(localStorage.getItem("themeColor")).toBe(lightPurple.themeColor);
    expect(saves).not.toHaveBeenCalled();
  });

  it("a person who never chose a theme gets the default, not the previous person's", () => {
    applyRecordPreferences(record({ languageStatus: "en" }));
    expect(currentTheme()).toBe(DEFAULT_THEME);
    expect(localStorage.getItem("themeCode")).toBe("0");
    expect(currentLanguage()).toBe("en");
    expect(saves).not.toHaveBeenCalled();
  });

  it("a person without a record gets the product's defaults", () => {
    applyRecordPreferences(null);
    expect(currentLanguage()).toBe("cn");
    expect(currentTheme()).toBe(DEFAULT_THEME);
    expect(saves).not.toHaveBeenCalled();
  });
});
