// The schedule page's dates (spec 2.7, 7.1, 9): a month is shown as six weeks from Monday (42
// days, exactly the longest range listCalendar answers), a week as Monday to Sunday; one
// listCalendar call asks for the whole visible range, from the first day's 00:00:00 to the last
// day's 23:59:59, and its answer (keyed by date) fills the days.
import dayjs from "dayjs";

import type { components } from "../../api/schema";
import { dayKey, weekDays } from "../widgets/calendar";

export type CalendarEntry = components["schemas"]["CalendarEntry"];
export type EntriesByDate = Partial<Record<string, CalendarEntry[]>>;
export type ScheduleView = "month" | "week";

const DAY = "YYYY-MM-DD";
/** Six weeks: every month fits, and it is listCalendar's limit (CALENDAR_MAX_DAYS on the server). */
export const MONTH_GRID_DAYS = 42;
/** Entry titles a month cell shows before "+N more". */
export const CELL_ENTRIES = 2;

/** The 42 days (Monday first) of the month grid of the month holding `day`. */
export function monthGrid(day: string): string[] {
  const first = dayjs(day).startOf("month");
  const monday = first.subtract((first.day() + 6) % 7, "day");
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => monday.add(i, "day").format(DAY));
}

/** The days a view shows around the chosen day. */
export function visibleDays(view: ScheduleView, day: string): string[] {
  return view === "month" ? monthGrid(day) : weekDays(day);
}

/** The listCalendar body of a list of consecutive days. */
export function rangeBounds(days: readonly string[]): { startTime: string; endTime: string } {
  return { startTime: `${days[0]} 00:00:00`, endTime: `${days[days.length - 1]} 23:59:59` };
}

/** The chosen day one step back (-1) or forward (1): a month (day clamped) or a week. */
export function shiftChosen(view: ScheduleView, day: string, step: -1 | 1): string {
  return view === "month" ? dayjs(day).add(step, "month").format(DAY) : dayjs(day).add(step * 7, "day").format(DAY);
}

export type DayKeyMove = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown";
const MOVES = new Set<string>(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
export const isDayKeyMove = (key: string): key is DayKeyMove => MOVES.has(key);

/** Where a key moves the chosen day (the grid pattern: arrows by day and week, Home/End the week's ends, PageUp/PageDown a month). */
export function moveDay(day: string, key: DayKeyMove): string {
  const d = dayjs(day);
  const fromMonday = (d.day() + 6) % 7;
  switch (key) {
    case "ArrowLeft":
      return d.subtract(1, "day").format(DAY);
    case "ArrowRight":
      return d.add(1, "day").format(DAY);
    case "ArrowUp":
      return d.subtract(7, "day").format(DAY);
    case "ArrowDown":
      return d.add(7, "day").format(DAY);
    case "Home":
      return d.subtract(fromMonday, "day").format(DAY);
    case "End":
      return d.add(6 - fromMonday, "day").format(DAY);
    case "PageUp":
      return d.subtract(1, "month").format(DAY);
    case "PageDown":
      return d.add(1, "month").format(DAY);
  }
}

export interface DayCell {
  day: string;
  /** Day of the month, 1-31. */
  date: number;
  inMonth: boolean;
  isToday: boolean;
  entries: CalendarEntry[];
  /** The first entries the cell names, and how many more it only counts. */
  shown: CalendarEntry[];
  more: number;
}

/** The month grid as weeks of cells, each with its day's entries (absent days hold none). */
export function monthWeeks(chosen: string, byDate: EntriesByDate, today: string = dayKey(), perCell = CELL_ENTRIES): DayCell[][] {
  const month = chosen.slice(0, 7);
  const cells = monthGrid(chosen).map((day): DayCell => {
    const entries = byDate[day] ?? [];
    return {
      day,
      date: Number(day.slice(8, 10)),
      inMonth: day.slice(0, 7) === month,
      isToday: day === today,
      entries,
      shown: entries.slice(0, perCell),
      more: Math.max(0, entries.length - perCell),
    };
  });
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Year and month (1-12) of a day, for the month title. */
export function monthOf(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** Entries counted once each over a range (an entry spanning days is listed in each of them). */
export function distinctEntryCount(byDate: EntriesByDate, days: readonly string[]): number {
  const ids = new Set<number>();
  for (const day of days) for (const entry of byDate[day] ?? []) ids.add(entry.id);
  return ids.size;
}
