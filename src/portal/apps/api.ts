// The calls of the App centre and Customize (spec 7.1 personalApp, 7.3 tags, 7.4 catalogue). Calls
// that fail show the portal toast (spec 8) and reject, so the page also shows its error state. The
// client is a parameter so the tests hand in one with an injected fetch.
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { sessionUserId } from "../../account/record";
import type { BscApp, BscLabel, LabelAppGroup, PersonalApp } from "./appCentre";

export type PersonalAppInput = components["schemas"]["PersonalAppInput"];
export type PersonalAppUpdate = components["schemas"]["PersonalAppUpdate"];

const userId = () => sessionUserId() ?? undefined;

/** The user's apps grouped by tag; the untagged apps come last with labelId null. */
export async function fetchLabelGroups(client: PortalClient): Promise<LabelAppGroup[]> {
  return (await unwrap(client.GET("/personalApp/getLabelAppList", { params: { query: { userId: userId() } } }))) ?? [];
}

/** Every app of the user (picked from the catalogue or added by hand). */
export async function fetchMyApps(client: PortalClient): Promise<PersonalApp[]> {
  return (await unwrap(client.GET("/personalApp/listByUserId", { params: { query: { userId: userId() } } }))) ?? [];
}

/** The apps the user added by hand, by appSort. */
export async function fetchDiyApps(client: PortalClient): Promise<PersonalApp[]> {
  return (await unwrap(client.GET("/personalApp/diyListByUserId", { params: { query: { userId: userId() } } }))) ?? [];
}

/** The on-shelf catalogue open to every signed-in user (GET /bscApp/listAll). */
export async function fetchCatalogue(client: PortalClient): Promise<BscApp[]> {
  return (await unwrap(client.GET("/bscApp/listAll"))) ?? [];
}

/**
 * Every enabled tag, for the tag picker (GET /bscLabel, open to every signed-in user). Quiet: the
 * form says in place when the list could not be loaded.
 */
export async function fetchTags(client: PortalClient): Promise<BscLabel[]> {
  return (await unwrap(client.GET("/bscLabel", { headers: SILENT }))) ?? [];
}

export async function setFavorite(id: number, favoriteStatus: 0 | 1, client: PortalClient): Promise<void> {
  await unwrap(client.PUT("/personalApp/updateAppFavoriteStatus", { body: { id, favoriteStatus } }));
}

export async function createApp(input: PersonalAppInput, client: PortalClient): Promise<number> {
  return unwrap(client.POST("/personalApp", { body: { ...input, userId: userId() } }));
}

export async function updateApp(input: PersonalAppUpdate, client: PortalClient): Promise<void> {
  await unwrap(client.PUT("/personalApp", { body: input }));
}

export async function deleteApp(id: number, client: PortalClient): Promise<void> {
  await unwrap(client.DELETE("/personalApp", { params: { query: { id } } }));
}

/** Saves new order numbers, all or nothing. Nothing is sent when nothing changed. */
export async function saveAppOrder(changes: { id: number; sort: number }[], client: PortalClient): Promise<void> {
  if (changes.length === 0) return;
  await unwrap(client.PUT("/personalApp/updateBatchById", { body: changes.map(({ id, sort }) => ({ id, appSort: sort })) }));
}
