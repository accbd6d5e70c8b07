// The my-data carousel (spec 2.7, 9): at most 10 reports, looping only with more than one, a
// loading indicator of 600 ms per frame. Only the current slide is rendered, so a report off
// screen is never loaded; it loads when it becomes current.

export const CHART_MAX = 10;
export const FRAME_LOADING_MS = 600;
/** Decision (the spec gives none): a report stays 10 s before the next one shows. */
export const AUTOPLAY_MS = 10_000;

export function reportsToShow<T>(rows: readonly T[] | null | undefined): T[] {
  return (rows ?? []).slice(0, CHART_MAX);
}

/** Whether the carousel turns by itself and wraps around (spec 9: only with more than one). */
export function loops(total: number): boolean {
  return total > 1;
}

/** The slide `delta` steps from `index`, wrapping around both ends. */
export function stepSlide(index: number, delta: number, total: number): number {
  if (!loops(total)) return 0;
  return (((index + delta) % total) + total) % total;
}

/** The current slide after the list changed (a reload may bring fewer reports). */
export function clampSlide(index: number, total: number): number {
  return index >= 0 && index < total ? index : 0;
}
