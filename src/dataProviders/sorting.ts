import type { CrudSort } from "@refinedev/core";

export type SortParams = { sortField: string; sortOrder: "asc" | "desc" };

/**
 * refine's sorters -> { sortField, sortOrder }. The page operations sort by one field, so the
 * first sorter wins (antd's table sends the last clicked column first).
 */
export function generateSort(sorters?: readonly CrudSort[]): SortParams | undefined {
  const first = sorters?.[0];
  if (!first) return undefined;
  return { sortField: first.field, sortOrder: first.order };
}
