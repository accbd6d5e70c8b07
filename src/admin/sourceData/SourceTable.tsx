// One kind of source data: the search form (keyword plus the kind's filters), the server-paged
// and sorted table, Excel export of the filtered rows, the template downloads and the import
// dialog (the import button only with the originDataList:import permission).
import { useState } from "react";
import { useTable } from "@refinedev/antd";
import { CanAccess, useInvalidate, type CrudFilters, type HttpError } from "@refinedev/core";
import { Button, Dropdown, Form, Input, Space, Table, type TableColumnsType } from "antd";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { ExportButton } from "../crud";
import { PAGE_SIZES, PAGE_SIZE_OPTIONS } from "../../shared/paging";
import { ImportDialog } from "./ImportDialog";
import type { SourceKindDef } from "./kinds";
import { downloadTemplate } from "./sourceDataApi";

type Search = Record<string, string | undefined>;

const toFilters = (def: SourceKindDef) => (values: Search): CrudFilters =>
  ["keyword", ...def.filters].map((field) => ({ field, operator: "contains" as const, value: values[field]?.trim() || undefined }));

export function SourceTable({ def }: { def: SourceKindDef }) {
  const { t } = useTranslation(["adminData", "admin"]);
  const [importing, setImporting] = useState(false);
  const invalidate = useInvalidate();
  // Not synced with the address: the three tabs' tables would read each other's filters from it.
  const { tableProps, searchFormProps, sorters, filters } = useTable<any, HttpError, Search>({
    resource: def.resource,
    pagination: { pageSize: PAGE_SIZES[0] },
    syncWithLocation: false,
    onSearch: toFilters(def),
  });
  const pagination = tableProps.pagination
    ? {
        ...tableProps.pagination,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: (total: number) => t("admin:crud.pagination.total", { total }),
      }
    : false;

  const sortOrderOf = (field: string) => {
    const s = sorters.find((x) => x.field === field);
    return s ? (s.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  };
  const columns: TableColumnsType<any> = def.columns.map((field) => ({
    key: field,
    dataIndex: field,
    title: t(`sourceData.fields.${field}`),
    sorter: def.sortable.includes(field) ? true : undefined,
    sortOrder: def.sortable.includes(field) ? sortOrderOf(field) : undefined,
    ellipsis: true,
    render: (v: unknown) => (v === null || v === undefined || v === "" ? "--" : String(v)),
  }));

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  const template = (format: "xlsx" | "csv") => void downloadTemplate(def.kind, format).catch(() => undefined);

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }}>
        <Form {...searchFormProps} layout="inline" role="search" style={{ rowGap: 8 }}>
          <Form.Item name="keyword" label={t("sourceData.filters.keyword")}>
            <Input allowClear placeholder={t("sourceData.filters.keywordPlaceholder")} style={{ width: 180 }} />
          </Form.Item>
          {def.filters.map((f) => (
            <Form.Item key={f} name={f} label={t(`sourceData.filters.${f}`)}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit">
              {t("admin:crud.search")}
            </Button>
            <Button onClick={reset}>{t("admin:crud.reset")}</Button>
          </Space>
        </Form>
        <Space wrap>
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                { key: "xlsx", label: t("sourceData.actions.templateXlsx"), onClick: () => template("xlsx") },
                { key: "csv", label: t("sourceData.actions.templateCsv"), onClick: () => template("csv") },
              ],
            }}
          >
            <Button icon={<DownloadOutlined />}>{t("sourceData.actions.template")}</Button>
          </Dropdown>
          <ExportButton
            resource={def.resource}
            filters={filters}
            sorters={sorters}
            columns={def.columns.map((c) => ({ key: c, title: t(`sourceData.fields.${c}`) }))}
            fileName={t(`sourceData.tabs.${def.kind}`)}
          />
          <CanAccess resource="originDataList" action="import">
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`source-import-${def.kind}`}>
              {t("sourceData.actions.import")}
            </Button>
          </CanAccess>
        </Space>
      </Space>
      <Table {...tableProps} pagination={pagination} rowKey={def.rowKey} columns={columns} scroll={{ x: "max-content" }} locale={{ emptyText: t("admin:crud.empty") }} />
      <ImportDialog
        kind={def.kind}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void invalidate({ resource: def.resource, invalidates: ["list"] })}
      />
    </>
  );
}
