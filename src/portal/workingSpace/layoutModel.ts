// The workspace's layout as data (spec 2.7, 3 layout card, 9 default layouts), kept free of React
// so the rules are unit-tested. The grid has 50 columns and 10 px gaps at every screen-size
// breakpoint; its rows follow the screen: the workspace's visible height is 20 rows, so a layout
// fills a laptop and a monitor alike (layoutVersion 2). A saved card's four numbers are grid units.
//
// A layout from the server is parsed and validated before use (Backstage's habit): a card set or
// a version this code cannot use falls back to the default layout instead of breaking the page.
import type { components } from "../../api/schema";
import { moveElement, verticalCompactor, type Layout, type LayoutItem } from "react-grid-layout/core";

import { MODEL_CODES, type ModelCode } from "../widgets/types";

export { MODEL_CODES, type ModelCode };
export type Breakpoint = components["schemas"]["Breakpoint"];
export type SavedCard = components["schemas"]["PersonalLayout"];
export type CardInput = components["schemas"]["PersonalLayoutInput"];
export type CardUpdate = components["schemas"]["PersonalLayoutUpdate"];

/**
 * 2: rows are a twentieth of the visible workspace height. 1 (issue 5) had fixed 10 px rows: such
 * a layout fitted only the screen it was made on, so it is replaced by the default (keeping which
 * cards the person hid), see replacingOlder.
 */
export const LAYOUT_VERSION = 2;
export const COLS = 50;
/** The workspace's visible height in rows: a card SCREEN_ROWS high fills the screen below the toolbar. */
export const SCREEN_ROWS = 20;
export const GAP = 10;
/** Spec 5 and 9: drag-resize minimum width and height, px. */
export const MIN_PX = 50;
/** Rows never get flatter than this: in a very short window the page scrolls instead. */
export const MIN_ROW_HEIGHT = 12;
/**
 * Container widths where each breakpoint starts: xl is a wide monitor (1600 px and wider with the
 * sider open), lg a laptop (a 1280 px screen with the sider open), md a tablet or a narrow window,
 * sm a phone.
 */
export const BREAKPOINTS: Record<Breakpoint, number> = { xl: 1320, lg: 1000, md: 640, sm: 0 };

/** What the grid's units are in pixels on this screen: its width and the height of one row. */
export interface Geometry {
  width: number;
  rowHeight: number;
}

/** A card as the page holds it: grid units, shown or hidden, and its server id once saved. */
export interface Card {
  modelCode: ModelCode;
  id?: number;
  x: number;
  y: number;
  w: number;
  h: number;
  hidden: boolean;
}

export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return "xl";
  if (width >= BREAKPOINTS.lg) return "lg";
  if (width >= BREAKPOINTS.md) return "md";
  return "sm";
}

/**
 * The row height for a visible workspace of `height` px: SCREEN_ROWS rows, the gaps between them
 * and the grid's padding above and below fill it (react-grid-layout: n rows take
 * n * rowHeight + (n + 1) * gap). Rounded down to 1/100 px so rounding never adds a scroll bar.
 */
export function rowHeightFor(height: number): number {
  const exact = (height - GAP * (SCREEN_ROWS + 1)) / SCREEN_ROWS;
  return Math.max(MIN_ROW_HEIGHT, Math.floor(exact * 100) / 100);
}

/** Width of one column in px for a container width (the gaps also pad the container's edges). */
export function colWidth(width: number): number {
  return Math.max(1, (width - GAP * (COLS + 1)) / COLS);
}

/** The smallest card, in grid units, that is at least 50 by 50 px (spec 5). */
export function minSize({ width, rowHeight }: Geometry): { minW: number; minH: number } {
  return {
    minW: Math.min(COLS, Math.ceil((MIN_PX + GAP) / (colWidth(width) + GAP))),
    minH: Math.ceil((MIN_PX + GAP) / (rowHeight + GAP)),
  };
}

/**
 * Spec 9's computed default, in proportions of the visible workspace. Laptop and monitor (lg,
 * xl): calendar and apps 0.24 of the width and 0.6 of the height side by side, my data 0.52 of the
 * width at full height, my tasks 0.48 of the width and 0.4 of the height below the first two, so
 * the four fill the screen. A tablet (md) keeps calendar and apps side by side with tasks under
 * them at full width (the screen) and my data below. A phone (sm) stacks the cards in one column:
 * today's schedule and the pending approvals first, then apps and reports.
 */
