import { describe, expect, it } from "vitest";
import {
  COLS,
  GAP,
  LAYOUT_VERSION,
  MIN_ROW_HEIGHT,
  SCREEN_ROWS,
  addTileSlot,
  applyGrid,
  breakpointOf,
  defaultLayout,
  gridLayout,
  keyMoveOf,
  minSize,
  parseSaved,
  replacingOlder,
  rowHeightFor,
  stepLayout,
  toInput,
  type Card,
  type Geometry,
  type SavedCard,
} from "./layoutModel";

/** A laptop (1366 x 768 with the sider open) and a monitor (1920 x 1080), as the page measures them. */
const LAPTOP: Geometry = { width: 1134, rowHeight: rowHeightFor(562) };
const MONITOR: Geometry = { width: 1688, rowHeight: rowHeightFor(874) };
const byCode = (cards: Card[]) => Object.fromEntries(cards.map((c) => [c.modelCode, c]));
const saved = (cards: Card[], over: Partial<SavedCard> = {}): SavedCard[] =>
  cards.map((c, i) => ({ ...toInput(c, i, "lg"), id: i + 1, userId: 7, modelZoom: i, ...over }));
/** The px a layout takes on the grid (react-grid-layout: n rows take n * rowHeight + (n + 1) * gap). */
const pxHeight = (cards: Card[], g: Geometry) => {
  const rows = Math.max(...cards.filter((c) => !c.hidden).map((c) => c.y + c.h));
  return rows * g.rowHeight + (rows + 1) * GAP;
};

describe("breakpoints", () => {
  it("a monitor is xl, a 1280 px laptop with the sider open lg, tablets md, phones sm", () => {
    expect(breakpointOf(1688)).toBe("xl");
    expect(breakpointOf(1320)).toBe("xl");
    expect(breakpointOf(1319)).toBe("lg");
    expect(breakpointOf(1030)).toBe("lg");
    expect(breakpointOf(999)).toBe("md");
    expect(breakpointOf(640)).toBe("md");
    expect(breakpointOf(639)).toBe("sm");
  });
});

describe("rows follow the screen", () => {
  it("twenty rows with their gaps fill the visible height, never more", () => {
    for (let height = 450; height <= 1400; height += 13) {
      const rh = rowHeightFor(height);
      const px = SCREEN_ROWS * rh + (SCREEN_ROWS + 1) * GAP;
      expect(px).toBeLessThanOrEqual(height);
      expect(px).toBeGreaterThan(height - SCREEN_ROWS * 0.01 - 0.001);
    }
  });

  it("a very short window keeps a usable row (the page scrolls instead)", () => {
    expect(rowHeightFor(100)).toBe(MIN_ROW_HEIGHT);
  });
});

describe("the computed default (spec 9)", () => {
  it("lg and xl: calendar and apps 0.24 of the width and 0.6 of the height, data 0.52 at full height, tasks 0.48 x 0.4 below", () => {
    for (const bp of ["lg", "xl"] as const) {
      const d = byCode(defaultLayout(bp, LAPTOP));
      expect(d.calendar_model).toMatchObject({ x: 0, y: 0, w: 12, h: 12 });
      expect(d.app_model).toMatchObject({ x: 12, y: 0, w: 12, h: 12 });
      expect(d.chart_model).toMatchObject({ x: 24, y: 0, w: 26, h: SCREEN_ROWS });
      expect(d.task_model).toMatchObject({ x: 0, y: 12, w: 24, h: 8 });
    }
  });

  it("the same default fills a laptop and a monitor without scrolling and without a blank third (issue 21)", () => {
    for (const [g, visible] of [[LAPTOP, 562], [MONITOR, 874]] as const) {
      const px = pxHeight(defaultLayout("lg", g), g);
      expect(px).toBeLessThanOrEqual(visible);
      expect(px).toBeGreaterThan(visible - 1);
    }
  });

  it("md keeps two columns with tasks under them; sm stacks every card in one column, schedule and tasks first", () => {
    const g = { width: 800, rowHeight: rowHeightFor(700) };
    const md = byCode(defaultLayout("md", g));
    expect(md.calendar_model.w + md.app_model.w).toBe(COLS);
    expect(md.task_model).toMatchObject({ w: COLS, y: 12 });
    const sm = defaultLayout("sm", { width: 370, rowHeight: rowHeightFor(650) });
    expect(sm.map((c) => c.modelCode)).toEqual(["calendar_model", "task_model", "app_model", "chart_model"]);
    expect(sm.every((c) => c.w === COLS && c.x === 0)).toBe(true);
    expect(sm.map((c) => c.y)).toEqual([0, sm[0].h, sm[0].h + sm[1].h, sm[0].h + sm[1].h + sm[2].h]);
  });

  it("a tiny workspace still gives cards of at least 50 by 50 px", () => {
    const tiny = { width: 1100, rowHeight: MIN_ROW_HEIGHT };
    const { minH } = minSize(tiny);
    expect(defaultLayout("lg", tiny).every((c) => c.h >= minH)).toBe(true);
    expect(minH * tiny.rowHeight + (minH - 1) * GAP).toBeGreaterThanOrEqual(50);
  });
});

