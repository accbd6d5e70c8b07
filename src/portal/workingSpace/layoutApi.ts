// The workspace's layout calls (spec 7.1 personalLayout, bscDefaultLayout). Spec 8: layout calls
// with a non-zero code are ignored, so every call is quiet (no toast) and a failure resolves to
// null; the page keeps what it shows.
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { sessionUserId } from "../../account/record";
import type { Breakpoint, CardInput, CardUpdate, SavedCard } from "./layoutModel";

async function quiet<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

const userQuery = () => {
  const userId = sessionUserId();
  return userId === null ? {} : { userId };
};

/** Every saved card of the user (all breakpoints); null when the call failed. */
export function loadSaved(client: PortalClient): Promise<SavedCard[] | null> {
  return quiet(async () => (await unwrap(client.GET("/personalLayout/listByUserId", { params: { query: userQuery() }, headers: SILENT }))) ?? []);
}

/** Saves new cards, or replaces the saved card of the same type and breakpoint; the saved cards. */
export function saveCards(client: PortalClient, cards: CardInput[]): Promise<SavedCard[] | null> {
  const userId = sessionUserId() ?? undefined;
  return quiet(async () => (await unwrap(client.POST("/personalLayout/saveBatch", { body: cards.map((c) => ({ ...c, userId })), headers: SILENT }))) ?? []);
}

export function updateCards(client: PortalClient, cards: CardUpdate[]): Promise<SavedCard[] | null> {
  return quiet(async () => (await unwrap(client.PUT("/personalLayout/updateBatchById", { body: cards, headers: SILENT }))) ?? []);
}

export function deleteCards(client: PortalClient, ids: number[]): Promise<true | null> {
  return quiet(async () => {
    await unwrap(client.DELETE("/personalLayout/deleteBatch", { body: ids, headers: SILENT }));
    return true as const;
  });
}

export type { Breakpoint };
