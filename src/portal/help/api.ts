// The help centre's calls (spec 7.7). The client is a parameter so the tests hand in one with an
// injected fetch. Failures show the portal toast (the client's error middleware) and reject; the
// pages catch them to show their error state.
import type { components } from "../../api/schema";
import { unwrap, type PortalClient } from "../../api/client";
import { exportFile } from "../../api/download";

export type HelpPolicy = components["schemas"]["HelpPolicyBrief"];
export type HelpFolder = components["schemas"]["HelpCenterFolder"];
export type HelpLabel = components["schemas"]["BscLabelBrief"];
export type SearchHistory = components["schemas"]["SearchHistory"];
export type PolicyDetail = components["schemas"]["BscPolicy"];
export type PolicyAttachment = components["schemas"]["PolicyAttachment"];

export type PolicyPage = components["schemas"]["HelpPolicyPageOk"]["data"];

/** Spec 9: paging default 10, options 10, 20, 50, 100. */
import { DEFAULT_PAGE_SIZE as PAGE_SIZE } from "../../shared/paging";

export { PAGE_SIZE };
/** The contract's limit of a search text. */
export const KEYWORD_MAX = 100;

export async function fetchLabels(client: PortalClient): Promise<HelpLabel[]> {
  return unwrap(client.GET("/helpCenter/getLabelList"));
}

export async function fetchPoliciesByLabel(labelId: number, page: number, pageSize: number, client: PortalClient): Promise<PolicyPage> {
  return unwrap(client.POST("/helpCenter/pageBscPolicyByLabelId", { body: { labelId, page, pageSize } }));
}

export async function fetchFolders(client: PortalClient): Promise<HelpFolder[]> {
  return unwrap(client.GET("/helpCenter/getHelpCenterList"));
}

export interface ListQuery {
  keyword?: string;
  folderId?: number;
}

/** A page of published policies by search text and/or folder (a search text is saved in the history). */
export async function searchPolicies(query: ListQuery, page: number, pageSize: number, client: PortalClient): Promise<PolicyPage> {
  const body: { page: number; pageSize: number; keyword?: string; folderId?: number } = { page, pageSize };
  const keyword = query.keyword?.trim();
  if (keyword) body.keyword = keyword;
  if (query.folderId !== undefined) body.folderId = query.folderId;
  return unwrap(client.POST("/helpCenter/pageHelpCenterList", { body }));
}

export async function fetchSearchHistory(client: PortalClient): Promise<SearchHistory[]> {
  return unwrap(client.GET("/helpCenter/getSearchHistoryList"));
}

export async function fetchPolicy(id: number, client: PortalClient): Promise<PolicyDetail> {
  return unwrap(client.GET("/helpCenter/getBscPolicyById", { params: { query: { id } } }));
}

/** The file id of an attachment: the one in its download address, else its own id. */
export function attachmentFileId(attachment: PolicyAttachment): number {
  const match = /[?&]id=(\d+)/.exec(attachment.fileUrl);
  return match ? Number(match[1]) : attachment.id;
}

/** Downloads an attachment with the session headers and saves it under its name. */
export async function downloadAttachment(attachment: PolicyAttachment, client: PortalClient): Promise<void> {
  await exportFile(client, "/fileInfoEx/downloadFile", { id: attachmentFileId(attachment) }, attachment.fileName);
}

/** Spec 9 paging: a positive page number from the address or the store, else 1. */
export function pageNumber(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** An id from the address (a positive integer), or null. */
export function idFromParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The ids of the folders the caller follows (issue 23: their published policy changes notify the caller). */
export async function fetchFollowedFolders(client: PortalClient): Promise<number[]> {
  return unwrap(client.GET("/helpCenter/followedFolders"));
}

/** Follows or stops following a folder; answers the followed ids after the change. */
export async function setFolderFollow(folderId: number, follow: boolean, client: PortalClient): Promise<number[]> {
  return unwrap(client.PUT("/helpCenter/followFolder", { body: { folderId, follow } }));
}