describe("a saved layout is validated on read", () => {
  const fallback = defaultLayout("lg", LAPTOP);

  it("a good saved set is used, hidden cards stay hidden, ids kept", () => {
    const rows = saved(fallback);
    rows[1] = { ...rows[1], isDeleted: 1 };
    const cards = parseSaved(rows, "lg", fallback)!;
    expect(cards).toHaveLength(4);
    expect(byCode(cards).app_model).toMatchObject({ hidden: true, id: 2 });
  });

  it("falls back (null) on: nothing saved, another version, a card twice, numbers off the grid", () => {
    expect(LAYOUT_VERSION).toBe(2);
    expect(parseSaved([], "lg", fallback)).toBeNull();
    expect(parseSaved(undefined, "lg", fallback)).toBeNull();
    expect(parseSaved(saved(fallback, { layoutVersion: 1 }), "lg", fallback)).toBeNull();
    expect(parseSaved(saved(fallback, { layoutVersion: 3 }), "lg", fallback)).toBeNull();
    const twice = saved(fallback);
    twice[1] = { ...twice[1], modelCode: "calendar_model" };
    expect(parseSaved(twice, "lg", fallback)).toBeNull();
    const wide = saved(fallback);
    wide[0] = { ...wide[0], modelLeftMargin: 40, modelAbscissaLength: 20 };
    expect(parseSaved(wide, "lg", fallback)).toBeNull();
  });

  it("reads only the breakpoint asked for; a card type missing from a good set comes back hidden", () => {
    const rows = saved(fallback.slice(0, 3));
    expect(parseSaved(rows, "md", fallback)).toBeNull();
    expect(parseSaved(rows, "xl", fallback)).toBeNull();
    const cards = byCode(parseSaved(rows, "lg", fallback)!);
    expect(cards.task_model).toMatchObject({ hidden: true, id: undefined });
  });

  it("a version 1 layout (10 px rows) is replaced by the default, keeping the cards it hid", () => {
    const old = saved([
      { modelCode: "calendar_model", x: 0, y: 0, w: 12, h: 17, hidden: false },
      { modelCode: "app_model", x: 12, y: 0, w: 12, h: 17, hidden: true },
      { modelCode: "chart_model", x: 24, y: 0, w: 26, h: 28, hidden: false },
      { modelCode: "task_model", x: 0, y: 17, w: 24, h: 11, hidden: false },
    ], { layoutVersion: 1 });
    const replaced = byCode(replacingOlder(old, "lg", fallback));
    expect(replaced.app_model).toMatchObject({ hidden: true, ...{ x: 12, y: 0, w: 12, h: 12 } });
    expect(replaced.calendar_model).toMatchObject({ hidden: false, h: 12 });
    expect(replaced.chart_model.h).toBe(SCREEN_ROWS);
    // Another breakpoint's old rows change nothing here.
    expect(replacingOlder(old, "xl", fallback)).toEqual(fallback);
  });
});

describe("grid layout in and out", () => {
  it("only shown cards are on the grid; the grid's positions go back into the cards", () => {
    const cards = defaultLayout("lg", LAPTOP).map((c) => (c.modelCode === "task_model" ? { ...c, hidden: true } : c));
    const layout = gridLayout(cards, LAPTOP);
    expect(layout.map((l) => l.i)).not.toContain("task_model");
    const moved = applyGrid(cards, layout.map((l) => (l.i === "app_model" ? { ...l, x: 30 } : l)));
    expect(byCode(moved).app_model.x).toBe(30);
    expect(byCode(moved).task_model).toEqual(byCode(cards).task_model);
  });
});

