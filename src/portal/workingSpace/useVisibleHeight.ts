// The height the workspace grid has on screen: from the grid's top to the bottom of the window, less
// the content's bottom padding. Measured when the grid shows and again whenever the window is
// resized, so the rows follow the screen (issue 21: a layout made on a laptop filled two thirds of
// a monitor). A hidden tab (its view is display: none) keeps the last height.
import { useCallback, useLayoutEffect, useState, type RefObject } from "react";

/** The content area's padding under the grid (PortalShell's content), px. */
export const BELOW_GRID = 16;
/** The least height the grid is given (a very short window scrolls rather than squashing it). */
export const MIN_VISIBLE_HEIGHT = 320;

export function visibleHeightOf(element: HTMLElement | null, win: Pick<Window, "innerHeight" | "scrollY"> = window): number | null {
  if (!element) return null;
  const box = element.getBoundingClientRect();
  if (box.width === 0) return null; // not shown (a hidden tab)
  const top = box.top + win.scrollY;
  return Math.max(MIN_VISIBLE_HEIGHT, Math.floor(win.innerHeight - top - BELOW_GRID));
}

/** `shownWidth` changes when the tab shows again (0 while hidden), so the height is measured then too. */
export function useVisibleHeight(ref: RefObject<HTMLElement | null>, shownWidth: number): number {
  const [height, setHeight] = useState(0);
  const measure = useCallback(() => {
    const next = visibleHeightOf(ref.current);
    if (next !== null) setHeight(next);
  }, [ref]);
  useLayoutEffect(measure, [measure, shownWidth]);
  useLayoutEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  return height;
}
