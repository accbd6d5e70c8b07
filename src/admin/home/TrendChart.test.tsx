import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";

import { setLanguage } from "../../i18n";
import { TrendChart } from "./TrendChart";

describe("complaint trend chart", () => {
  it("draws one bar per bucket, heights by count, with a text alternative and a title per bar", () => {
    setLanguage("en");
    const points = [
      { date: "2026-11-16", count: 0 },
      { date: "2026-11-17", count: 2 },
      { date: "2026-11-18", count: 4 },
    ];
    const { container } = render(<TrendChart points={points} unit="day" />);
    expect(screen.getByRole("img", { name: "New complaints per day - 6 in all" })).toBeTruthy();
    const bars = [...container.querySelectorAll("rect")];
    expect(bars).toHaveLength(3);
    const heights = bars.map((b) => Number(b.getAttribute("height")));
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeCloseTo(heights[1] * 2);
    expect([...container.querySelectorAll("title")].map((t) => t.textContent)).toEqual(["2026-11-16: 0", "2026-11-17: 2", "2026-11-18: 4"]);
  });

  it("keeps an empty series flat (no division by zero)", () => {
    setLanguage("cn");
    const { container } = render(<TrendChart points={[{ date: "2026-11-16", count: 0 }]} unit="week" />);
    expect(screen.getByRole("img", { name: "每周新增吐槽数量 - 合计 0 条" })).toBeTruthy();
    expect(container.querySelector("rect")!.getAttribute("height")).toBe("0");
  });
});
