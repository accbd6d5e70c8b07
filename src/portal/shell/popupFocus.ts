// Moving the focus into an antd popup (a Dropdown's menu) once it is in place. antd's own
// autoFocus focuses three frames after opening wherever the popup is: before it is aligned it sits
// off-screen, the focus scrolled the page, and a context menu closes on any scroll (decisions.md,
// "Tab context menu focus"). Here the popup is found by a class of its own root, and focused
// without scrolling once its corner lies inside the window.

/** How many frames the popup may take to be placed (about a second). */
const PLACE_FRAMES = 60;

/** Which element of the placed popup takes the focus. */
export type FocusPick = (popup: HTMLElement) => HTMLElement | null;

/** The first or last enabled item of a menu. */
export const menuItem =
  (which: "first" | "last"): FocusPick =>
  (popup) => {
    const items = Array.from(popup.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'));
    return (which === "first" ? items[0] : items[items.length - 1]) ?? null;
  };

/** The menu itself (its first arrow key then picks an item). */
export const wholeMenu: FocusPick = (popup) => popup.querySelector<HTMLElement>('[role="menu"]');

/** Aligned: its corner lies inside the window (a menu taller than a zoomed window scrolls itself). */
function isPlaced(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.left >= 0 && box.top >= 0 && box.left < window.innerWidth && box.top < window.innerHeight;
}

/**
 * Focuses `pick` of the open popup under `.rootClass` once it is placed; returns a cancel. Nothing
 * happens when it never gets placed (it was closed meanwhile).
 */
export function focusPopupWhenPlaced(rootClass: string, pick: FocusPick): () => void {
  let frame = 0;
  let frames = 0;
  const attempt = () => {
    const popup = document.querySelector<HTMLElement>(`.${rootClass}:not(.ant-dropdown-hidden)`);
    const target = popup ? pick(popup) : null;
    const menu = popup?.querySelector<HTMLElement>('[role="menu"]');
    if (target && menu && isPlaced(menu)) target.focus({ preventScroll: true });
    else if (++frames < PLACE_FRAMES) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
