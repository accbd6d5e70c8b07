import { describe, expect, it } from "vitest";

import { CHART_MAX, clampSlide, loops, reportsToShow, stepSlide } from "./carousel";

describe("carousel window", () => {
  it("shows at most 10 reports, in order", () => {
    const rows = Array.from({ length: 13 }, (_, i) => i);
    expect(CHART_MAX).toBe(10);
    expect(reportsToShow(rows)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reportsToShow([1, 2])).toEqual([1, 2]);
    expect(reportsToShow(null)).toEqual([]);
  });

  it("loops only with more than one report", () => {
    expect(loops(0)).toBe(false);
    expect(loops(1)).toBe(false);
    expect(loops(2)).toBe(true);
  });

  it("steps forward and back, wrapping at both ends", () => {
    expect(stepSlide(0, 1, 3)).toBe(1);
    expect(stepSlide(2, 1, 3)).toBe(0);
    expect(stepSlide(0, -1, 3)).toBe(2);
    expect(stepSlide(1, -1, 3)).toBe(0);
  });

  it("stays on the only slide", () => {
    expect(stepSlide(0, 1, 1)).toBe(0);
    expect(stepSlide(0, -1, 0)).toBe(0);
  });

  it("goes back to the first slide when the current one is gone", () => {
    expect(clampSlide(4, 5)).toBe(4);
    expect(clampSlide(5, 5)).toBe(0);
    expect(clampSlide(2, 0)).toBe(0);
  });
});
