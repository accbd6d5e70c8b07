// The eight kinds of the global search (spec 3 "Search result kinds", spec 7.8), in the order the
// result page shows their tabs, and the one call that asks a page of one kind. Every call is
// SILENT: a failing kind shows its own error inside its tab instead of eight toasts at once.
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";

type Schemas = components["schemas"];
export type SearchQuery = Schemas["SearchQuery"];
export type SearchPolicy = Schemas["SearchPolicy"];
export type SearchApp = Schemas["SearchApp"];
export type SearchTaskRow = Schemas["SearchTaskRow"];
export type SearchEmployee = Schemas["SearchEmployee"];
export type SearchUpn = Schemas["SearchUpn"];
export type SearchNmpa = Schemas["SearchNmpa"];

/** The record type of each kind. */
export interface KindRecords {
  policy: SearchPolicy;
  app: SearchApp;
  applied: SearchTaskRow;
  pending: SearchTaskRow;
  approved: SearchTaskRow;
  employee: SearchEmployee;
  upn: SearchUpn;
  nmpa: SearchNmpa;
}
export type Kind = keyof KindRecords;
export type AnyRecord = KindRecords[Kind];

export const KINDS: readonly Kind[] = ["policy", "app", "applied", "pending", "approved", "employee", "upn", "nmpa"];

/** The operation of each kind (all POST with the same SearchQuery body). */
export const KIND_PATHS = {
  policy: "/search/searchPolicyList",
  app: "/search/searchAppList",
  applied: "/search/searchAppliedTaskList",
  pending: "/search/searchPendingApprovalTaskList",
  approved: "/search/searchvApprovedTaskList",
  employee: "/search/searchEmployee",
  upn: "/search/searchUPNList",
  nmpa: "/search/searchNMPAList",
} as const satisfies Record<Kind, string>;

/** Spec 9: paging default 10, options 10, 20, 50, 100. */
import { DEFAULT_PAGE_SIZE } from "../../shared/paging";

export { DEFAULT_PAGE_SIZE };
/** The contract's keyword bound (SearchQuery.keyword maxLength). */
export const KEYWORD_MAX = 100;

/** One kind's page: the contract's SearchPageMeta (totalCapped: more match than total counts) with its rows. */
export type ResultPage<R> = components["schemas"]["SearchPageMeta"] & { records: R[] };

/** One page of one kind. Rejects with the ApiError (its message already in the person's language). */
export async function searchKind<K extends Kind>(kind: K, query: SearchQuery, client: PortalClient): Promise<ResultPage<KindRecords[K]>> {
  // The eight paths share the request body; the path union is narrowed to one spelling for the
  // typed client and the answer is the page of this kind's records (the contract's SearchXPageOk).
  const path = KIND_PATHS[kind] as (typeof KIND_PATHS)["policy"];
  const data = await unwrap(client.POST(path, { body: query, headers: SILENT }));
  return {
    records: (data?.records ?? []) as unknown as KindRecords[K][],
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped ?? false,
    page: data?.page ?? query.page ?? 1,
    pageSize: data?.pageSize ?? query.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/** The search text of a result address: the searchVal query parameter (spec 3 store flag), trimmed and bounded. */
export function keywordOf(search: string): string {
  return (new URLSearchParams(search).get("searchVal") ?? "").trim().slice(0, KEYWORD_MAX);
}
