// The my-task card's rules (spec 2.7, 4, 9): pages of 10, a badge capped at 99, "--" for an empty
// value, and a page above 1 that comes back empty steps back one page.

export const TASK_PAGE_SIZE = 10;
export const BADGE_CAP = 99;
/** Spec 2.7: what an empty value shows (the same in both languages). */
export const EMPTY_VALUE = "--";

/** The pending badge's text: null hides it (nothing pending), above 99 it reads "99+". */
export function badgeText(count: number | null | undefined): string | null {
  if (typeof count !== "number" || !Number.isFinite(count) || count < 1) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = String(value).trim();
  return text === "" ? EMPTY_VALUE : text;
}

/** The page to load instead when this page came back empty, or null to keep it. */
export function stepBackPage(page: number, rowsOnPage: number): number | null {
  return rowsOnPage === 0 && page > 1 ? page - 1 : null;
}
