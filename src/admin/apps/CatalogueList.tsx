// The list page of one catalogue (applications, portal applications, data sources): search form,
// server-paged and sorted table (spec 9 sizes), the on/off-shelf switch (spec 4), create and edit
// in a dialog, delete with a confirmation for data sources (spec 5), Excel export of the filtered
// rows. Every action is hidden without its button permission (src/admin/README.md).
import { useMemo, useState } from "react";
import { List } from "@refinedev/antd";
import { DeleteButton } from "../crud/DeleteButton";
import { CanAccess, useCustom, type CrudFilters } from "@refinedev/core";
import { AppstoreOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";

import { ExportButton, type ExportColumn } from "../crud";
import { StatusSwitch } from "../StatusSwitch";
import { useAdminTable } from "../useAdminTable";
import { ACTION_WIDTH, scrollOf } from "../crud/tableScroll";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { CatalogueForm } from "./CatalogueForm";
import { CATALOGUES, DEVICES, type CatalogueName, type CatalogueRecord } from "./catalogues";

type Search = { name?: string; status?: number; userDevice?: string; labelId?: number };
type Label = { id: number; labelName: string; labelEnName?: string | null };

/** The StatusSwitch words (admin namespace lookup of `<keys>.status.*`): on and off shelf. */
const SHELF = "adminApps:shelf";

export const searchFilters = (v: Search): CrudFilters =>
  (["name", "status", "userDevice", "labelId"] as const).map((field) => ({
    field,
    operator: field === "name" ? ("contains" as const) : ("eq" as const),
    value: typeof v[field] === "string" ? (v[field] as string).trim() || undefined : v[field],
  }));

export function CatalogueList({ name }: { name: CatalogueName }) {
  const c = CATALOGUES[name];
  const { t, i18n } = useTranslation(["adminApps", "admin"]);
  const [modal, modalHolder] = Modal.useModal();
  const operateSuccess = useOperateSuccess();
  const [editing, setEditing] = useState<CatalogueRecord | "new" | null>(null);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useAdminTable<CatalogueRecord, Search>(c.resource, "crud", searchFilters);
  /**
   * The dialog's reload after a stale save (issue 20): the list again, and the dialog with the row as
   * it is now (closed when the row is no longer on this page).
   */
  const reloadEditing = async () => {
    if (editing === null || editing === "new") return;
    const { data } = await tableQuery.refetch();
    setEditing(data?.data.find((r) => r.id === editing.id) ?? null);
  };

  const labelsQuery = useCustom<Label[]>({ url: "/bscLabel", method: "get", queryOptions: { enabled: c.tagged }, errorNotification: false });
  // refine answers {} while the query is off or loading.
  const labelData: unknown = labelsQuery.result?.data;
  const labels = useMemo(() => (Array.isArray(labelData) ? (labelData as Label[]) : []), [labelData]);
  const en = i18n.language?.startsWith("en");
  const labelName = (l: Label) => (en && l.labelEnName ? l.labelEnName : l.labelName);
  const tagOptions = useMemo(() => labels.map((l) => ({ value: l.id, label: labelName(l) })), [labels, en]);
  const tagText = (ids?: number[]) => (ids ?? []).map((id) => tagOptions.find((o) => o.value === id)?.label ?? `#${id}`);

  const deviceOptions = DEVICES.map((d) => ({ value: d, label: t(`devices.${d}`) }));
  const shelfOptions = [
    { value: 1, label: t("shelf.status.enabled") },
    { value: 0, label: t("shelf.status.disabled") },
  ];
  const sortOrderOf = (field: string) => {
    const s = sorters.find((x) => x.field === field);
    return s ? (s.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  };
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrderOf(field) });
  const none = <Typography.Text type="secondary">--</Typography.Text>;

  const columns: TableColumnsType<CatalogueRecord> = [
    ...(c.app
      ? [
          {
            key: "image",
            title: t("fields.image"),
            width: 72,
            render: (_: unknown, r: CatalogueRecord) =>
              r.image ? (
                <img src={r.image} alt={t("actions.imageAlt", { name: r.name })} width={32} height={32} style={{ objectFit: "contain" }} />
              ) : (
                <AppstoreOutlined style={{ fontSize: 28 }} aria-hidden />
              ),
          },
        ]
      : []),
    { key: "name", dataIndex: "name", title: t("fields.name"), width: 180, ...sortable("name") },
    ...(c.app ? [{ key: "keyword", dataIndex: "keyword", title: t("fields.keyword"), width: 130, ...sortable("keyword") }] : []),
    // On or off shelf next to the name: it stays in view on a laptop screen without scrolling.
    {
      key: "status",
      dataIndex: "status",
      title: t("fields.status"),
      width: 110,
      ...sortable("status"),
      render: (status: number, r: CatalogueRecord) => <StatusSwitch resource={c.resource} id={r.id} name={r.name} status={status} keys={SHELF} modal={modal} />,
    },
    {
      key: "url",
      dataIndex: "url",
      title: t("fields.url"),
      width: 220,
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 240 }}>
          {url}
        </Typography.Link>
      ),
    },
    { key: "userDevice", dataIndex: "userDevice", title: t("fields.userDevice"), width: 110, render: (d: string) => t(`devices.${d}`) },
    ...(c.tagged
      ? [
          {
            key: "labelIds",
            dataIndex: "labelIds",
            title: t("fields.labelIds"),
            width: 180,
            render: (ids?: number[]) => (ids?.length ? tagText(ids).map((n, i) => <Tag key={i}>{n}</Tag>) : none),
          },
        ]
      : []),
    ...(c.app
      ? [{ key: "description", dataIndex: "description", title: t("fields.description"), width: 200, ellipsis: true, render: (v?: string | null) => v || none }]
      : [{ key: "compatibilityRange", dataIndex: "compatibilityRange", title: t("fields.compatibilityRange"), width: 160, render: (v?: string | null) => v || none }]),
    { key: "createTime", dataIndex: "createTime", title: t("fields.createTime"), width: 170, ...sortable("createTime") },
    {
      key: "actions",
      title: t("admin:crud.actions"),
      fixed: "right",
      width: ACTION_WIDTH.padding + ACTION_WIDTH.button * (c.deleteConfirm ? 2 : 1),
      render: (_: unknown, r: CatalogueRecord) => (
        <Space wrap>
          <CanAccess resource={c.resource} action="edit">
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t("actions.edit")}
            </Button>
          </CanAccess>
          {c.deleteConfirm && (
            <DeleteButton
              size="small"
              resource={c.resource}
              recordItemId={r.id}
              confirmTitle={t(c.deleteConfirm, { name: r.name })}
              confirmOkText={t("admin:crud.ok")}
              confirmCancelText={t("admin:crud.cancel")}
              successNotification={operateSuccess}
            >
              {t("actions.delete")}
            </DeleteButton>
          )}
        </Space>
      ),
    },
  ];

  const exportColumns: ExportColumn[] = [
    { key: "id", title: "ID" },
    { key: "name", title: t("fields.name") },
    ...(c.app ? [{ key: "keyword", title: t("fields.keyword") }] : []),
    { key: "url", title: t("fields.url") },
    { key: "userDevice", title: t("fields.userDevice"), text: (r: CatalogueRecord) => t(`devices.${r.userDevice}`) },
    ...(c.tagged ? [{ key: "labelIds", title: t("fields.labelIds"), text: (r: CatalogueRecord) => tagText(r.labelIds).join(", ") }] : []),
    ...(c.app
      ? [
          { key: "description", title: t("fields.description") },
          { key: "image", title: t("fields.image") },
        ]
      : [{ key: "compatibilityRange", title: t("fields.compatibilityRange") }]),
    { key: "status", title: t("fields.status"), text: (r: CatalogueRecord) => t(`shelf.status.${r.status === 1 ? "enabled" : "disabled"}`) },
    { key: "createTime", title: t("fields.createTime") },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <List
      title={t(`titles.${c.resource}`)}
      headerButtons={() => (
        <Space wrap>
          <ExportButton resource={c.resource} filters={filters} sorters={sorters} columns={exportColumns} fileName={t(`titles.${c.resource}`)} />
          <CanAccess resource={c.resource} action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
              {t("actions.create")}
            </Button>
          </CanAccess>
        </Space>
      )}
    >
      {modalHolder}
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} role="search">
        <Form.Item name="name" label={t(c.app ? "filters.name" : "filters.chartName")}>
          <Input allowClear style={{ width: 180 }} placeholder={t("admin:crud.placeholders.search")} />
        </Form.Item>
        <Form.Item name="status" label={t("fields.status")}>
          <Select allowClear style={{ width: 120 }} options={shelfOptions} placeholder={t("admin:crud.placeholders.all")} />
        </Form.Item>
        <Form.Item name="userDevice" label={t("fields.userDevice")}>
          <Select allowClear style={{ width: 130 }} options={deviceOptions} placeholder={t("admin:crud.placeholders.all")} />
        </Form.Item>
        {c.tagged && (
          <Form.Item name="labelId" label={t("filters.labelId")}>
            <Select allowClear showSearch optionFilterProp="label" style={{ width: 160 }} options={tagOptions} placeholder={t("admin:crud.placeholders.all")} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit">
            {t("admin:crud.search")}
          </Button>
          <Button onClick={reset}>{t("admin:crud.reset")}</Button>
        </Space>
      </Form>
      <Table {...tableProps} rowKey="id" columns={columns} {...scrollOf(columns)} locale={{ emptyText: t("admin:crud.empty") }} />
      <CatalogueForm
        catalogue={c}
        editing={editing}
        tags={tagOptions}
        tagsFailed={labelsQuery.query.isError}
        onClose={() => setEditing(null)}
        onReload={reloadEditing}
      />
    </List>
  );
}