export function defaultLayout(bp: Breakpoint, geometry: Geometry): Card[] {
  const { minH } = minSize(geometry);
  const card = (modelCode: ModelCode, x: number, y: number, w: number, h: number): Card => ({ modelCode, x, y, w, h: Math.max(minH, h), hidden: false });
  const top = Math.round(SCREEN_ROWS * 0.6);
  if (bp === "lg" || bp === "xl") {
    const side = Math.round(COLS * 0.24);
    return [
      card("calendar_model", 0, 0, side, top),
      card("app_model", side, 0, side, top),
      card("chart_model", 2 * side, 0, COLS - 2 * side, SCREEN_ROWS),
      card("task_model", 0, top, 2 * side, SCREEN_ROWS - top),
    ];
  }
  if (bp === "md") {
    const half = COLS / 2;
    return [
      card("calendar_model", 0, 0, half, top),
      card("app_model", half, 0, half, top),
      card("task_model", 0, top, COLS, SCREEN_ROWS - top),
      card("chart_model", 0, SCREEN_ROWS, COLS, top),
    ];
  }
  const phone: [ModelCode, number][] = [
    ["calendar_model", top],
    ["task_model", Math.round(SCREEN_ROWS * 0.8)],
    ["app_model", top],
    ["chart_model", top],
  ];
  let y = 0;
  return phone.map(([code, h]) => {
    const c = card(code, 0, y, COLS, h);
    y += c.h;
    return c;
  });
}

const isInt = (n: unknown, min: number, max: number): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

const ofBreakpoint = (rows: readonly SavedCard[], bp: Breakpoint) => rows.filter((r) => (r.breakpoint ?? "lg") === bp);

/**
 * The saved cards of one breakpoint, or null when they cannot be used: none saved, a version
 * other than LAYOUT_VERSION, a card type twice or unknown, or numbers outside the grid. Card types
 * missing from a usable set are added hidden (they can come back through add-card).
 */
export function parseSaved(rows: readonly SavedCard[] | null | undefined, bp: Breakpoint, fallback: Card[]): Card[] | null {
  if (!Array.isArray(rows)) return null;
  const mine = ofBreakpoint(rows, bp);
  if (mine.length === 0) return null;
  const seen = new Set<string>();
  const cards: Card[] = [];
  for (const r of mine) {
    if ((r.layoutVersion ?? 1) !== LAYOUT_VERSION) return null;
    if (!MODEL_CODES.includes(r.modelCode) || seen.has(r.modelCode)) return null;
    seen.add(r.modelCode);
    const { modelLeftMargin: x, modelTopMargin: y, modelAbscissaLength: w, modelOrdinateLength: h } = r;
    if (!isInt(w, 1, COLS) || !isInt(x, 0, COLS - 1) || x + w > COLS || !isInt(h, 1, 1000) || !isInt(y, 0, 10000)) return null;
    cards.push({ modelCode: r.modelCode, id: r.id, x, y, w, h, hidden: r.isDeleted === 1 });
  }
  for (const f of fallback) if (!seen.has(f.modelCode)) cards.push({ ...f, id: undefined, hidden: true });
  return sortCards(cards);
}

/**
 * The default that replaces a breakpoint's layout of an older version (issue 21: version 1's 10 px
 * rows filled only the screen they were made on): its places and sizes are not carried over, but
 * the cards the person had hidden stay hidden.
 */
export function replacingOlder(rows: readonly SavedCard[] | null | undefined, bp: Breakpoint, fallback: Card[]): Card[] {
  const older = Array.isArray(rows) ? ofBreakpoint(rows, bp).filter((r) => (r.layoutVersion ?? 1) < LAYOUT_VERSION) : [];
  const hidden = new Set(older.filter((r) => r.isDeleted === 1).map((r) => r.modelCode));
  return fallback.map((c) => (hidden.has(c.modelCode) ? { ...c, hidden: true } : c));
}

/** Cards in reading order (row, then column): also their stacking order (modelZoom). */
export function sortCards(cards: Card[]): Card[] {
  return [...cards].sort((a, b) => a.y - b.y || a.x - b.x || MODEL_CODES.indexOf(a.modelCode) - MODEL_CODES.indexOf(b.modelCode));
}

export function toInput(card: Card, index: number, bp: Breakpoint): CardInput {
  return {
    modelCode: card.modelCode,
    modelLeftMargin: card.x,
    modelTopMargin: card.y,
    modelAbscissaLength: card.w,
    modelOrdinateLength: card.h,
    modelZoom: index,
    isDeleted: card.hidden ? 1 : 0,
    layoutVersion: LAYOUT_VERSION,
    breakpoint: bp,
  };
}

export function toUpdate(card: Card & { id: number }, index: number, bp: Breakpoint): CardUpdate {
  return { id: card.id, ...toInput(card, index, bp) };
}

/** The grid's layout of the shown cards (with the 50 px minimum). */
export function gridLayout(cards: Card[], geometry: Geometry): Layout {
  const { minW, minH } = minSize(geometry);
  return cards.filter((c) => !c.hidden).map((c) => ({ i: c.modelCode, x: c.x, y: c.y, w: Math.max(c.w, minW), h: Math.max(c.h, minH), minW, minH }));
}

