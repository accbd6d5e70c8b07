import type { Pagination } from "@refinedev/core";

import { DEFAULT_PAGE_SIZE } from "../shared/paging";

export { DEFAULT_PAGE_SIZE };

/** Body fields every /page operation reads (ARCHITECTURE 3, PageQuery). */
export type PageParams = { page: number; pageSize: number };

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
