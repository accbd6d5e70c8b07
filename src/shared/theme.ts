// The themes of Dress Up (spec 9): five named themes over four logo codes (theme codes 0 to 3),
// applied live through antd theme tokens. The choice is kept in local storage (themeColor,
// themeHeadColor, themeCode: spec 3) so the pre-login pages paint it at once, and in the user's
// personal record on the server so it follows them to another browser.
//
// Decision (spec 9 names five themes and four codes): the theme code picks the logo variant, so
// two themes may share a code; a theme is identified by its colours and code together.
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ThemeConfig } from "antd";

import { relativeLuminance } from "./contrast";
import { LOCAL_KEYS } from "./session";

export type ThemeCode = 0 | 1 | 2 | 3;

export interface PortalTheme {
  /** i18n key under common:theme.names */
  key: "default" | "companyBlue" | "lightPurple" | "chineseRed" | "springFestival";
  themeColor: string;
  themeHeadColor: string;
  themeCode: ThemeCode;
}

/** Spec 9: Default #0E3B70 with a #fff header, then the company blue, Light Purple, Chinese Red, Spring Festival. */
export const THEMES: readonly PortalTheme[] = [
  { key: "default", themeColor: "#0E3B70", themeHeadColor: "#FFFFFF", themeCode: 0 },
  { key: "companyBlue", themeColor: "#0061B0", themeHeadColor: "#0061B0", themeCode: 1 },
  { key: "lightPurple", themeColor: "#6A5ACD", themeHeadColor: "#6A5ACD", themeCode: 1 },
  { key: "chineseRed", themeColor: "#C8161D", themeHeadColor: "#C8161D", themeCode: 2 },
  { key: "springFestival", themeColor: "#B8141B", themeHeadColor: "#D4A017", themeCode: 3 },
];

export const DEFAULT_THEME = THEMES[0];

const HEX = /^#[0-9a-f]{6}$/i;

/** The known theme of these values, else the default (hand-edited storage never breaks the page). */
export function themeOf(values: { themeColor?: unknown; themeHeadColor?: unknown; themeCode?: unknown }): PortalTheme {
  const color = typeof values.themeColor === "string" ? values.themeColor.toUpperCase() : null;
  const head = typeof values.themeHeadColor === "string" ? values.themeHeadColor.toUpperCase() : null;
  const code = Number(values.themeCode);
  return (
    THEMES.find((t) => t.themeColor === color && t.themeHeadColor === head && t.themeCode === code) ??
    THEMES.find((t) => t.themeColor === color && t.themeCode === code) ??
    DEFAULT_THEME
  );
}

export function themeByKey(key: string | null | undefined): PortalTheme | null {
  return THEMES.find((t) => t.key === key) ?? null;
}

/**
 * Whether text on this header colour should be light: white gives more WCAG contrast than black
 * below a relative luminance of about 0.179.
 */
export function isDarkColor(hex: string): boolean {
  if (!HEX.test(hex)) return false;
  return relativeLuminance(hex) < 0.179;
}

// ------------------------------------------------------------------- readable colours (issue 21)
//
// WCAG 2.2 AA (1.4.3) asks 4.5:1 for text. antd's defaults fall short in a few tokens, so every theme
// carries these instead (checked pair by pair for every theme in theme.test.ts):
// - secondary/description text (breadcrumbs, form hints, descriptions labels, statistic titles,
//   Typography "secondary"): antd's rgba(0,0,0,0.45) is #8c8c8c, 3.36:1 on white;
// - placeholders drawn as text (a select's placeholder is a span axe reads): rgba(0,0,0,0.25);
// - error (form messages, danger buttons, error tags): #ff4d4f is 3.26:1 on white;
// - status and preset tags: antd writes green, gold, orange ... text in the 6th or 7th shade;
// - a switch's label on its grey track, a table's "no data" line (the disabled grey).
// The header's colours are per theme (HEADER_COLOURS below).

/** Description text: #666 on white is 5.7:1, 5.3:1 on the admin's #f5f5f5 page. */
const TEXT_TERTIARY = "rgba(0, 0, 0, 0.6)";
/** Placeholders and the empty-table line: lighter than entered text, still 5:1 on white. */
const TEXT_PLACEHOLDER = "rgba(0, 0, 0, 0.57)";
/** antd's red-7: 5.6:1 on white, and white on it, for error text and danger buttons. */
const ERROR = "#CF1322";
/** Text of the status tags (success, processing, warning): shades of antd's own palettes. */
const TAG_STATUS_TEXT = { colorSuccess: "#237804", colorInfo: "#0958D9", colorWarning: "#874D00" } as const;
/**
 * Text of the preset colour tags (antd draws it in shade 7 on shade 1): the shade that reaches 4.5:1,
 * for the colours whose 7th does not.
 */
