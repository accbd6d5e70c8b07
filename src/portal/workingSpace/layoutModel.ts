// The workspace's layout as data (spec 2.7, 3 layout card, 9 default layouts), kept free of React
// so the rules are unit-tested. The grid has 50 columns, 10 px rows and 10 px gaps at every
// screen-size breakpoint; a saved card's four numbers are grid units (layoutVersion 1).
//
// A layout from the server is parsed and validated before use (Backstage's habit): a card set or
// a version this code cannot use falls back to the default layout instead of breaking the page.
import type { components } from "../../api/schema";
import { moveElement, verticalCompactor, type Layout, type LayoutItem } from "react-grid-layout/core";

export type ModelCode = components["schemas"]["ModelCode"];
export type Breakpoint = components["schemas"]["Breakpoint"];
export type SavedCard = components["schemas"]["PersonalLayout"];
export type CardInput = components["schemas"]["PersonalLayoutInput"];
export type CardUpdate = components["schemas"]["PersonalLayoutUpdate"];

export const MODEL_CODES: readonly ModelCode[] = ["calendar_model", "app_model", "chart_model", "task_model"];
export const LAYOUT_VERSION = 1;
export const COLS = 50;
export const ROW_HEIGHT = 10;
export const GAP = 10;
/** Spec 5 and 9: drag-resize minimum width and height, px. */
export const MIN_PX = 50;
/** Container widths where each breakpoint starts (a 1280 px laptop with the sider open is lg). */
export const BREAKPOINTS: Record<Breakpoint, number> = { lg: 1000, md: 640, sm: 0 };

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
  if (width >= BREAKPOINTS.lg) return "lg";
  if (width >= BREAKPOINTS.md) return "md";
  return "sm";
}

/** Width of one column in px for a container width (the gaps also pad the container's edges). */
export function colWidth(width: number): number {
  return Math.max(1, (width - GAP * (COLS + 1)) / COLS);
}

/** Columns covering `px` (at least one). */
export function colsFor(px: number, width: number): number {
  return Math.min(COLS, Math.max(1, Math.round((px + GAP) / (colWidth(width) + GAP))));
}

/** Rows covering `px` (at least one). */
export function rowsFor(px: number): number {
  return Math.max(1, Math.round((px + GAP) / (ROW_HEIGHT + GAP)));
}

/** The most whole rows whose height (with the gaps between them) is at most `px`. */
export function rowsWithin(px: number): number {
  return Math.max(1, Math.floor((px + GAP) / (ROW_HEIGHT + GAP)));
}

/** The smallest card, in grid units, that is at least 50 by 50 px (spec 5). */
export function minSize(width: number): { minW: number; minH: number } {
  return {
    minW: Math.min(COLS, Math.ceil((MIN_PX + GAP) / (colWidth(width) + GAP))),
    minH: Math.ceil((MIN_PX + GAP) / (ROW_HEIGHT + GAP)),
  };
}

/**
 * Spec 9's computed default for a workspace of `width` by `height` px. lg uses the spec's
 * proportions: calendar and apps 0.24 of the width and 0.6 of the height side by side, my data
 * 0.52 of the width at full height, my tasks 0.48 of the width and 0.4 of the height below the first
 * two. Narrower screens keep the spec's heights in two columns (md) or one (sm).
 */
