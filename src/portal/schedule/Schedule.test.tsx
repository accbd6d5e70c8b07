// The schedule page: one listCalendar call for the six-week month grid, today marked and chosen,
// the day's entries beside the grid, an entry's details with a new-tab link, keyboard moves, the
// week view from Monday, and the error state with a retry.
import { Activity } from "react";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet, widgetTree } from "../widgets/testing";
import Schedule from "./Schedule";

vi.mock("../../api/toast", () => ({ toast: () => undefined, useToastBinding: () => undefined }));

const PATH = "/personalCalendar/listCalendar";
const entry = (id: number, day: string, calendarName: string, extra: object = {}) => ({
  id,
  calendarName,
  calendarStartTime: `${day} 09:30:00`,
  calendarEndTime: `${day} 10:30:00`,
  calendarMeeting: "Shanghai 3F Huangpu",
  calendarOrganizer: "Wang Fang",
  calendarUrl: `https://meet.example/j/${id}`,
  ...extra,
});
const bodies = async () => Promise.all(net.calls(PATH).map(async (r) => (await r.clone().json()) as Record<string, unknown>));
const shown = (text: string) => screen.findByText(text, undefined, { timeout: 60_000 });

// Wednesday 26 November 2025, 10:00 (only Date is faked: timers stay real)
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 10, 26, 10, 0, 0));
  await setLanguage("en");
});
afterEach(() => {
  cleanup();
  resetNet();
  vi.useRealTimers();
});

