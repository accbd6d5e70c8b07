// The task centre page: the default six-month range in the first request, the columns with their
// labels and "--", switching lists, the 10-record selection limit, the hint with none selected,
// and the batch queue that opens tasks (never approves them).
import { Activity } from "react";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet, widgetTree } from "../widgets/testing";
import TaskCenter from "./TaskCenter";

const toasts = vi.hoisted(() => [] as [string, string][]);
vi.mock("../../api/toast", () => ({ toast: (text: string, type = "error") => toasts.push([text, type]), useToastBinding: () => undefined }));

const PAGE = "/personalTask/getTaskPage";
const RANGE = "/personalTask/getSixMonthDate";
const PENDING = "/personalTask/getTaskPending";

const task = (id: number, extra: object = {}) => ({
  id,
  taskName: `Task ${id}`,
  taskUrl: `https://bpm.example/t/${id}`,
  taskStatus: 1,
  type: "Expense",
  title: `Subject ${id}`,
  requestDate: "2026-11-20 09:30:00",
  requestor: "Wang Fang",
  approvedBy: null,
  pendingOn: "Zhang Wei",
  reminderDate: null,
  startDate: "2026-11-20 09:30:00",
  endDate: "2026-11-27 09:30:00",
  completionDate: null,
  processStatus: 2,
  approvalStatus: 4,
  ...extra,
});
const pageOf = (records: unknown[], total = records.length) => ok({ records, total, page: 1, pageSize: 10 });
const bodies = async () => Promise.all(net.calls(PAGE).map(async (r) => (await r.clone().json()) as Record<string, unknown>));

function answer(records: unknown[] = [task(1), task(2)], total?: number) {
  net.answer = answerBy({
    [RANGE]: () => ok({ startDate: "2026-05-22", endDate: "2026-11-22" }),
    [PENDING]: () => ok(23),
    [PAGE]: () => pageOf(records, total),
  });
}

// Text and label queries: role queries over a 12-column antd table are slow on a busy machine.
const linkOf = (name: string) => screen.getByText(name).closest("a")!;
const rowOf = (name: string) => screen.getByText(name).closest("tr")!;
const shown = (name: string) => screen.findByText(name, undefined, { timeout: 60_000 });
const box = (name: string) => screen.getByLabelText(`Select ${name}`) as HTMLInputElement;
const button = (name: RegExp) => screen.getByText(name).closest("button")!;

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
  toasts.splice(0);
});