/** The cards as the grid shows them: at least the minimum size, compacted upwards. */
export function compactCards(cards: Card[], geometry: Geometry): Card[] {
  return applyGrid(cards, verticalCompactor.compact(gridLayout(cards, geometry), COLS) as Layout);
}

/** Takes the grid's positions back into the cards (hidden cards keep theirs). */
export function applyGrid(cards: Card[], layout: Layout): Card[] {
  const byId = new Map(layout.map((l) => [l.i, l]));
  return cards.map((c) => {
    const l = byId.get(c.modelCode);
    return l ? { ...c, x: l.x, y: l.y, w: l.w, h: l.h } : c;
  });
}

export type Slot = Pick<LayoutItem, "x" | "y" | "w" | "h">;

/**
 * Where the add-card tile goes when cards are hidden (issue 21: under a full-screen grid it started
 * below the fold): the largest free rectangle the shown cards leave on the screen (normally the
 * hole of the card taken off, topmost first on a tie), at least the 50 px minimum; otherwise a row
 * under the cards.
 */
export function addTileSlot(cards: Card[], geometry: Geometry): Slot {
  const shown = verticalCompactor.compact(gridLayout(cards, geometry), COLS) as Layout;
  const bottom = shown.reduce((max, l) => Math.max(max, l.y + l.h), 0);
  const rows = Math.max(SCREEN_ROWS, bottom);
  const free = Array.from({ length: rows }, (_, y) => Array.from({ length: COLS }, (_, x) => !shown.some((l) => x >= l.x && x < l.x + l.w && y >= l.y && y < l.y + l.h)));
  // Largest all-free rectangle, row by row over the heights of free cells ending at that row.
  const heights = new Array<number>(COLS).fill(0);
  let best: Slot | null = null;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < COLS; x++) heights[x] = free[y][x] ? heights[x] + 1 : 0;
    for (let x = 0; x < COLS; x++) {
      let h = Infinity;
      for (let end = x; end < COLS && heights[end] > 0; end++) {
        h = Math.min(h, heights[end]);
        const slot = { x, y: y - h + 1, w: end - x + 1, h };
        const area = slot.w * slot.h;
        const bestArea = best ? best.w * best.h : 0;
        if (area > bestArea || (area === bestArea && best && slot.y < best.y)) best = slot;
      }
    }
  }
  const { minW, minH } = minSize(geometry);
  if (best && best.w >= minW && best.h >= minH) return best;
  return { x: 0, y: bottom, w: COLS, h: Math.max(minH, 3) };
}

export type KeyMove = { kind: "move"; dx: -1 | 0 | 1; dy: -1 | 0 | 1 } | { kind: "resize"; dw: number; dh: number };

/** Arrow keys move a card; with Shift they resize it (edit mode, keyboard). Null for other keys. */
export function keyMoveOf(key: string, shift: boolean): KeyMove | null {
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key] as [number, number] | undefined;
  if (!d) return null;
  if (shift) return { kind: "resize", dw: d[0], dh: d[1] };
  return { kind: "move", dx: d[0] as -1 | 0 | 1, dy: d[1] as -1 | 0 | 1 };
}

/**
 * One keyboard step on the grid's layout, compacted upwards as the grid does. Left and right move
 * one column; up and down swap places with the nearest card above or below that shares a column
 * (one row at a time would be undone by the upward compaction). Resizing keeps the 50 px minimum
 * and the grid's width.
 */
export function stepLayout(layout: Layout, id: string, move: KeyMove, geometry: Geometry): Layout {
  const item = layout.find((l) => l.i === id);
  if (!item) return layout;
  const cloned: LayoutItem[] = layout.map((l) => ({ ...l }));
  const me = cloned.find((l) => l.i === id)!;
  const { minW, minH } = minSize(geometry);
  if (move.kind === "resize") {
    me.w = Math.min(COLS - me.x, Math.max(minW, me.w + move.dw));
    me.h = Math.max(minH, me.h + move.dh);
    return verticalCompactor.compact(cloned, COLS) as Layout;
  }
  let x = me.x;
  let y = me.y;
  if (move.dx !== 0) x = Math.min(COLS - me.w, Math.max(0, me.x + move.dx));
  if (move.dy !== 0) {
    const shares = (o: LayoutItem) => o.i !== id && o.x < me.x + me.w && me.x < o.x + o.w;
    if (move.dy > 0) {
      const below = cloned.filter((o) => shares(o) && o.y >= me.y + me.h).sort((a, b) => a.y - b.y)[0];
      if (!below) return layout;
      y = below.y + below.h;
    } else {
      const above = cloned.filter((o) => shares(o) && o.y + o.h <= me.y).sort((a, b) => b.y - a.y)[0];
      if (!above) return layout;
      y = above.y;
    }
  }
  const moved = moveElement(cloned, me, x, y, true, false, "vertical", COLS, false);
  return verticalCompactor.compact(moved, COLS) as Layout;
}
