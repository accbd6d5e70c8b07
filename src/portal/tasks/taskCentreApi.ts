// The task centre's calls (spec 7.2). Not SILENT: a failure shows the server's message once (the
// client's toast) and the page shows its error state with a retry. The client is a parameter so
// the tests hand in one with an injected fetch.
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import type { TaskPageQuery } from "./taskCentre";

export type TaskPage = components["schemas"]["TaskPageOk"]["data"];
export type SixMonthRange = components["schemas"]["SixMonthRange"];

export async function fetchTaskCentrePage(body: TaskPageQuery, client: PortalClient): Promise<TaskPage> {
  return unwrap(client.POST("/personalTask/getTaskPage", { body }));
}

/** SILENT: without it the page says so itself and shows every date. */
export async function fetchSixMonthRange(client: PortalClient): Promise<SixMonthRange> {
  return unwrap(client.GET("/personalTask/getSixMonthDate", { headers: SILENT }));
}

/** SILENT: the badge is only a hint; without an answer it is not shown. */
export async function fetchPendingCount(client: PortalClient): Promise<number> {
  return unwrap(client.GET("/personalTask/getTaskPending", { headers: SILENT }));
}
