import { describe, expect, it } from "vitest";

import { badgeText, dash, stepBackPage } from "./tasks";

describe("pending badge", () => {
  it("shows the count up to 99", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
  });

  it("caps above 99", () => {
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12345)).toBe("99+");
  });

  it("hides with nothing pending or no count", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(null)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
});

describe("empty values", () => {
  it("shows -- for null, missing and blank values", () => {
    expect(dash(null)).toBe("--");
    expect(dash(undefined)).toBe("--");
    expect(dash("")).toBe("--");
    expect(dash("  ")).toBe("--");
  });

  it("keeps real values, zero included", () => {
    expect(dash("Li Na")).toBe("Li Na");
    expect(dash(0)).toBe("0");
  });
});

describe("step-back rule", () => {
  it("steps back one page when a page above 1 comes back empty", () => {
    expect(stepBackPage(3, 0)).toBe(2);
    expect(stepBackPage(2, 0)).toBe(1);
  });

  it("keeps page 1 and pages with rows", () => {
    expect(stepBackPage(1, 0)).toBeNull();
    expect(stepBackPage(3, 4)).toBeNull();
  });
});
