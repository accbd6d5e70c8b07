// Spec 9 paging for every paged list: default 10 rows, page sizes 10, 20, 50 and 100.
import type { PaginationProps } from "antd";

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** The page sizes as antd's Pagination takes them. */
export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);

/**
 * antd pagination of a list paged on the server: the spec's page sizes, the total, and a changed
 * page size starting again at page 1.
 */
export function serverPagination(
  current: number,
  pageSize: number,
  total: number,
  onChange: (page: number, pageSize: number) => void,
  showTotal: (total: number) => string,
): PaginationProps {
  return {
    current,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal,
    onChange: (next, size) => onChange(size === pageSize ? next : 1, size),
  };
}
