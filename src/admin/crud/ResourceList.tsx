// The generic list page of a definition: the search form from its filter fields, the server-paged
// table (spec 9 sizes, server sorting) from its list fields, the status switch, edit and delete
// (confirmed) per row, create and Excel export in the header; with `form.modal` create and edit open
// a dialog over the list (FormModal). Every action is hidden without its button permission
// (src/admin/README.md).
import { useState } from "react";
import { CreateButton, EditButton, List, ShowButton } from "@refinedev/antd";
import { DeleteButton } from "./DeleteButton";
import { CanAccess, type CrudFilters } from "@refinedev/core";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Modal, Space, Table, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";

import { useAdminTable } from "../useAdminTable";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { StatusSwitch, StatusTag } from "../StatusSwitch";
import { ExportButton } from "./ExportButton";
import { cellOf, displayText, filterInputOf, isObject, keyOf, nsOf, widthOf, type QueriedOptions } from "./fields";
import { FormModal } from "./FormModal";
import { ACTION_WIDTH, scrollOf } from "./tableScroll";
import type { AdminResourceDef, FieldDef } from "./types";

const viewable = (def: AdminResourceDef) => Boolean(def.show || def.pages?.show);

/** The page request's filters from the search form: contains for text, equals for choices. */
export function filtersOf(def: AdminResourceDef, values: Record<string, unknown>): CrudFilters {
  return (def.fields ?? [])
    .filter((f) => f.filter)
    .flatMap((f) => {
      const filter = isObject(f.filter) ? f.filter : {};
      if (filter.range) {
        const days = values[f.name] as [Dayjs | null, Dayjs | null] | null | undefined;
        return filter.range.map((field, i) => ({ field, operator: "eq" as const, value: days?.[i]?.format("YYYY-MM-DD") }));
      }
      const choice = f.kind === "select" || f.kind === "status" || f.optionsQuery;
      return [
        {
          field: f.name,
          operator: filter.operator ?? (choice ? ("eq" as const) : ("contains" as const)),
          value: typeof values[f.name] === "string" ? (values[f.name] as string).trim() || undefined : values[f.name],
        },
      ];
    });
}

const listed = (def: AdminResourceDef) => (def.fields ?? []).filter((f) => f.list);
const exported = (f: FieldDef) => f.export ?? Boolean(f.list);

/**
 * The server's options of the listed or exported fields with an optionsQuery, by field name, so
 * their cells and export show labels. The queries are hooks: a definition's fields never change
 * while its list is mounted (the registry keys every page by resource), so the calls keep order.
 */
function useQueriedOptions(def: AdminResourceDef): Record<string, QueriedOptions> {
  const out: Record<string, QueriedOptions> = {};
  for (const f of def.fields ?? []) if (f.optionsQuery && (f.list || exported(f))) out[f.name] = f.optionsQuery().options;
  return out;
}

