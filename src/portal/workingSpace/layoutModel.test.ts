import { describe, expect, it } from "vitest";
import {
  COLS,
  GAP,
  ROW_HEIGHT,
  applyGrid,
  breakpointOf,
  defaultLayout,
  gridLayout,
  keyMoveOf,
  minSize,
  parseSaved,
  rowsFor,
  rowsWithin,
  stepLayout,
  toInput,
  type Card,
  type SavedCard,
} from "./layoutModel";

const W = 1100;
const byCode = (cards: Card[]) => Object.fromEntries(cards.map((c) => [c.modelCode, c]));
const saved = (cards: Card[], over: Partial<SavedCard> = {}): SavedCard[] =>
  cards.map((c, i) => ({ ...toInput(c, i, "lg"), id: i + 1, userId: 7, modelZoom: i, ...over }));

describe("breakpoints", () => {
  it("a 1280 px laptop with the sider open is lg; tablets md; phones sm", () => {
    expect(breakpointOf(1030)).toBe("lg");
    expect(breakpointOf(999)).toBe("md");
    expect(breakpointOf(640)).toBe("md");
    expect(breakpointOf(639)).toBe("sm");
  });
});

describe("the computed default (spec 9)", () => {
  it("lg: calendar and apps 0.24 of the width side by side, data 0.52 at full height, tasks 0.48 below", () => {
    const d = byCode(defaultLayout("lg", W, 700));
    expect(d.calendar_model).toMatchObject({ x: 0, y: 0, w: 12 });
    expect(d.app_model).toMatchObject({ x: 12, y: 0, w: 12 });
    expect(d.chart_model).toMatchObject({ x: 24, y: 0, w: 26, h: rowsWithin(700) });
    expect(d.task_model).toMatchObject({ x: 0, y: d.calendar_model.h, w: 24 });
    expect(d.calendar_model.h).toBe(rowsFor(0.6 * 700 - 10));
    expect(Math.abs(d.task_model.h - rowsFor(280))).toBeLessThanOrEqual(1);
  });

  it("lg never takes more rows than the height holds, and both columns end on the same row", () => {
    for (let height = 400; height <= 1200; height += 7) {
      const d = byCode(defaultLayout("lg", W, height));
      const bottom = (c: Card) => c.y + c.h;
      expect(bottom(d.task_model)).toBe(bottom(d.chart_model));
      expect(bottom(d.chart_model) * (ROW_HEIGHT + GAP) - GAP).toBeLessThanOrEqual(height);
      expect(Object.values(d).every((c) => !c.hidden)).toBe(true);
    }
  });

  it("md keeps two columns and sm stacks every card at full width", () => {
    const md = byCode(defaultLayout("md", 800, 700));
    expect(md.calendar_model.w + md.app_model.w).toBe(COLS);
    expect(md.task_model.w).toBe(COLS);
    const sm = defaultLayout("sm", 400, 700);
    expect(sm.every((c) => c.w === COLS && c.x === 0)).toBe(true);
    expect(sm.map((c) => c.y)).toEqual([0, sm[0].h, sm[0].h + sm[1].h, sm[0].h + sm[1].h + sm[2].h]);
  });

  it("a tiny workspace still gives cards of at least 50 by 50 px", () => {
    const { minH } = minSize(W);
    expect(defaultLayout("lg", W, 10).every((c) => c.h >= minH)).toBe(true);
  });
});

describe("a saved layout is validated on read", () => {
  const fallback = defaultLayout("lg", W, 700);

  it("a good saved set is used, hidden cards stay hidden, ids kept", () => {
    const rows = saved(fallback);
    rows[1] = { ...rows[1], isDeleted: 1 };
    const cards = parseSaved(rows, "lg", fallback)!;
    expect(cards).toHaveLength(4);
    expect(byCode(cards).app_model).toMatchObject({ hidden: true, id: 2 });
  });

  it("falls back (null) on: nothing saved, an unknown version, a card twice, numbers off the grid", () => {
    expect(parseSaved([], "lg", fallback)).toBeNull();
    expect(parseSaved(undefined, "lg", fallback)).toBeNull();
    expect(parseSaved(saved(fallback, { layoutVersion: 2 }), "lg", fallback)).toBeNull();
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
    const cards = byCode(parseSaved(rows, "lg", fallback)!);
    expect(cards.task_model).toMatchObject({ hidden: true, id: undefined });
  });
});

describe("grid layout in and out", () => {
  it("only shown cards are on the grid; the grid's positions go back into the cards", () => {
    const cards = defaultLayout("lg", W, 700).map((c) => (c.modelCode === "task_model" ? { ...c, hidden: true } : c));
    const layout = gridLayout(cards, W);
    expect(layout.map((l) => l.i)).not.toContain("task_model");
    const moved = applyGrid(cards, layout.map((l) => (l.i === "app_model" ? { ...l, x: 30 } : l)));
    expect(byCode(moved).app_model.x).toBe(30);
    expect(byCode(moved).task_model).toEqual(byCode(cards).task_model);
  });
});

describe("keyboard steps", () => {
  const layout = gridLayout(defaultLayout("lg", W, 700), W);
  const at = (l: ReturnType<typeof stepLayout>, id: string) => l.find((i) => i.i === id)!;

  it("maps arrows to moves and shift+arrows to resizes, other keys to nothing", () => {
    expect(keyMoveOf("ArrowLeft", false)).toEqual({ kind: "move", dx: -1, dy: 0 });
    expect(keyMoveOf("ArrowDown", true)).toEqual({ kind: "resize", dw: 0, dh: 2 });
    expect(keyMoveOf("Enter", false)).toBeNull();
  });

  it("down moves a card past the one below it; up moves it back above", () => {
    const down = stepLayout(layout, "calendar_model", { kind: "move", dx: 0, dy: 1 }, W);
    const task = at(down, "task_model");
    expect(at(down, "calendar_model").y).toBe(task.y + task.h);
    expect(stepLayout(down, "calendar_model", { kind: "move", dx: 0, dy: 1 }, W)).toBe(down); // nothing below: no change
    const up = stepLayout(down, "calendar_model", { kind: "move", dx: 0, dy: -1 }, W);
    expect(at(up, "calendar_model").y).toBe(0);
  });

  it("left and right move one column and stop at the edges", () => {
    const right = stepLayout(layout, "chart_model", { kind: "move", dx: 1, dy: 0 }, W);
    expect(at(right, "chart_model").x).toBe(24); // already touches the right edge
    const left = stepLayout(layout, "calendar_model", { kind: "move", dx: -1, dy: 0 }, W);
    expect(at(left, "calendar_model").x).toBe(0);
    const calRight = stepLayout(layout, "task_model", { kind: "move", dx: 1, dy: 0 }, W);
    expect(at(calRight, "task_model").x).toBe(1);
  });

  it("resizing keeps the 50 px minimum and the grid's width", () => {
    const { minW, minH } = minSize(W);
    let l = layout;
    for (let i = 0; i < 40; i++) l = stepLayout(l, "app_model", { kind: "resize", dw: -1, dh: -2 }, W);
    expect(at(l, "app_model")).toMatchObject({ w: minW, h: minH });
    let g = layout;
    for (let i = 0; i < 40; i++) g = stepLayout(g, "chart_model", { kind: "resize", dw: 1, dh: 0 }, W);
    expect(at(g, "chart_model").x + at(g, "chart_model").w).toBe(COLS);
  });
});
