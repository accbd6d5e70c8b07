// WCAG 2.2 AA 1.4.3 for every theme (issue 21): every text/background pair of antd tokens the
// portal paints, computed from the tokens antd really derives from each theme's configuration.
import { theme as antdTheme } from "antd";
import type { GlobalToken } from "antd";
import { PresetColors } from "antd/es/theme/interface";
import { describe, expect, it } from "vitest";

import { AA_TEXT, contrastRatio, over, toHex } from "./contrast";
import { THEMES, antdThemeOf, headerColoursOf, type PortalTheme } from "./theme";

type Tokens = Record<string, string>;

/** The global tokens of a theme, and a component's tokens (its overrides on top, as antd merges them). */
function tokensOf(portalTheme: PortalTheme) {
  const config = antdThemeOf(portalTheme);
  const global = antdTheme.getDesignToken(config) as GlobalToken & Tokens;
  const component = (name: "Tag" | "Switch" | "Table" | "Layout"): Tokens => ({ ...global, ...(config.components?.[name] as Tokens) });
  return { global, component };
}

/** [what, text colour, background] for every pair the portal shows. */
function pairsOf(portalTheme: PortalTheme): [string, string, string][] {
  const { global: t, component } = tokensOf(portalTheme);
  const pairs: [string, string, string][] = [];
  const texts = ["colorText", "colorTextHeading", "colorTextLabel", "colorTextSecondary", "colorTextTertiary", "colorTextDescription", "colorTextPlaceholder", "colorLink", "colorPrimary", "colorError", "colorErrorText"];
  // White cards and dialogs, the grey page (admin breadcrumbs), table headers and striped rows.
  const surfaces = { colorBgContainer: t.colorBgContainer, colorBgElevated: t.colorBgElevated, colorBgLayout: t.colorBgLayout, colorFillAlter: toHex(over(t.colorFillAlter, t.colorBgContainer)) };
  for (const text of texts) for (const [name, surface] of Object.entries(surfaces)) pairs.push([`${text} on ${name}`, t[text], surface]);
  // A selected menu item, primary and danger buttons.
  pairs.push(["colorPrimary on colorPrimaryBg (selected menu item)", t.colorPrimary, t.colorPrimaryBg]);
  pairs.push(["colorTextLightSolid on colorPrimary (primary button)", t.colorTextLightSolid, t.colorPrimary]);
  pairs.push(["colorTextLightSolid on colorError (danger button)", t.colorTextLightSolid, t.colorError]);
  // Tags: the status ones draw color<Status> on color<Status>Bg, the preset ones shade 7 on shade 1.
  const tag = component("Tag");
  for (const status of ["Success", "Info", "Warning", "Error"]) pairs.push([`Tag ${status}`, tag[`color${status}`], tag[`color${status}Bg`]]);
  for (const color of PresetColors) pairs.push([`Tag ${color}`, tag[`${color}7`], tag[`${color}1`]]);
  // A switch's white label on its grey (off) track; a table's "no data" line.
  const sw = component("Switch");
  pairs.push(["Switch label on its off track", sw.colorTextLightSolid, toHex(over(sw.colorTextQuaternary, sw.colorBgContainer))]);
  pairs.push(["Table empty text", component("Table").colorTextDisabled, t.colorBgContainer]);
  // The user shell's header: text and icons, the title and the active tab, the search button.
  const header = headerColoursOf(portalTheme);
  const layout = component("Layout");
  pairs.push(["header text", layout.headerColor, layout.headerBg]);
  pairs.push(["header title and active tab", header.accent, header.background]);
  pairs.push(
    header.searchButton === null
      ? ["header search button", t.colorTextLightSolid, t.colorPrimary]
      : ["header search button", "#FFFFFF", toHex(over(header.searchButton, header.background))],
  );
  return pairs;
}

describe("every theme's text reaches 4.5:1 (WCAG 2.2 AA 1.4.3)", () => {
  it.each(THEMES.map((theme) => [theme.key, theme] as const))("%s", (_key, portalTheme) => {
    const failing = pairsOf(portalTheme)
      .map(([what, fg, bg]) => ({ what, fg, bg, ratio: Math.round(contrastRatio(fg, bg) * 100) / 100 }))
      .filter(({ ratio }) => ratio < AA_TEXT);
    expect(failing).toEqual([]);
  });

  it("keeps each theme itself: its primary colour and header background are the spec's", () => {
    for (const portalTheme of THEMES) {
      const { global, component } = tokensOf(portalTheme);
      expect(global.colorPrimary.toUpperCase()).toBe(portalTheme.themeColor);
      expect(component("Layout").headerBg).toBe(portalTheme.themeHeadColor);
    }
  });
});

describe("contrastRatio", () => {
  it("computes WCAG's ratio, blending translucent text over its background", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBeCloseTo(1, 5);
    // The figures the issue measured with axe.
    expect(contrastRatio("#8c8c8c", "#ffffff")).toBeCloseTo(3.36, 2);
    expect(contrastRatio("rgba(0, 0, 0, 0.45)", "#ffffff")).toBeCloseTo(3.36, 2);
    expect(contrastRatio("#ff4d4f", "#ffffff")).toBeCloseTo(3.26, 1);
    expect(contrastRatio("#B8141B", "#D4A017")).toBeCloseTo(2.8, 1);
  });
});
