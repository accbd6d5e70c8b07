import { describe, expect, it } from "vitest";

import { CALENDAR_STALE_MS, dayBounds, dayKey, entryTimeRange, isFreshAnswer, shiftDay, weekDays } from "./calendar";

describe("week strip dates", () => {
  it("starts the week on Monday for every day of it", () => {
    const week = ["2025-11-24", "2025-11-25", "2025-11-26", "2025-11-27", "2025-11-28", "2025-11-29", "2025-11-30"];
    for (const day of week) expect(weekDays(day), day).toEqual(week);
  });

  it("crosses month and year ends", () => {
    expect(weekDays("2026-01-01")).toEqual(["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]);
  });

  it("moves a day by weeks", () => {
    expect(shiftDay("2025-11-26", 7)).toBe("2025-12-03");
    expect(shiftDay("2025-11-26", -7)).toBe("2025-11-19");
  });

  it("keys a local date as YYYY-MM-DD", () => {
    expect(dayKey(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
  });
});

describe("listCalendar body", () => {
  it("asks for the whole chosen day in the contract's DateTime format", () => {
    expect(dayBounds("2025-11-26")).toEqual({ startTime: "2025-11-26 00:00:00", endTime: "2025-11-26 23:59:59" });
    expect(dayBounds("2025-11-26").endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe("entry time range", () => {
  it("shows times only within the day", () => {
    expect(entryTimeRange({ calendarStartTime: "2025-11-26 09:00:00", calendarEndTime: "2025-11-26 10:30:00" }, "2025-11-26")).toBe("09:00 – 10:30");
  });

  it("shows the date of a start or end on another day", () => {
    expect(entryTimeRange({ calendarStartTime: "2025-11-25 22:00:00", calendarEndTime: "2025-11-27 08:00:00" }, "2025-11-26")).toBe(
      "11-25 22:00 – 11-27 08:00",
    );
  });
});

describe("stale-answer guard", () => {
  const sent = { day: "2025-11-26", sentAt: 1_000_000 };

  it("keeps an answer for the chosen day within 30 s", () => {
    expect(isFreshAnswer(sent, "2025-11-26", sent.sentAt + 200)).toBe(true);
    expect(isFreshAnswer(sent, "2025-11-26", sent.sentAt + CALENDAR_STALE_MS)).toBe(true);
  });

  it("drops an answer more than 30 s late", () => {
    expect(isFreshAnswer(sent, "2025-11-26", sent.sentAt + CALENDAR_STALE_MS + 1)).toBe(false);
  });

  it("drops an answer for a day no longer chosen", () => {
    expect(isFreshAnswer(sent, "2025-11-27", sent.sentAt + 10)).toBe(false);
  });
});
