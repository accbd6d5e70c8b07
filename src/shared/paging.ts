// Spec 9 paging for every paged list: default 10 rows, page sizes 10, 20, 50 and 100.
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** The page sizes as antd's Pagination takes them. */
export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);
