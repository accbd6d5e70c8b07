import { describe, expect, it } from "vitest";

import { THEMES } from "../../shared/theme";
import { MIN_TEXT_CONTRAST, contrastRatio, selectedMenuColors } from "./selectedMenuColors";

describe("the side menu's selected entry", () => {
  it("has text of at least 4.5:1 on its background in every theme, in the theme's colour family", () => {
    for (const theme of THEMES) {
      const { background, text } = selectedMenuColors(theme.themeColor);
      expect([theme.key, contrastRatio(text, background) >= MIN_TEXT_CONTRAST]).toEqual([theme.key, true]);
      // A tint, not a grey slab: lighter than the text, and clearly apart from white.
      expect(contrastRatio(background, "#FFFFFF")).toBeGreaterThan(1.05);
      expect(contrastRatio(background, "#FFFFFF")).toBeLessThan(1.5);
    }
  });

  it("keeps a theme colour that reads already, and darkens one that does not", () => {
    expect(selectedMenuColors("#0E3B70").text).toBe("#0E3B70");
    const light = selectedMenuColors("#40A9FF"); // a light blue: too pale as text
    expect(light.text).not.toBe("#40A9FF");
    expect(contrastRatio(light.text, light.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("computes WCAG contrast", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#8C8C8C", "#FFFFFF")).toBeCloseTo(3.36, 2);
  });
});
