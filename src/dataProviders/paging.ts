import type { Pagination } from "@refinedev/core";

/** Body fields every /page operation reads (ARCHITECTURE 3, PageQuery). */
export type PageParams = { page: number; pageSize: number };

/** Spec 9: paging default 10. */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * refine's pagination -> the page body. Only server paging sends page fields: with "client" or
 * "off" the server's own defaults apply (it has no "everything" mode to ask for).
 */
export function generatePaging(pagination?: Pagination): PageParams | undefined {
  const mode = pagination?.mode ?? "server";
  if (mode !== "server") return undefined;
  return {
    page: pagination?.currentPage ?? 1,
    pageSize: pagination?.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