describe("task centre", { timeout: 180_000 }, () => {
  it("asks for the pending list in the six-month range and shows labels, -- and new-tab links", async () => {
    answer([task(1), task(2, { requestor: null, processStatus: 0, approvalStatus: 16, type: "" })]);
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    const link = linkOf("Subject 1");
    expect(link.getAttribute("title")).toBe("Subject 1 (opens in a new tab)");
    expect(link.getAttribute("href")).toBe("https://bpm.example/t/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await bodies()).toEqual([
      { page: 1, pageSize: 10, taskStatus: null, completeStatus: null, receiveOrSponsor: 0, handledStatus: 0, startDate: "2026-05-22", endDate: "2026-11-22" },
    ]);
    const first = within(rowOf("Subject 1"));
    expect(first.getByText("To handle")).toBeTruthy();
    expect(first.getByText("In approval")).toBeTruthy();
    const second = within(rowOf("Subject 2"));
    expect(second.getByText("Returned")).toBeTruthy();
    expect(second.getByText("Rejected")).toBeTruthy();
    // type, requestor, approved by (reminder and completion are hidden by default)
    expect(second.getAllByText("--")).toHaveLength(3);
    expect(screen.getByText("2 tasks")).toBeTruthy();
  });

  it("switches lists with the contract's receiveOrSponsor and handledStatus", async () => {
    answer();
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    await act(async () => fireEvent.click(screen.getByText("Processed")));
    await act(async () => fireEvent.click(screen.getByText("Initiated")));
    await waitFor(async () => expect((await bodies()).length).toBe(3));
    await act(async () => fireEvent.click(screen.getByText("Not yet submitted")));
    await waitFor(async () => expect((await bodies()).length).toBe(4));
    const asked = (await bodies()).map((b) => [b.receiveOrSponsor, b.handledStatus]);
    expect(asked).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
    ]);
    // Only the pending list can be batch processed.
    expect(screen.queryByText("Batch process")).toBeNull();
  });

  it("keeps the selection across pages and refuses an 11th record with a message", async () => {
    const all = Array.from({ length: 11 }, (_, i) => task(i + 1));
    net.answer = answerBy({
      [RANGE]: () => ok({ startDate: "2026-05-22", endDate: "2026-11-22" }),
      [PENDING]: () => ok(11),
      [PAGE]: async (request) => ((await request.clone().json()).page === 2 ? pageOf(all.slice(10), 11) : pageOf(all.slice(0, 10), 11)),
    });
    renderWidget(<TaskCenter />);
    await shown("Subject 10");
    for (let i = 1; i <= 10; i++) fireEvent.click(box(`Subject ${i}`));
    expect(screen.getByTestId("task-selection-count").textContent).toBe("10 / 10 selected");
    expect(toasts).toEqual([]);
    await act(async () => fireEvent.click(screen.getByTitle("2")));
    await shown("Subject 11");
    fireEvent.click(box("Subject 11"));
    expect(toasts).toEqual([["You can select at most 10 records for batch processing", "warning"]]);
    expect(screen.getByTestId("task-selection-count").textContent).toBe("10 / 10 selected");
    expect(box("Subject 11").checked).toBe(false);
  });

  it("asks to select first when the batch button is pressed with none selected", async () => {
    answer();
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    fireEvent.click(button(/Batch process/));
    expect(toasts).toEqual([["Please select the tasks to process first", "warning"]]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the batch queue with the selected tasks; opening one marks it, finishing reloads", async () => {
    answer([task(1), task(2), task(3, { taskUrl: "javascript:alert(1)" })]);
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    fireEvent.click(box("Subject 2"));
    fireEvent.click(box("Subject 3"));
    fireEvent.click(button(/Batch process/));
    const queue = await screen.findByRole("dialog");
    expect(within(queue).getByText("0 of 1 opened")).toBeTruthy();
    expect(within(queue).getByText("No address")).toBeTruthy(); // the unsafe address never becomes a link
    const open = within(queue).getByRole("link", { name: "Subject 2 (opens in a new tab)" });
    expect(open.getAttribute("href")).toBe("https://bpm.example/t/2");
    expect(open.getAttribute("target")).toBe("_blank");
    fireEvent.click(open);
    expect(within(queue).getByText("1 of 1 opened")).toBeTruthy();
    expect(within(queue).getByText("Opened")).toBeTruthy();
    const before = net.calls(PAGE).length;
    await act(async () => fireEvent.click(within(queue).getByRole("button", { name: "Done, refresh the list" })));
    await waitFor(() => expect(net.calls(PAGE).length).toBe(before + 1));
    expect(screen.getByTestId("task-selection-count").textContent).toBe("0 / 10 selected");
  });

  it("filters by title from the first page and resets to the defaults", async () => {
    answer();
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: " 合同 " } });
    await act(async () => fireEvent.click(button(/Search/)));
    await waitFor(async () => expect((await bodies()).length).toBe(2));
    expect((await bodies())[1]).toMatchObject({ title: "合同", page: 1, startDate: "2026-05-22" });
    await act(async () => fireEvent.click(button(/Reset/)));
    await waitFor(async () => expect((await bodies()).length).toBe(3));
    expect((await bodies())[2].title).toBeUndefined();
  });

  it("shows the key columns with the statuses fixed at the right; the chooser adds a hidden column and is kept (issue 21)", async () => {
    sessionStorage.setItem("userId", "7");
    answer();
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    const headers = () => [...document.querySelectorAll("thead th")].map((th) => th.textContent).filter(Boolean);
    expect(headers()).toEqual(["Title", "Type", "Request date", "Requestor", "Approved by", "Pending on", "Process status", "Approval status"]);
    const status = [...document.querySelectorAll("thead th")].find((th) => th.textContent === "Process status")!;
    expect(status.className).toContain("ant-table-cell-fix-right");
    fireEvent.click(screen.getByTestId("task-column-button"));
    fireEvent.click(await screen.findByLabelText("Reminder"));
    await waitFor(() => expect(headers()).toContain("Reminder"));
    expect(JSON.parse(localStorage.getItem("taskCentreColumns:7")!)).toContain("reminderDate");
    cleanup();
    renderWidget(<TaskCenter />);
    await shown("Subject 1");
    expect(headers()).toContain("Reminder");
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps the filter and its results when the kept-alive page is hidden and shown again (issue 21)", async () => {
    answer();
    const page = (mode: "visible" | "hidden") => (
      <Activity mode={mode}>
        <TaskCenter />
      </Activity>
    );
    const view = renderWidget(page("visible"));
    await shown("Subject 1");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "差旅" } });
    await act(async () => fireEvent.click(button(/Search/)));
    await waitFor(async () => expect((await bodies()).at(-1)?.title).toBe("差旅"));
    view.rerender(widgetTree(page("hidden")));
    view.rerender(widgetTree(page("visible")));
    await act(async () => undefined);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("差旅");
    await waitFor(async () => expect(net.calls(PAGE).length).toBeGreaterThanOrEqual(2));
    // Every request after the search kept its title; the six-month range was asked once.
    expect((await bodies()).slice(1).every((b) => b.title === "差旅")).toBe(true);
    expect(net.calls(RANGE)).toHaveLength(1);
  });

  it("shows the error state with a retry when the page fails", async () => {
    let fail = true;
    net.answer = answerBy({
      [RANGE]: () => failed(),
      [PENDING]: () => ok(0),
      [PAGE]: () => (fail ? failed() : pageOf([task(1)])),
    });
    renderWidget(<TaskCenter />);
    expect(await screen.findByText("The tasks could not be loaded")).toBeTruthy();
    expect(screen.getByText("The default six-month range could not be loaded; showing every date")).toBeTruthy();
    expect((await bodies())[0].startDate).toBeUndefined();
    fail = false;
    await act(async () => fireEvent.click(button(/Try again/)));
    expect(await shown("Subject 1")).toBeTruthy();
  });
});
