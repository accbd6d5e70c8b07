// Issue 21: below antd's md breakpoint (768 px: a phone, or a 1366 px laptop at 200% zoom, which
// Chromium lays out as 683 CSS pixels) the user shell is laid out for a narrow screen: the sider
// is a drawer opened from the header, the header keeps only the menu button, the logo, the search
// box and one "more" menu. Read from matchMedia on the first render (no desktop frame flashes on
// a phone) and followed while the window is resized or zoomed.
import { useSyncExternalStore } from "react";

/** antd's md breakpoint: 768 px and wider is not a phone. */
export const PHONE_QUERY = "(max-width: 767.98px)";

function query(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribe(listener: () => void): () => void {
  const list = query();
  list?.addEventListener("change", listener);
  return () => list?.removeEventListener("change", listener);
}

const snapshot = () => query()?.matches ?? false;

export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
