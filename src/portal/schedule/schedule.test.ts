import { describe, expect, it } from "vitest";

import {
  MONTH_GRID_DAYS,
  distinctEntryCount,
  monthGrid,
  monthOf,
  monthWeeks,
  moveDay,
  rangeBounds,
  shiftChosen,
  visibleDays,
  type CalendarEntry,
} from "./schedule";

const entry = (id: number, day: string, name = `Entry ${id}`): CalendarEntry => ({
  id,
  calendarName: name,
  calendarStartTime: `${day} 09:00:00`,
  calendarEndTime: `${day} 10:00:00`,
  calendarMeeting: null,
  calendarOrganizer: null,
  calendarUrl: null,
});

describe("month grid (week starts Monday)", () => {
  it("is six weeks from the Monday on or before the 1st", () => {
    const grid = monthGrid("2026-11-22"); // 1 November 2026 is a Sunday
    expect(grid).toHaveLength(MONTH_GRID_DAYS);
    expect(grid[0]).toBe("2026-10-26");
    expect(grid[6]).toBe("2026-11-01");
    expect(grid[41]).toBe("2026-12-06");
    expect(new Date(`${grid[0]}T00:00:00`).getDay()).toBe(1);
  });

  it("starts on the 1st when the month starts on a Monday", () => {
    expect(monthGrid("2026-06-15")[0]).toBe("2026-06-01");
  });

  it("asks listCalendar for the whole grid, within the 42-day limit", () => {
    expect(rangeBounds(visibleDays("month", "2026-11-22"))).toEqual({ startTime: "2026-10-26 00:00:00", endTime: "2026-12-06 23:59:59" });
    expect(rangeBounds(visibleDays("week", "2026-11-22"))).toEqual({ startTime: "2026-11-16 00:00:00", endTime: "2026-11-22 23:59:59" });
  });
});

describe("month grouping", () => {
  it("puts each day's entries in its cell, naming two and counting the rest", () => {
    const byDate = {
      "2026-11-03": [entry(1, "2026-11-03"), entry(2, "2026-11-03"), entry(3, "2026-11-03"), entry(4, "2026-11-03")],
      "2026-10-30": [entry(5, "2026-10-30")],
    };
    const weeks = monthWeeks("2026-11-22", byDate, "2026-11-22");
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const nov3 = weeks[1][1];
    expect(nov3).toMatchObject({ day: "2026-11-03", date: 3, inMonth: true, isToday: false, more: 2 });
    expect(nov3.shown.map((e) => e.id)).toEqual([1, 2]);
    expect(nov3.entries).toHaveLength(4);
    const oct30 = weeks[0][4];
    expect(oct30).toMatchObject({ day: "2026-10-30", inMonth: false, more: 0 });
    expect(oct30.shown.map((e) => e.id)).toEqual([5]);
    const today = weeks.flat().filter((c) => c.isToday);
    expect(today.map((c) => c.day)).toEqual(["2026-11-22"]);
    expect(weeks.flat().filter((c) => c.entries.length === 0)).toHaveLength(40);
  });

  it("counts an entry that spans days once", () => {
    const long = entry(9, "2026-11-03");
    expect(distinctEntryCount({ "2026-11-03": [long, entry(1, "2026-11-03")], "2026-11-04": [long] }, visibleDays("week", "2026-11-03"))).toBe(2);
  });

  it("titles the month", () => {
    expect(monthOf("2026-01-31")).toEqual({ year: 2026, month: 1 });
  });
});

describe("navigation", () => {
  it("steps a month (day clamped) or a week", () => {
    expect(shiftChosen("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(shiftChosen("month", "2026-01-15", -1)).toBe("2025-12-15");
    expect(shiftChosen("week", "2026-11-22", 1)).toBe("2026-11-29");
    expect(shiftChosen("week", "2026-11-22", -1)).toBe("2026-11-15");
  });

  it("moves the chosen day by keys", () => {
    expect(moveDay("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(moveDay("2026-11-01", "ArrowLeft")).toBe("2026-10-31");
    expect(moveDay("2026-11-22", "ArrowUp")).toBe("2026-11-15");
    expect(moveDay("2026-11-22", "ArrowDown")).toBe("2026-11-29");
    expect(moveDay("2026-11-19", "Home")).toBe("2026-11-16"); // Thursday -> Monday
    expect(moveDay("2026-11-19", "End")).toBe("2026-11-22"); // -> Sunday
    expect(moveDay("2026-11-16", "Home")).toBe("2026-11-16");
    expect(moveDay("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveDay("2026-11-22", "PageDown")).toBe("2026-12-22");
  });
});
