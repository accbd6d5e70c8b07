// My tasks: the table with "--" for empty values, the badge capped at 99, paging by 10, stepping
// back from an empty page above 1, reloading when the tab becomes visible, and quiet failures.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { LiveProvider } from "../../live/LiveProvider";
import { fakeLiveConnection } from "../../live/testing";
import { TaskWidget } from "./TaskWidget";
import { answerBy, failed, net, ok, renderWidget, resetNet, SLOW } from "./testing";

const PAGE = "/personalTask/getWidgetTaskPage";
const PENDING = "/personalTask/getTaskPending";
const task = (id: number, extra: object = {}) => ({
  id,
  taskName: `Task ${id}`,
  taskUrl: `https://oa.example/t/${id}`,
  taskStatus: 1,
  taskSponsor: "Zhang Wei",
  taskStartTime: "2025-11-20 09:00:00",
  taskCurrentApproved: null,
  ...extra,
});
const page = (records: unknown[], total: number, n = 1) => ok({ records, total, page: n, pageSize: 10 });
const pagesAsked = async () => Promise.all(net.calls(PAGE).map(async (r) => (await r.clone().json()).page as number));

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
  Reflect.deleteProperty(document, "visibilityState");
});

describe("my tasks card", SLOW, () => {
  it("shows the pending approvals, -- for empty values, and each task opens in a new tab", async () => {
    net.answer = answerBy({ [PAGE]: () => page([task(1), task(2, { taskSponsor: "", taskStartTime: null })], 2), [PENDING]: () => ok(3) });
    renderWidget(<TaskWidget editing={false} />);
    const link = await screen.findByRole("link", { name: "Task 1" });
    expect(link.getAttribute("href")).toBe("https://oa.example/t/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    const second = screen.getByRole("link", { name: "Task 2" }).closest("tr")!;
    expect(within(second).getAllByText("--")).toHaveLength(3); // sponsor, start time, current approver
    expect(screen.getByRole("columnheader", { name: "Pending on" })).toBeTruthy();
    expect(await pagesAsked()).toEqual([1]);
    expect(await net.calls(PAGE)[0].clone().json()).toMatchObject({ pageSize: 10 });
    expect(screen.getByTestId("widget-more-task_model").getAttribute("href")).toBe("/main/missionCenterIndex");
  });

  it("caps the pending badge at 99", async () => {
    net.answer = answerBy({ [PAGE]: () => page([task(1)], 1), [PENDING]: () => ok(150) });
    renderWidget(<TaskWidget editing={false} />);
    const card = screen.getByTestId("widget-task_model");
    await waitFor(() => expect(within(card).getByTitle("150 tasks waiting for you").textContent).toBe("99+"));
  });

  it("steps back one page when a page above 1 comes back empty", async () => {
    let second = [task(11)];
    net.answer = answerBy({
      [PAGE]: async (request) => ((await request.clone().json()).page === 2 ? page(second, 11, 2) : page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => task(id)), 11)),
      [PENDING]: () => ok(11),
    });
    renderWidget(<TaskWidget editing={false} />);
    await screen.findByRole("link", { name: "Task 1" });
    second = []; // task 11 was approved elsewhere meanwhile
    // The pager is in the card's header (issue 21: always in view, never under the rows).
    const pager = screen.getByTestId("widget-task-pager");
    expect(pager.closest(".widget-drag-handle")).not.toBeNull();
    await act(async () => fireEvent.click(within(pager).getByTitle("Next Page")));
    await waitFor(async () => expect(await pagesAsked()).toEqual([1, 2, 1]));
    expect(await screen.findByRole("link", { name: "Task 1" })).toBeTruthy();
    expect((within(screen.getByTestId("widget-task-pager")).getByRole("textbox") as HTMLInputElement).value).toBe("1");
  });

  it("reloads the page and the badge when the tab becomes visible again", async () => {
    net.answer = answerBy({ [PAGE]: () => page([task(1)], 1), [PENDING]: () => ok(1) });
    renderWidget(<TaskWidget editing={false} />);
    await screen.findByRole("link", { name: "Task 1" });
    act(() => setVisibility("hidden"));
    expect(net.calls(PAGE)).toHaveLength(1);
    act(() => setVisibility("visible"));
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(2));
    expect(net.calls(PENDING)).toHaveLength(2);
  });

  it("follows the live stream (issue 23): the badge moves with the counts, and an approval arriving or handled elsewhere reloads the rows", async () => {
    let rows = [task(1)];
    net.answer = answerBy({ [PAGE]: () => page(rows, rows.length), [PENDING]: () => ok(rows.length) });
    const live = fakeLiveConnection();
    renderWidget(
      <LiveProvider connection={live.connection}>
        <TaskWidget editing={false} />
      </LiveProvider>,
    );
    await screen.findByRole("link", { name: "Task 1" });
    const card = screen.getByTestId("widget-task_model");
    rows = [task(2), task(1)];
    act(() => live.emit({ type: "notification", notification: { id: 9, kind: "taskPending", record: { type: "task", id: 2 }, params: {}, createdAt: "2026-11-27 09:00:00" } }));
    expect(await screen.findByRole("link", { name: "Task 2" })).toBeTruthy();
    await waitFor(() => expect(within(card).getByTitle("2 tasks waiting for you").textContent).toBe("2"));

    // Handled in the task centre of another tab: the badge at once, then the rows.
    rows = [task(1)];
    act(() => live.emit({ type: "counts", kind: "taskCounts", counts: { taskPending: 1 } }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Task 2" })).toBeNull());
    await waitFor(() => expect(within(card).getByTitle("1 task waiting for you").textContent).toBe("1"));

    // Another kind of news is not the card's.
    const asked = net.calls(PAGE).length;
    act(() => live.emit({ type: "notification", notification: { id: 10, kind: "roleChanged", record: null, params: {}, createdAt: "2026-11-27 09:01:00" } }));
    act(() => live.emit({ type: "counts", kind: "moderationCounts", counts: { complaintsPending: 3 } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.calls(PAGE)).toHaveLength(asked);
  });

  it("shows the empty state; after failures it says it could not load (not \"no pending approvals\"), without a toast", async () => {
    net.answer = answerBy({ [PAGE]: () => page([], 0), [PENDING]: () => ok(0) });
    renderWidget(<TaskWidget editing={false} />);
    expect(await screen.findByText("No pending approvals")).toBeTruthy();
    cleanup();
    net.answer = failed;
    renderWidget(<TaskWidget editing={false} />);
    expect((await screen.findByTestId("widget-failed")).textContent).toContain("Could not load.");
    expect(screen.queryByText("No pending approvals")).toBeNull();
    expect(net.notified).toEqual([]);
    expect(screen.queryByTitle(/waiting for you/)).toBeNull();
    net.answer = answerBy({ [PAGE]: () => page([task(1)], 1), [PENDING]: () => ok(1) });
    fireEvent.click(screen.getByRole("button", { name: /Retry/ }));
    expect(await screen.findByRole("link", { name: "Task 1" })).toBeTruthy();
  });

  it("a failed refresh of the page on screen keeps its rows (spec 8: quiet)", async () => {
    net.answer = answerBy({ [PAGE]: () => page([task(1)], 1), [PENDING]: () => ok(1) });
    renderWidget(<TaskWidget editing={false} />);
    await screen.findByRole("link", { name: "Task 1" });
    net.answer = failed;
    act(() => setVisibility("hidden"));
    act(() => setVisibility("visible"));
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(2));
    await act(async () => undefined);
    expect(screen.getByRole("link", { name: "Task 1" })).toBeTruthy();
    expect(screen.queryByTestId("widget-failed")).toBeNull();
  });
});
