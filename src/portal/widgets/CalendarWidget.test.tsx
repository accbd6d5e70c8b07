// My schedule: the week strip from Monday, the chosen day's entries, the minute refresh, and the
// dropped answers (more than 30 s late, or for a day no longer chosen).
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { CALENDAR_REFRESH_MS, CALENDAR_STALE_MS } from "./calendar";
import { CalendarWidget } from "./CalendarWidget";
import { answerBy, net, ok, renderWidget, resetNet, SLOW } from "./testing";

const PATH = "/personalCalendar/listCalendar";
const entry = (id: number, day: string, calendarName: string, extra: object = {}) => ({
  id,
  calendarName,
  calendarStartTime: `${day} 09:00:00`,
  calendarEndTime: `${day} 10:30:00`,
  ...extra,
});
const asked = async () => Promise.all(net.calls(PATH).map(async (r) => (await r.clone().json()).startTime as string));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** An answer the test releases by hand. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const answer = () => new Promise<Response>((resolve) => (release = resolve));
  return { answer, release: (response: Response) => release(response) };
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2025, 10, 26, 10, 0, 0)); // a Wednesday
  await setLanguage("en");
});
afterEach(() => {
  cleanup();
  resetNet();
  vi.useRealTimers();
});

describe("my schedule card", SLOW, () => {
  it("shows the week from Monday with today chosen, and today's entries", async () => {
    const standUp = entry(1, "2025-11-26", "Stand-up", { calendarMeeting: "Room 3", calendarOrganizer: "Li Na", calendarUrl: "https://cal.example/1" });
    net.answer = answerBy({ [PATH]: () => ok({ "2025-11-26": [standUp] }) });
    renderWidget(<CalendarWidget editing={false} />);
    const link = await screen.findByRole("link", { name: "Stand-up" });
    expect(link.getAttribute("href")).toBe("https://cal.example/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("09:00 – 10:30")).toBeTruthy();
    expect(screen.getByText("Place: Room 3 · Organizer: Li Na")).toBeTruthy();

    const days = screen.getAllByRole("button", { name: /\(\d{4}-\d{2}-\d{2}/ }).map((day) => day.getAttribute("aria-label")?.slice(0, 6));
    expect(days).toEqual(["Mon 24", "Tue 25", "Wed 26", "Thu 27", "Fri 28", "Sat 29", "Sun 30"]);
    const today = screen.getByRole("button", { name: "Wed 26 (2025-11-26, today)" });
    expect(today.getAttribute("aria-pressed")).toBe("true");
    expect(today.getAttribute("aria-current")).toBe("date");
    expect(screen.getByRole("button", { name: "Mon 24 (2025-11-24)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sun 30 (2025-11-30)" })).toBeTruthy();
    expect(await asked()).toEqual(["2025-11-26 00:00:00"]);
    expect(await net.calls(PATH)[0].clone().json()).toMatchObject({ endTime: "2025-11-26 23:59:59" });
    expect(screen.getByTestId("widget-more-calendar_model").getAttribute("href")).toBe("/main/myProgramme");
  });

  it("asks for a chosen day and for the same weekday of the next week", async () => {
    net.answer = answerBy({ [PATH]: () => ok({}) });
    renderWidget(<CalendarWidget editing={false} />);
    await screen.findByText("Nothing scheduled for this day");
    fireEvent.click(screen.getByRole("button", { name: "Fri 28 (2025-11-28)" }));
    await waitFor(async () => expect(await asked()).toHaveLength(2));
    expect(screen.getByRole("button", { name: "Fri 28 (2025-11-28)" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(async () => expect(await asked()).toEqual(["2025-11-26 00:00:00", "2025-11-28 00:00:00", "2025-12-05 00:00:00"]));
    expect(screen.getByRole("button", { name: "Mon 1 (2025-12-01)" })).toBeTruthy();
  });

  it("refreshes the chosen day every minute", async () => {
    net.answer = answerBy({ [PATH]: () => ok({}) });
    renderWidget(<CalendarWidget editing={false} />);
    await screen.findByText("Nothing scheduled for this day");
    await advance(CALENDAR_REFRESH_MS);
    expect(await asked()).toEqual(["2025-11-26 00:00:00", "2025-11-26 00:00:00"]);
  });

  it("says a day could not be loaded (not \"nothing scheduled\") without a toast; Retry loads it; a failed refresh keeps the entries", async () => {
    net.answer = () => Promise.reject(new TypeError("fetch failed"));
    renderWidget(<CalendarWidget editing={false} />);
    expect((await screen.findByTestId("widget-failed")).textContent).toContain("Could not load.");
    expect(screen.queryByText("Nothing scheduled for this day")).toBeNull();
    expect(net.notified).toEqual([]);
    net.answer = answerBy({ [PATH]: () => ok({ "2025-11-26": [entry(1, "2025-11-26", "Stand-up")] }) });
    fireEvent.click(screen.getByRole("button", { name: /Retry/ }));
    expect(await screen.findByText("Stand-up")).toBeTruthy();
    net.answer = () => Promise.reject(new TypeError("fetch failed"));
    await advance(CALENDAR_REFRESH_MS);
    await waitFor(() => expect(net.calls(PATH).length).toBeGreaterThanOrEqual(3));
    expect(screen.getByText("Stand-up")).toBeTruthy();
    expect(screen.queryByTestId("widget-failed")).toBeNull();
  });

  it("shows an answer that comes within 30 s", async () => {
    const slow = held();
    net.answer = answerBy({ [PATH]: slow.answer });
    renderWidget(<CalendarWidget editing={false} />);
    await waitFor(() => expect(net.calls(PATH)).toHaveLength(1));
    await advance(CALENDAR_STALE_MS - 1000);
    slow.release(ok({ "2025-11-26": [entry(1, "2025-11-26", "Stand-up")] }));
    expect(await screen.findByText("Stand-up")).toBeTruthy();
  });

  it("drops an answer more than 30 s late", async () => {
    const slow = held();
    net.answer = answerBy({ [PATH]: slow.answer });
    renderWidget(<CalendarWidget editing={false} />);
    await waitFor(() => expect(net.calls(PATH)).toHaveLength(1));
    await advance(CALENDAR_STALE_MS + 1000);
    slow.release(ok({ "2025-11-26": [entry(1, "2025-11-26", "Stand-up")] }));
    expect(await screen.findByText("Nothing scheduled for this day")).toBeTruthy();
    expect(screen.queryByText("Stand-up")).toBeNull();
  });

  it("drops an answer for a day no longer chosen", async () => {
    const slow = held();
    net.answer = answerBy({ [PATH]: slow.answer });
    renderWidget(<CalendarWidget editing={false} />);
    await waitFor(() => expect(net.calls(PATH)).toHaveLength(1));
    net.answer = answerBy({ [PATH]: () => ok({ "2025-11-27": [entry(2, "2025-11-27", "Review")] }) });
    fireEvent.click(screen.getByRole("button", { name: "Thu 27 (2025-11-27)" }));
    expect(await screen.findByText("Review")).toBeTruthy();
    slow.release(ok({ "2025-11-26": [entry(1, "2025-11-26", "Stand-up")] }));
    await advance(10);
    expect(screen.queryByText("Stand-up")).toBeNull();
    expect(screen.getByText("Review")).toBeTruthy();
  });
});