const TAG_PRESET_TEXT = {
  green7: "#237804",
  cyan7: "#006D75",
  orange7: "#AD4E00",
  volcano7: "#AD2102",
  gold7: "#874D00",
  yellow7: "#876800",
  lime7: "#3F6600",
} as const;
/** A switch's track: white "on/off" labels on it at 5:1 (antd's #bfbfbf gave 1.8:1). */
const SWITCH_TRACK = { colorTextQuaternary: "rgba(0, 0, 0, 0.57)", colorTextTertiary: "rgba(0, 0, 0, 0.68)" } as const;

/** What the user shell's header paints, per theme. */
export interface HeaderColours {
  /** the header's background (themeHeadColor) */
  background: string;
  /** its text and icons */
  text: string;
  /** the product title and the active header tab */
  accent: string;
  /** the search button's background where the header is coloured (null: antd's primary button) */
  searchButton: string | null;
}

/**
 * Per theme. A coloured header writes white; the Spring Festival's gold header (#D4A017) is light, so
 * it writes black and its title and active tab are a deep festive red (its theme red #B8141B was
 * 2.8:1 on the gold). On a coloured header the search button is a shade darker than the header
 * (white on Light Purple's header lightened by white was 3.97:1).
 */
export function headerColoursOf(theme: PortalTheme): HeaderColours {
  const dark = isDarkColor(theme.themeHeadColor);
  if (dark) return { background: theme.themeHeadColor, text: "#FFFFFF", accent: "#FFFFFF", searchButton: "rgba(0, 0, 0, 0.22)" };
  const accent = theme.key === "springFestival" ? "#6E0B0F" : theme.themeColor;
  return { background: theme.themeHeadColor, text: "rgba(0, 0, 0, 0.88)", accent, searchButton: null };
}

/**
 * antd tokens of a theme: the primary colour everywhere, the header colours on Layout's header, the
 * readable colours above; no motion (popups, dialogs, menus appear at once) for a person who asked
 * the system for reduced motion.
 */
export function antdThemeOf(theme: PortalTheme, { reducedMotion = false }: { reducedMotion?: boolean } = {}): ThemeConfig {
  const header = headerColoursOf(theme);
  return {
    token: {
      colorPrimary: theme.themeColor,
      colorLink: theme.themeColor,
      colorTextTertiary: TEXT_TERTIARY,
      colorTextPlaceholder: TEXT_PLACEHOLDER,
      colorError: ERROR,
      colorErrorText: ERROR,
      motion: !reducedMotion,
    },
    components: {
      Layout: { headerBg: header.background, headerColor: header.text },
      Tag: { ...TAG_STATUS_TEXT, ...TAG_PRESET_TEXT },
      Switch: SWITCH_TRACK,
      Table: { colorTextDisabled: TEXT_PLACEHOLDER },
    },
  };
}

// ------------------------------------------------------------------------------ the live store

function readStored(): PortalTheme {
  try {
    return themeOf({
      themeColor: localStorage.getItem(LOCAL_KEYS.themeColor),
      themeHeadColor: localStorage.getItem(LOCAL_KEYS.themeHeadColor),
      themeCode: localStorage.getItem(LOCAL_KEYS.themeCode),
    });
  } catch {
    return DEFAULT_THEME;
  }
}

let current: PortalTheme | null = null;
const listeners = new Set<() => void>();

export function currentTheme(): PortalTheme {
  current ??= readStored();
  return current;
}

/** Applies a theme at once everywhere and keeps it in local storage (spec 3 keys). */
export function applyTheme(theme: PortalTheme): void {
  current = theme;
  try {
    localStorage.setItem(LOCAL_KEYS.themeColor, theme.themeColor);
    localStorage.setItem(LOCAL_KEYS.themeHeadColor, theme.themeHeadColor);
    localStorage.setItem(LOCAL_KEYS.themeCode, String(theme.themeCode));
  } catch {
    // storage full or disabled: the theme still applies for this page
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab chose a theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_KEYS.themeColor || event.key === LOCAL_KEYS.themeCode || event.key === LOCAL_KEYS.themeHeadColor) {
      current = readStored();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useTheme(): PortalTheme {
  return useSyncExternalStore(subscribe, currentTheme, () => DEFAULT_THEME);
}

// ------------------------------------------------------------------------ reduced motion

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Whether the system asks for reduced motion (WCAG 2.3.3), following changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const query = () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null);
  const [reduced, setReduced] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const list = query();
    if (!list) return;
    const onChange = () => setReduced(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, []);
  return reduced;
}
