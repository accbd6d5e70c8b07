// Issue 21 (defect 15): the top bar fits its width whatever the language, the person's roles or
// their name. It is drawn fully first; while its content is wider than the bar it drops one thing
// after another (HEADER_LEVELS), measured before the browser paints, so it never overflows and
// never shows a clipped control. What is shown depends on what is there (an administrator has the
// stage-admin link and a role switcher, English words are longer), not on a guessed width.
import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";

/**
 * What the bar drops, in order: the stage-admin link's words (its icon stays), then the product
 * name beside the logo, then every control right of the search box goes into one "more" menu.
 */
export const HEADER_LEVELS = ["full", "adminIcon", "logoOnly", "folded"] as const;
export type HeaderLevel = (typeof HEADER_LEVELS)[number];

const LAST = HEADER_LEVELS.length - 1;

/**
 * The next level after a measurement: back to the full bar when the bar got wider (it may fit
 * again), one more step while the content overflows, else the same.
 */
export function nextLevel(level: number, { overflowing, widened }: { overflowing: boolean; widened: boolean }): number {
  if (widened) return 0;
  if (overflowing && level < LAST) return level + 1;
  return level;
}

function overflows(bar: HTMLElement): boolean {
  return bar.scrollWidth > bar.clientWidth + 1;
}

/**
 * The level that fits `bar`. `content` names what the bar shows (language, user, roles): when it
 * changes the bar is measured afresh from the full level. `folded` forces the last level (a phone).
 */
export function useHeaderFit(bar: RefObject<HTMLElement | null>, content: string, folded: boolean): HeaderLevel {
  const [state, setState] = useState({ content, level: 0 });
  // New content: start again from the full bar (during render, so nothing stale is painted).
  const level = state.content === content ? state.level : 0;
  if (state.content !== content) setState({ content, level: 0 });
  const width = useRef(0);

  // After every render at a level: step down while the content overflows (before paint).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || folded) return;
    const next = nextLevel(level, { overflowing: overflows(element), widened: false });
    if (next !== level) setState({ content, level: next });
  });

  // A wider bar may fit more (back to the full bar, stepping down again at once); a control that
  // grew (the weather's temperature arrived) may need a step down.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || folded || typeof ResizeObserver === "undefined") return;
    width.current = element.clientWidth;
    const observer = new ResizeObserver(() => {
      const widened = element.clientWidth > width.current;
      width.current = element.clientWidth;
      // At once: a ResizeObserver runs before the paint, so the new level is what gets painted.
      flushSync(() =>
        setState((s) => {
          const next = nextLevel(s.level, { overflowing: overflows(element), widened });
          return next === s.level ? s : { ...s, level: next };
        }),
      );
    });
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [bar, folded, content, level]);

  return folded ? "folded" : HEADER_LEVELS[level];
}