/** `embedded`: one tab of a screen (ResourceTabs): no page frame, its buttons above the search form. */
export function ResourceList({ def, embedded = false }: { def: AdminResourceDef; embedded?: boolean }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const [modal, modalHolder] = Modal.useModal();
  const operateSuccess = useOperateSuccess();
  const queried = useQueriedOptions(def);
  const modalForm = Boolean(def.form?.modal);
  /** The dialog's record (FormModal): null closed, "new" a create, else the row edited. */
  const [editing, setEditing] = useState<any>(null);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useAdminTable<any, Record<string, unknown>>(
    def.name,
    "crud",
    (v) => filtersOf(def, v),
    def.texts?.total ? keyOf(def, def.texts.total) : undefined,
    embedded ? false : undefined,
  );
  const statusKeys = def.texts?.statusKeys ?? "crud";
  const nameField = def.texts?.nameField ?? listed(def)[0]?.name ?? "id";
  const filterFields = (def.fields ?? []).filter((f) => f.filter);

  const columnOf = (f: FieldDef): TableColumnsType<any>[number] => {
    const opts = isObject(f.list) ? f.list : {};
    return {
      key: f.name,
      dataIndex: f.name,
      title: t(keyOf(def, f.label)),
      width: widthOf(f),
      ellipsis: opts.ellipsis,
      sorter: opts.sorter ? true : undefined,
      sortOrder: opts.sorter ? (sorters.find((s) => s.field === f.name)?.order === "asc" ? "ascend" : sorters.find((s) => s.field === f.name) ? "descend" : null) : undefined,
      render: (value: unknown, record: any) =>
        f.kind === "status" && !(isObject(f.list) && f.list.render) ? (
          def.actions?.status ? (
            <StatusSwitch resource={def.name} id={record.id} name={String(record[nameField] ?? record.id)} status={Number(value)} keys={statusKeys} modal={modal} />
          ) : (
            <StatusTag status={Number(value)} keys={statusKeys} />
          )
        ) : (
          cellOf(def, f, value, record, t, queried[f.name])
        ),
    };
  };

  const columns: TableColumnsType<any> = listed(def).map(columnOf);
  const rowActions = def.rowActions ?? [];
  const buttons = [viewable(def), def.actions?.edit, def.actions?.delete].filter(Boolean).length;
  if (buttons > 0 || rowActions.length > 0)
    columns.push({
      key: "actions",
      title: t("crud.actions"),
      fixed: "right",
      width: ACTION_WIDTH.padding + ACTION_WIDTH.button * buttons + ACTION_WIDTH.own * rowActions.length,
      render: (_: unknown, record: any) => (
        <Space wrap>
          {viewable(def) && <ShowButton size="small" recordItemId={record.id} />}
          {def.actions?.edit &&
            (modalForm ? (
              <CanAccess resource={def.name} action="edit">
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(record)}>
                  {t("crud.edit")}
                </Button>
              </CanAccess>
            ) : (
              <EditButton size="small" recordItemId={record.id} />
            ))}
          {rowActions.map((Action, i) => (
            <Action key={i} record={record} modal={modal} />
          ))}
          {def.actions?.delete && (
            <DeleteButton
              size="small"
              recordItemId={record.id}
              confirmTitle={t(def.texts?.deleteConfirm ? keyOf(def, def.texts.deleteConfirm) : "crud.confirmDelete", { name: record[nameField] ?? record.id })}
              confirmOkText={t("crud.ok")}
              confirmCancelText={t("crud.cancel")}
              successNotification={operateSuccess}
            />
          )}
        </Space>
      ),
    });

  const exportColumns = (def.fields ?? [])
    .filter(exported)
    .map((f) => ({ key: f.name, title: t(keyOf(def, f.label)), text: (r: any) => displayText(def, f, r[f.name], t, r, queried[f.name]) }));

  /** The dialog's reload after a stale save (issue 20): the list again, and the row as it is now (closed when gone from the page). */
  const reloadEditing = async () => {
    if (editing === null || editing === "new") return;
    const { data } = await tableQuery.refetch();
    setEditing(data?.data.find((r: any) => r.id === editing.id) ?? null);
  };

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  const headerButtons = (
    <Space wrap>
      {(def.headerActions ?? []).map((Action, i) => (
        <Action key={i} />
      ))}
      {def.actions?.export && <ExportButton resource={def.name} filters={filters} sorters={sorters} columns={exportColumns} fileName={t(def.label)} />}
      {def.actions?.create &&
        (modalForm ? (
          <CanAccess resource={def.name} action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
              {t("crud.create")}
            </Button>
          </CanAccess>
        ) : (
          <CreateButton />
        ))}
    </Space>
  );
  const body = (
    <>
      {modalHolder}
      {filterFields.length > 0 && (
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} role="search">
          {filterFields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(keyOf(def, f.label))}>
              {filterInputOf(def, f, t)}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit">
              {t("crud.search")}
            </Button>
            <Button onClick={reset}>{t("crud.reset")}</Button>
          </Space>
        </Form>
      )}
      <Table
        {...tableProps}
        rowKey={def.rowKey ?? "id"}
        columns={columns}
        {...scrollOf(columns)}
        locale={{ emptyText: t(def.texts?.empty ? keyOf(def, def.texts.empty) : "crud.empty") }}
      />
      {modalForm && <FormModal def={def} editing={editing} onClose={() => setEditing(null)} onReload={reloadEditing} />}
    </>
  );

  if (embedded)
    return (
      <>
        <div style={{ display: "flex", justifyContent: "flex-end", marginBottom: 12 }}>{headerButtons}</div>
        {body}
      </>
    );
  return (
    <List title={t(def.texts?.title ? keyOf(def, def.texts.title) : def.label)} headerButtons={() => headerButtons}>
      {body}
    </List>
  );
}