describe("the add-card tile (issue 21: it started below the fold)", () => {
  const without = (code: string) => defaultLayout("lg", LAPTOP).map((c) => (c.modelCode === code ? { ...c, hidden: true } : c));

  it("fills the hole of the card taken off, on the screen", () => {
    expect(addTileSlot(without("task_model"), LAPTOP)).toEqual({ x: 0, y: 12, w: 24, h: 8 });
    expect(addTileSlot(without("chart_model"), LAPTOP)).toEqual({ x: 24, y: 0, w: 26, h: SCREEN_ROWS });
    expect(addTileSlot(without("app_model"), LAPTOP)).toEqual({ x: 12, y: 0, w: 12, h: 12 });
  });

  it("two cards off: the larger hole; a card moved up into a hole leaves the hole below it", () => {
    const slot = addTileSlot(without("calendar_model").map((c) => (c.modelCode === "app_model" ? { ...c, hidden: true } : c)), LAPTOP);
    // With calendar and apps off the tasks rise to the top: the hole is under them.
    expect(slot).toEqual({ x: 0, y: 8, w: 24, h: 12 });
  });

  it("every card off: the whole screen; no room on the screen: a row under the cards", () => {
    expect(addTileSlot(defaultLayout("lg", LAPTOP).map((c) => ({ ...c, hidden: true })), LAPTOP)).toEqual({ x: 0, y: 0, w: COLS, h: SCREEN_ROWS });
    const full: Card[] = [
      { modelCode: "calendar_model", x: 0, y: 0, w: 50, h: 10, hidden: false },
      { modelCode: "app_model", x: 0, y: 10, w: 50, h: 10, hidden: false },
      { modelCode: "chart_model", x: 0, y: 20, w: 50, h: 10, hidden: false },
      { modelCode: "task_model", x: 0, y: 30, w: 50, h: 10, hidden: true },
    ];
    expect(addTileSlot(full, LAPTOP)).toMatchObject({ x: 0, y: 30, w: COLS });
  });
});

describe("keyboard steps", () => {
  const layout = gridLayout(defaultLayout("lg", LAPTOP), LAPTOP);
  const at = (l: ReturnType<typeof stepLayout>, id: string) => l.find((i) => i.i === id)!;

  it("maps arrows to moves and shift+arrows to resizes of one row or column, other keys to nothing", () => {
    expect(keyMoveOf("ArrowLeft", false)).toEqual({ kind: "move", dx: -1, dy: 0 });
    expect(keyMoveOf("ArrowDown", true)).toEqual({ kind: "resize", dw: 0, dh: 1 });
    expect(keyMoveOf("Enter", false)).toBeNull();
  });

  it("down moves a card past the one below it; up moves it back above", () => {
    const down = stepLayout(layout, "calendar_model", { kind: "move", dx: 0, dy: 1 }, LAPTOP);
    const task = at(down, "task_model");
    expect(at(down, "calendar_model").y).toBe(task.y + task.h);
    expect(stepLayout(down, "calendar_model", { kind: "move", dx: 0, dy: 1 }, LAPTOP)).toBe(down); // nothing below: no change
    const up = stepLayout(down, "calendar_model", { kind: "move", dx: 0, dy: -1 }, LAPTOP);
    expect(at(up, "calendar_model").y).toBe(0);
  });

  it("left and right move one column and stop at the edges", () => {
    const right = stepLayout(layout, "chart_model", { kind: "move", dx: 1, dy: 0 }, LAPTOP);
    expect(at(right, "chart_model").x).toBe(24); // already touches the right edge
    const left = stepLayout(layout, "calendar_model", { kind: "move", dx: -1, dy: 0 }, LAPTOP);
    expect(at(left, "calendar_model").x).toBe(0);
    const calRight = stepLayout(layout, "task_model", { kind: "move", dx: 1, dy: 0 }, LAPTOP);
    expect(at(calRight, "task_model").x).toBe(1);
  });

  it("resizing keeps the 50 px minimum and the grid's width", () => {
    const { minW, minH } = minSize(LAPTOP);
    let l = layout;
    for (let i = 0; i < 40; i++) l = stepLayout(l, "app_model", { kind: "resize", dw: -1, dh: -1 }, LAPTOP);
    expect(at(l, "app_model")).toMatchObject({ w: minW, h: minH });
    let g = layout;
    for (let i = 0; i < 40; i++) g = stepLayout(g, "chart_model", { kind: "resize", dw: 1, dh: 0 }, LAPTOP);
    expect(at(g, "chart_model").x + at(g, "chart_model").w).toBe(COLS);
  });
});
