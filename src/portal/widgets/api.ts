// The calls of the four cards. Every call is SILENT (spec 8: a failing workspace call stops its
// loading indicator without a toast); callers catch and only reset their loading flag. The client
// is a parameter so the tests hand in one with an injected fetch.
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { sessionUserId } from "../../account/record";
import { dayBounds } from "./calendar";
import { reportsToShow } from "./carousel";
import { TASK_PAGE_SIZE } from "./tasks";

export type PersonalChart = components["schemas"]["PersonalChart"];
export type WidgetApp = components["schemas"]["WidgetApp"];
export type CalendarEntry = components["schemas"]["CalendarEntry"];
export type Task = components["schemas"]["Task"];
export type TaskPage = components["schemas"]["TaskPageOk"]["data"];

/** Spec 3: the workspace asks for the PC rows. */
const PC = 2;
/** Spec 9: the my-app card shows the first 15 apps (the server caps too). */
export const APP_MAX = 15;

const userId = () => sessionUserId() ?? undefined;

export async function fetchReports(client: PortalClient): Promise<PersonalChart[]> {
  const query = { userId: userId(), pcOrH5Status: PC } as const;
  return reportsToShow(await unwrap(client.GET("/personalChart/listByUserId", { params: { query }, headers: SILENT })));
}

/** Spec 8: a non-zero code logs the server's resultMessage (and fails quietly: the card says so, issue 21). */
export async function fetchWidgetApps(client: PortalClient): Promise<WidgetApp[]> {
  const query = { userId: userId(), pcOrH5Status: PC } as const;
  const { data, error } = await client.GET("/personalApp/listWidgetApp", { params: { query }, headers: SILENT });
  if (data?.code === 0) return (data.data ?? []).slice(0, APP_MAX);
  const body: unknown = data ?? error;
  const message = typeof body === "object" && body !== null ? (body as { resultMessage?: unknown }).resultMessage : undefined;
  const text = typeof message === "string" ? message : "listWidgetApp failed";
  console.error(text);
  throw new Error(text);
}

/** The chosen day's entries (the answer is keyed by date; a day without entries is absent). */
export async function fetchCalendarDay(day: string, client: PortalClient): Promise<CalendarEntry[]> {
  const body = { ...dayBounds(day), userId: userId() };
  const byDate = await unwrap(client.POST("/personalCalendar/listCalendar", { body, headers: SILENT }));
  return byDate?.[day] ?? [];
}

export async function fetchTaskPage(page: number, client: PortalClient): Promise<TaskPage> {
  const body = { page, pageSize: TASK_PAGE_SIZE, userId: userId() };
  return unwrap(client.POST("/personalTask/getWidgetTaskPage", { body, headers: SILENT }));
}

export async function fetchTaskPending(client: PortalClient): Promise<number> {
  return unwrap(client.GET("/personalTask/getTaskPending", { headers: SILENT }));
}
