// The themes of Dress Up (spec 9): five named themes over four logo codes (theme codes 0 to 3),
// applied live through antd theme tokens. The choice is kept in local storage (themeColor,
// themeHeadColor, themeCode: spec 3) so the pre-login pages paint it at once, and in the user's
// personal record on the server so it follows them to another browser.
//
// Decision (spec 9 names five themes and four codes): the theme code picks the logo variant, so
// two themes may share a code; a theme is identified by its colours and code together.
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ThemeConfig } from "antd";

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
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance < 0.179;
}

/**
 * antd tokens of a theme: the primary colour everywhere, the header colour on Layout's header; no
 * motion (popups, dialogs, menus appear at once) for a person who asked the system for reduced motion.
 */
export function antdThemeOf(theme: PortalTheme, { reducedMotion = false }: { reducedMotion?: boolean } = {}): ThemeConfig {
  return {
    token: { colorPrimary: theme.themeColor, colorLink: theme.themeColor, motion: !reducedMotion },
    components: {
      Layout: { headerBg: theme.themeHeadColor, headerColor: isDarkColor(theme.themeHeadColor) ? "#FFFFFF" : "rgba(0, 0, 0, 0.88)" },
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
