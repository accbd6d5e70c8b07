// The edit-mode draft and the grid: keyboard steps and pointer drags both reach the saved layout,
// and a late onLayoutChange from the grid (its effect echoing an earlier layout prop, seen on a busy
// CI machine) cannot undo a keyboard step. The grid is replaced by a stand-in that keeps its props,
// so the test can fire the grid's callbacks in the order a slow machine does.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { App } from "antd";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { MemoryRouter } from "react-router";

import { providersWrapper } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import type { Card } from "./layoutModel";

type GridProps = {
  layout: { i: string; x: number; y: number; w: number; h: number }[];
  children: ReactNode;
  onLayoutChange?: (layout: GridProps["layout"]) => void;
  onDragStop?: (layout: GridProps["layout"]) => void;
  onResizeStop?: (layout: GridProps["layout"]) => void;
};
let grid: GridProps | null = null;

vi.mock("react-grid-layout", async () => {
  const core = await vi.importActual<typeof import("react-grid-layout/core")>("react-grid-layout/core");
  return {
    default: (props: GridProps) => {
      grid = props;
      return <div>{props.children}</div>;
    },
    useContainerWidth: () => ({ width: 1400, containerRef: { current: null }, mounted: true }),
    verticalCompactor: core.verticalCompactor,
  };
});
vi.mock("../widgets", () => {
  const Widget = () => <p>widget</p>;
  const entry = (titleKey: string) => ({ titleKey, Component: Widget });
  return {
    WIDGETS: {
      calendar_model: entry("calendar.title"),
      app_model: entry("app.title"),
      chart_model: entry("chart.title"),
      task_model: entry("task.title"),
    },
  };
});

const CARDS: Card[] = [
  { modelCode: "chart_model", id: 1, x: 0, y: 0, w: 30, h: 20, hidden: false },
  { modelCode: "app_model", id: 2, x: 30, y: 0, w: 20, h: 20, hidden: false },
  { modelCode: "calendar_model", id: 3, x: 0, y: 20, w: 12, h: 20, hidden: false },
  { modelCode: "task_model", id: 4, x: 12, y: 20, w: 38, h: 20, hidden: false },
];
const save = vi.fn(async (_cards: Card[]) => undefined);
vi.mock("./useWorkspaceLayout", () => ({
  useWorkspaceLayout: () => ({ cards: CARDS, save, remove: vi.fn(), reload: vi.fn(), reset: vi.fn() }),
}));

const { default: WorkingSpace } = await import("./WorkingSpace");

const savedCard = (code: string) => save.mock.calls.at(-1)![0].find((c) => c.modelCode === code)!;

async function editMode() {
  // The page's providers and router: its to-read line (issue 24) reads the count through the client
  // (answered 404 here: the line stays hidden) and links to the help centre.
  render(
    <MemoryRouter>
      <App>
        <WorkingSpace />
      </App>
    </MemoryRouter>,
    { wrapper: providersWrapper() },
  );
  fireEvent.click(screen.getByTestId("ws-edit"));
  return screen.getByTestId("card-key-calendar_model");
}

describe("WorkingSpace edit mode", () => {
  beforeAll(() => setLanguage("en"));
  beforeEach(() => {
    grid = null;
    save.mockClear();
  });
  afterEach(cleanup);

  it("keeps two keyboard resizes when the grid later echoes the layout of the first", async () => {
    const handle = await editMode();
    fireEvent.keyDown(handle, { key: "ArrowRight", shiftKey: true });
    const afterFirst = grid!.layout.map((l) => ({ ...l }));
    expect(afterFirst.find((l) => l.i === "calendar_model")!.w).toBe(13);
    fireEvent.keyDown(handle, { key: "ArrowRight", shiftKey: true });
    expect(grid!.layout.find((l) => l.i === "calendar_model")!.w).toBe(14);
    // The grid's effect reports the layout it synced to one render earlier.
    act(() => grid!.onLayoutChange?.(afterFirst));
    expect(grid!.layout.find((l) => l.i === "calendar_model")!.w).toBe(14);
    await act(async () => fireEvent.click(screen.getByTestId("ws-ok")));
    expect(save).toHaveBeenCalledTimes(1);
    expect(savedCard("calendar_model")).toMatchObject({ x: 0, y: 20, w: 14, h: 20 });
  });

  it("saves where a pointer drag or resize left a card", async () => {
    await editMode();
    const dragged = grid!.layout.map((l) => (l.i === "calendar_model" ? { ...l, x: 5 } : { ...l }));
    act(() => grid!.onDragStop!(dragged));
    const resized = grid!.layout.map((l) => (l.i === "task_model" ? { ...l, h: 30 } : { ...l }));
    act(() => grid!.onResizeStop!(resized));
    await act(async () => fireEvent.click(screen.getByTestId("ws-ok")));
    expect(savedCard("calendar_model")).toMatchObject({ x: 5, w: 12 });
    expect(savedCard("task_model")).toMatchObject({ h: 30 });
  });

  it("Cancel drops the draft: nothing is saved", async () => {
    const handle = await editMode();
    fireEvent.keyDown(handle, { key: "ArrowRight", shiftKey: true });
    await act(async () => fireEvent.click(screen.getByTestId("ws-cancel")));
    expect(save).not.toHaveBeenCalled();
    expect(grid!.layout.find((l) => l.i === "calendar_model")!.w).toBe(12);
  });
});