export function defaultLayout(bp: Breakpoint, width: number, height: number): Card[] {
  const h = Math.max(400, height);
  const top = Math.max(60, 0.6 * h - 10);
  const bottom = Math.max(60, 0.4 * h);
  const card = (modelCode: ModelCode, x: number, y: number, w: number, hPx: number): Card => ({
    modelCode,
    x,
    y,
    w,
    h: Math.max(minSize(width).minH, rowsFor(hPx)),
    hidden: false,
  });
  if (bp === "lg") {
    const side = Math.round(COLS * 0.24);
    const { minH } = minSize(width);
    // Whole rows that fit in the height (never more, so the page does not scroll); both columns
    // end on the same row: the tasks take what the calendar and apps leave of it.
    const rows = Math.max(2 * minH, rowsWithin(h));
    const rowsTop = Math.min(rows - minH, Math.max(minH, rowsFor(top)));
    return [
      { ...card("calendar_model", 0, 0, side, top), h: rowsTop },
      { ...card("app_model", side, 0, side, top), h: rowsTop },
      { ...card("chart_model", 2 * side, 0, COLS - 2 * side, h), h: rows },
      { ...card("task_model", 0, rowsTop, 2 * side, bottom), h: rows - rowsTop },
    ];
  }
  if (bp === "md") {
    const half = COLS / 2;
    const rowsTop = rowsFor(top);
    return [
      card("calendar_model", 0, 0, half, top),
      card("app_model", half, 0, half, top),
      card("task_model", 0, rowsTop, COLS, bottom),
      card("chart_model", 0, rowsTop + rowsFor(bottom), COLS, top),
    ];
  }
  let y = 0;
  return (["chart_model", "calendar_model", "app_model", "task_model"] as const).map((code) => {
    const c = card(code, 0, y, COLS, code === "task_model" ? 400 : 350);
    y += c.h;
    return c;
  });
}

const isInt = (n: unknown, min: number, max: number): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

/**
 * The saved cards of one breakpoint, or null when they cannot be used: none saved, a version
 * other than LAYOUT_VERSION, a card type twice or unknown, or numbers outside the grid. Card types
 * missing from a usable set are added hidden (they can come back through add-card).
 */
export function parseSaved(rows: readonly SavedCard[] | null | undefined, bp: Breakpoint, fallback: Card[]): Card[] | null {
  if (!Array.isArray(rows)) return null;
  const mine = rows.filter((r) => (r.breakpoint ?? "lg") === bp);
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
export function gridLayout(cards: Card[], width: number): Layout {
  const { minW, minH } = minSize(width);
  return cards.filter((c) => !c.hidden).map((c) => ({ i: c.modelCode, x: c.x, y: c.y, w: Math.max(c.w, minW), h: Math.max(c.h, minH), minW, minH }));
}

/** The cards as the grid shows them: at least the minimum size, compacted upwards. */
export function compactCards(cards: Card[], width: number): Card[] {
  return applyGrid(cards, verticalCompactor.compact(gridLayout(cards, width), COLS) as Layout);
}

/** Takes the grid's positions back into the cards (hidden cards keep theirs). */
export function applyGrid(cards: Card[], layout: Layout): Card[] {
  const byId = new Map(layout.map((l) => [l.i, l]));
  return cards.map((c) => {
    const l = byId.get(c.modelCode);
    return l ? { ...c, x: l.x, y: l.y, w: l.w, h: l.h } : c;
  });
}

export type KeyMove = { kind: "move"; dx: -1 | 0 | 1; dy: -1 | 0 | 1 } | { kind: "resize"; dw: number; dh: number };

/** Arrow keys move a card; with Shift they resize it (edit mode, keyboard). Null for other keys. */
export function keyMoveOf(key: string, shift: boolean): KeyMove | null {
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key] as [number, number] | undefined;
  if (!d) return null;
  if (shift) return { kind: "resize", dw: d[0], dh: d[1] * 2 };
  return { kind: "move", dx: d[0] as -1 | 0 | 1, dy: d[1] as -1 | 0 | 1 };
}

/**
 * One keyboard step on the grid's layout, compacted upwards as the grid does. Left and right move
 * one column; up and down swap places with the nearest card above or below that shares a column
 * (one row at a time would be undone by the upward compaction). Resizing keeps the 50 px minimum
 * and the grid's width.
 */
export function stepLayout(layout: Layout, id: string, move: KeyMove, width: number): Layout {
  const item = layout.find((l) => l.i === id);
  if (!item) return layout;
  const cloned: LayoutItem[] = layout.map((l) => ({ ...l }));
  const me = cloned.find((l) => l.i === id)!;
  const { minW, minH } = minSize(width);
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
