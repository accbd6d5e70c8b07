// The calls of the Data centre (spec 7.1 personalChart). Failures show the portal toast (spec 8)
// and reject, so the page also shows its error state. The client is a parameter for the tests.
import type { components } from "../../api/schema";
import { unwrap, type PortalClient } from "../../api/client";
import { sessionUserId } from "../../account/record";

export type PersonalChart = components["schemas"]["PersonalChart"];
export type PersonalChartInput = components["schemas"]["PersonalChartInput"];
export type PersonalChartUpdate = components["schemas"]["PersonalChartUpdate"];
export type DataSource = components["schemas"]["BscChart"];

const userId = () => sessionUserId() ?? undefined;

/** Every report of the user (all devices), in their order (dataSort, then id). */
export async function fetchReports(client: PortalClient): Promise<PersonalChart[]> {
  const rows = (await unwrap(client.GET("/personalChart/listByUserId", { params: { query: { userId: userId() } } }))) ?? [];
  return [...rows].sort((a, b) => (a.dataSort ?? 0) - (b.dataSort ?? 0) || a.id - b.id);
}

/** The on-shelf data sources open to every signed-in user (GET /bscChart/listAll), by name. */
export async function fetchDataSources(client: PortalClient): Promise<DataSource[]> {
  return (await unwrap(client.GET("/bscChart/listAll"))) ?? [];
}

/** The pcOrH5Status of a data source's userDevice (2 PC, 1 mobile, 0 both). */
export const deviceOfSource = (source: Pick<DataSource, "userDevice">): 0 | 1 | 2 => (source.userDevice === "pc" ? 2 : source.userDevice === "mobile" ? 1 : 0);

/**
 * Adds a data source to the user's reports. The server copies name, address and device from the
 * source (the values sent are ignored), but the contract's PersonalChartInput still requires
 * dataName and dataUrl, so the source's own values are sent with chartId.
 */
export async function pickReport(source: Pick<DataSource, "id" | "name" | "url">, client: PortalClient): Promise<number> {
  return createReport({ chartId: source.id, dataName: source.name, dataUrl: source.url }, client);
}

export async function createReport(input: PersonalChartInput, client: PortalClient): Promise<number> {
  return unwrap(client.POST("/personalChart", { body: { ...input, userId: userId() } }));
}

export async function updateReport(input: PersonalChartUpdate, client: PortalClient): Promise<void> {
  await unwrap(client.PUT("/personalChart", { body: input }));
}

export async function deleteReport(id: number, client: PortalClient): Promise<void> {
  await unwrap(client.DELETE("/personalChart", { params: { query: { id } } }));
}

/** Saves new order numbers, all or nothing. Nothing is sent when nothing changed. */
export async function saveReportOrder(changes: { id: number; sort: number }[], client: PortalClient): Promise<void> {
  if (changes.length === 0) return;
  await unwrap(client.PUT("/personalChart/updateBatchById", { body: changes.map(({ id, sort }) => ({ id, dataSort: sort })) }));
}
