// The my-schedule card's dates (spec 2.7, 7.1, 8, 9): weeks start on Monday, a day is asked for
// from 00:00:00 to 23:59:59 in the contract's "YYYY-MM-DD HH:mm:ss", and a late answer is dropped.
import dayjs from "dayjs";

import type { components } from "../../api/schema";

type CalendarEntry = components["schemas"]["CalendarEntry"];

/** Decision (spec 9 gives no interval): the spec's default poll constant. */
export const CALENDAR_REFRESH_MS = 60_000;
/** Spec 8, 9: an answer arriving more than 30 s after its request is ignored. */
export const CALENDAR_STALE_MS = 30_000;

const DAY = "YYYY-MM-DD";

/** A date as the answer's keys spell it, "YYYY-MM-DD" (local time). */
export function dayKey(date: Date | string = new Date()): string {
  return dayjs(date).format(DAY);
}

export function shiftDay(day: string, days: number): string {
  return dayjs(day).add(days, "day").format(DAY);
}

/** Monday to Sunday of the week that holds `day`. */
export function weekDays(day: string): string[] {
  const date = dayjs(day);
  const monday = date.subtract((date.day() + 6) % 7, "day");
  return Array.from({ length: 7 }, (_, i) => monday.add(i, "day").format(DAY));
}

/** The listCalendar body of one day. */
export function dayBounds(day: string): { startTime: string; endTime: string } {
  return { startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` };
}

/** "HH:mm" on the chosen day, "MM-DD HH:mm" for an end or start on another day. */
function clock(dateTime: string, day: string): string {
  const time = dateTime.slice(11, 16);
  return dateTime.slice(0, 10) === day ? time : `${dateTime.slice(5, 10)} ${time}`;
}

export function entryTimeRange(entry: Pick<CalendarEntry, "calendarStartTime" | "calendarEndTime">, day: string): string {
  return `${clock(entry.calendarStartTime, day)} – ${clock(entry.calendarEndTime, day)}`;
}

export interface SentRequest {
  day: string;
  sentAt: number;
}

/** Whether an answer may still be shown: its day is still chosen and it came within 30 s. */
export function isFreshAnswer(sent: SentRequest, chosenDay: string, now: number): boolean {
  return sent.day === chosenDay && now - sent.sentAt <= CALENDAR_STALE_MS;
}
