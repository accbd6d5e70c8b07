// One admin list's table through refine's useTable: server-side paging with spec 9's page sizes
// and the "N in all" total, and sortable columns titled from admin.json's `<keys>.fields`.
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters, HttpError } from "@refinedev/core";
import type { TablePaginationConfig } from "antd";
import { useTranslation } from "react-i18next";

import { PAGE_SIZES, PAGE_SIZE_OPTIONS } from "../shared/paging";

export function useAdminTable<TRecord extends BaseRecord, TSearch extends object>(
  resource: string,
  keys: string,
  onSearch: (values: TSearch) => CrudFilters,
  /** The full key ("ns:key") of "N in all", if not `<keys>.pagination.total` in admin.json. */
  totalKey?: string,
  /** false for a list that is one of several on a screen (a tab): its state stays out of the address. */
  syncWithLocation?: boolean,
) {
  const { t } = useTranslation("admin");
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<TRecord, HttpError, TSearch>({
    resource,
    pagination: { pageSize: PAGE_SIZES[0] },
    onSearch,
    ...(syncWithLocation === undefined ? {} : { syncWithLocation }),
  });

  const pagination: TablePaginationConfig | false = tableProps.pagination
    ? {
        ...tableProps.pagination,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        // count picks the plural form (`_one`, `_other`): "1 user in all", "3 users in all".
        showTotal: (total) => t(totalKey ?? `${keys}.pagination.total`, { count: total, total }),
      }
    : false;

  /** A column sorted on the server, titled `<keys>.fields.<field>`. */
  const sortable = (field: keyof TRecord & string) => ({
    dataIndex: field,
    title: t(`${keys}.fields.${field}`),
    sorter: true,
    sortOrder: getDefaultSortOrder(field, sorters) ?? null,
  });

  return { tableProps: { ...tableProps, pagination }, searchFormProps, sortable, sorters, filters, tableQuery };
}