describe("schedule page", { timeout: 180_000 }, () => {
  it("asks for the month grid, marks today and opens an entry's details", async () => {
    net.answer = answerBy({
      [PATH]: () =>
        ok({
          "2025-11-26": [entry(1, "2025-11-26", "Quality weekly"), entry(2, "2025-11-26", "Launch", { calendarUrl: "javascript:alert(1)", calendarMeeting: null }), entry(3, "2025-11-26", "US call")],
          "2025-11-03": [entry(4, "2025-11-03", "Kick-off")],
        }),
    });
    renderWidget(<Schedule />);
    await shown("Kick-off");
    // 1 November 2025 is a Saturday: the grid runs Monday 27 October to Sunday 7 December (42 days).
    expect(await bodies()).toEqual([{ startTime: "2025-10-27 00:00:00", endTime: "2025-12-07 23:59:59" }]);
    expect(screen.getByTestId("schedule-title").textContent).toBe("November 2025");
    const today = screen.getByLabelText("Wednesday 2025-11-26 (today), 3 entries");
    expect(today.getAttribute("aria-current")).toBe("date");
    expect(today.getAttribute("aria-pressed")).toBe("true");
    expect(today.tabIndex).toBe(0);
    // What the day shows ("26 3 entries") is words of its name (WCAG 2.5.3, issue 21), read as
    // axe's label-content-name-mismatch reads them: without "(...)" and punctuation.
    const words = (text: string | null) => (text ?? "").replace(/\([^)]*\)/g, " ").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    expect(today.textContent).toBe("26 3 entries");
    expect(words(today.getAttribute("aria-label"))).toContain(words(today.textContent));
    const third = screen.getByLabelText("Monday 2025-11-3, 1 entry");
    expect(third.textContent).toBe("3 1 entry");
    expect(words(third.getAttribute("aria-label"))).toContain(words(third.textContent));
    // The cell names two entries and counts the third.
    const cell = within(screen.getByTestId("schedule-day-2025-11-26"));
    expect(cell.getByText("Quality weekly")).toBeTruthy();
    expect(cell.getByText("+1 more")).toBeTruthy();
    expect(cell.queryByText("US call")).toBeNull();
    // The agenda lists all three of the chosen day.
    const agenda = within(screen.getByTestId("schedule-agenda"));
    expect(agenda.getAllByTestId("schedule-entry")).toHaveLength(3);
    const quality = agenda.getByLabelText("09:30 – 10:30 Quality weekly Shanghai 3F Huangpu, show details");
    expect(words(quality.getAttribute("aria-label"))).toContain(words(quality.textContent));
    fireEvent.click(quality);
    const details = within(await screen.findByTestId("schedule-entry-details"));
    expect(details.getByText("2025-11-26 09:30 – 10:30")).toBeTruthy();
    expect(details.getByText("Shanghai 3F Huangpu")).toBeTruthy();
    expect(details.getByText("Wang Fang")).toBeTruthy();
    const link = details.getByLabelText("Quality weekly (opens in a new tab)");
    expect(link.getAttribute("href")).toBe("https://meet.example/j/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows no link for an unsafe address and -- for a missing room", async () => {
    net.answer = answerBy({ [PATH]: () => ok({ "2025-11-26": [entry(2, "2025-11-26", "Launch", { calendarUrl: "javascript:alert(1)", calendarMeeting: null })] }) });
    renderWidget(<Schedule />);
    fireEvent.click(await screen.findByLabelText("09:30 – 10:30 Launch, show details", undefined, { timeout: 60_000 }));
    const details = within(await screen.findByTestId("schedule-entry-details"));
    expect(details.getByText("No address that can be opened")).toBeTruthy();
    expect(details.getByText("--")).toBeTruthy();
    expect(details.queryByRole("link")).toBeNull();
  });

  it("moves by keyboard, reloading only for another range, and steps months", async () => {
    net.answer = answerBy({ [PATH]: () => ok({}) });
    renderWidget(<Schedule />);
    const today = await screen.findByLabelText("Wednesday 2025-11-26 (today), 0 entries", undefined, { timeout: 60_000 });
    await waitFor(() => expect(net.calls(PATH)).toHaveLength(1));
    await act(async () => fireEvent.keyDown(today, { key: "ArrowRight" }));
    const next = screen.getByLabelText("Thursday 2025-11-27, 0 entries");
    expect(document.activeElement).toBe(next);
    expect(next.getAttribute("aria-pressed")).toBe("true");
    expect(net.calls(PATH)).toHaveLength(1); // same grid, no new call
    await act(async () => fireEvent.keyDown(next, { key: "PageDown" }));
    expect(screen.getByTestId("schedule-title").textContent).toBe("December 2025");
    expect(document.activeElement?.getAttribute("data-day")).toBe("2025-12-27");
    await waitFor(async () => expect((await bodies()).at(-1)).toEqual({ startTime: "2025-12-01 00:00:00", endTime: "2026-01-11 23:59:59" }));
    await act(async () => fireEvent.click(screen.getByText("Today")));
    expect(screen.getByTestId("schedule-title").textContent).toBe("November 2025");
  });

  it("shows the week from Monday", async () => {
    net.answer = answerBy({ [PATH]: () => ok({ "2025-11-24": [entry(5, "2025-11-24", "Monday stand-up")] }) });
    renderWidget(<Schedule />);
    await shown("Monday stand-up");
    await act(async () => fireEvent.click(screen.getByText("Week")));
    await waitFor(async () => expect((await bodies()).at(-1)).toEqual({ startTime: "2025-11-24 00:00:00", endTime: "2025-11-30 23:59:59" }));
    expect(screen.getByTestId("schedule-title").textContent).toBe("2025-11-24 – 2025-11-30");
    const week = screen.getByTestId("schedule-week");
    const days = Array.from(week.querySelectorAll("[data-day]")).map((el) => el.getAttribute("data-day"));
    expect(days).toEqual(["2025-11-24", "2025-11-25", "2025-11-26", "2025-11-27", "2025-11-28", "2025-11-29", "2025-11-30"]);
    expect(await within(screen.getByTestId("schedule-day-2025-11-24")).findByText("Monday stand-up")).toBeTruthy();
  });

  it("shown again by the tab bar, it refreshes quietly: the entries stay, no spinner, no error (issue 21)", async () => {
    let answer: () => Response | Promise<Response> = () => ok({ "2025-11-26": [entry(1, "2025-11-26", "Quality weekly")] });
    net.answer = answerBy({ [PATH]: () => answer() });
    const page = (mode: "visible" | "hidden") => (
      <Activity mode={mode}>
        <Schedule />
      </Activity>
    );
    const view = renderWidget(page("visible"));
    expect((await screen.findAllByText("Quality weekly", undefined, { timeout: 60_000 })).length).toBeGreaterThan(0);
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    view.rerender(widgetTree(page("hidden")));
    view.rerender(widgetTree(page("visible")));
    await waitFor(() => expect(net.calls(PATH)).toHaveLength(2));
    await act(async () => undefined);
    // While the refresh is under way the entries stay, with no spinner over them.
    expect(screen.getAllByText("Quality weekly").length).toBeGreaterThan(0);
    expect(document.querySelector(".ant-spin-spinning")).toBeNull();
    // It fails: quietly (no message), the entries stay.
    await act(async () => release(failed()));
    await act(async () => undefined);
    expect(net.notified).toEqual([]);
    expect(screen.getAllByText("Quality weekly").length).toBeGreaterThan(0);
    expect(screen.queryByText("The schedule could not be loaded")).toBeNull();
  });

  it("shows the error state and retries", async () => {
    let fail = true;
    net.answer = answerBy({ [PATH]: () => (fail ? failed() : ok({ "2025-11-26": [entry(1, "2025-11-26", "Quality weekly")] })) });
    renderWidget(<Schedule />);
    await shown("The schedule could not be loaded");
    fail = false;
    await act(async () => fireEvent.click(screen.getByText("Try again")));
    expect(await screen.findAllByText("Quality weekly")).toHaveLength(2); // the cell and the agenda
  });
});
