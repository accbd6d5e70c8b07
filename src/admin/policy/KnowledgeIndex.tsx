// /knowledgeIndex (spec 2.3, 7.6): the folder tree on the left, the chosen folder's policies on the
// right, paged, sorted and filtered on the server (title, keyword, status, tag, visibility); create
// and edit in a dialog, move a policy along its approval status (spec 3: 0 draft, 1 submitted, 2 in
// discussion, 3 rejected, 4 approved), delete after a confirmation, export the filtered rows, and
// import an Excel workbook into the chosen folder. A policy can be added only once its folder is
// saved: "New policy" and "Import" wait for a chosen folder.
import { useCallback, useMemo, useState } from "react";
import { getDefaultSortOrder, List, useTable } from "@refinedev/antd";
import { CanAccess, useDelete, useUpdate, type CrudFilters, type HttpError } from "@refinedev/core";
import { Button, Col, Dropdown, Form, Input, Row, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { DeleteOutlined, DownOutlined, EditOutlined, ImportOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { STATUS_OPERATION } from "../../dataProviders";
import { PAGE_SIZES, PAGE_SIZE_OPTIONS } from "../../shared/paging";
import { ExportButton } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { NEXT_STATUS, POLICY, STATUSES, type BscFolder, type BscPolicySummary } from "./api";
import { FolderTree } from "./FolderTree";
import { PolicyFormModal } from "./PolicyFormModal";
import { PolicyImportDialog } from "./PolicyImportDialog";

type Search = { title?: string; keyword?: string; status?: number; visibility?: number };

const STATUS_COLORS = ["default", "processing", "warning", "error", "success"];

export function KnowledgeIndex() {
  const { t, i18n } = useTranslation(["adminPolicy", "admin"]);
  const operateSuccess = useOperateSuccess();
  const [folder, setFolder] = useState<BscFolder | null>(null);
  const [folders, setFolders] = useState<BscFolder[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const { mutate: remove } = useDelete();
  const { mutate: changeStatus } = useUpdate<BscPolicySummary, HttpError, { status: number }>();

  const folderId = folder?.id;
  const permanent = useMemo<CrudFilters>(() => (folderId === undefined ? [] : [{ field: "folderId", operator: "eq", value: folderId }]), [folderId]);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<BscPolicySummary, HttpError, Search>({
    resource: POLICY,
    pagination: { pageSize: PAGE_SIZES[0] },
    filters: { permanent },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: (v): CrudFilters => [
      { field: "title", operator: "contains", value: v.title },
      { field: "keyword", operator: "contains", value: v.keyword },
      { field: "status", operator: "eq", value: v.status },
      { field: "visibility", operator: "eq", value: v.visibility },
    ],
  });
  // The export asks for exactly the rows the list shows: the chosen folder is a permanent filter,
  // which useTable keeps apart from the searched ones it answers as `filters` (issue 22: a
  // one-policy folder exported every policy).
  const shownFilters = useMemo<CrudFilters>(() => [...permanent, ...filters], [permanent, filters]);
  const onLoaded = useCallback((tree: BscFolder[]) => setFolders(tree), []);
  const reload = () => void tableQuery.refetch();

  const sortable = (field: keyof BscPolicySummary & string) => ({
    key: field,
    dataIndex: field,
    title: t(`fields.${field}`),
    sorter: true,
    sortOrder: getDefaultSortOrder(field, sorters) ?? null,
  });
  const statusText = (s: number) => t(`status.${s}`);
  const en = i18n.language === "en";

  const columns: TableColumnsType<BscPolicySummary> = [
    { ...sortable("title"), ellipsis: true, width: 220, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    // Second, beside the title: a policy's status stays in view at 1366x768 (issue 22).
    {
      ...sortable("status"),
      render: (s: number) => (
        <Tag color={STATUS_COLORS[s]} data-testid="policy-status">
          {statusText(s)}
        </Tag>
      ),
    },
    { ...sortable("keyword"), ellipsis: true },
    { key: "folderName", dataIndex: "folderName", title: t("fields.folder"), ellipsis: true },
    {
      key: "labels",
      dataIndex: "labels",
      title: t("fields.labels"),
      render: (labels: BscPolicySummary["labels"]) => labels.map((l) => <Tag key={l.id}>{en ? l.labelEnName : l.labelName}</Tag>),
    },
    { key: "visibility", dataIndex: "visibility", title: t("fields.visibility"), render: (v: number) => t(`visibility.${v}`) },
    { ...sortable("versionNumber") },
    { key: "deptName", dataIndex: "deptName", title: t("fields.dept"), ellipsis: true },
    { key: "creatorName", dataIndex: "creatorName", title: t("fields.creator") },
    { ...sortable("createTime") },
    {
      key: "actions",
      title: t("admin:crud.actions"),
      fixed: "right",
      render: (_: unknown, r) => (
        // Icon buttons (their names are aria-labels): a narrow fixed column covers less of the list.
        <Space size={4}>
          <CanAccess resource={POLICY} action="edit">
            <Tooltip title={t("actions.edit")}>
              <Button size="small" icon={<EditOutlined />} aria-label={t("actions.editOf", { name: r.title })} onClick={() => setEditing({ id: r.id })} />
            </Tooltip>
          </CanAccess>
          <CanAccess resource={POLICY} action="status">
            <Dropdown
              trigger={["click"]}
              menu={{
                items: NEXT_STATUS[r.status].map((s) => ({ key: String(s), label: statusText(s) })),
                onClick: ({ key }) =>
                  changeStatus({
                    resource: POLICY,
                    id: r.id,
                    values: { status: Number(key) },
                    meta: { operation: STATUS_OPERATION },
                    successNotification: operateSuccess,
                  }),
              }}
            >
              <Button size="small" aria-label={t("actions.statusOf", { name: r.title })}>
                {t("actions.status")} <DownOutlined />
              </Button>
            </Dropdown>
          </CanAccess>
          <CanAccess resource={POLICY} action="delete">
            <ConfirmPopover
              title={t("actions.confirmDelete", { name: r.title })}
              okText={t("actions.ok")}
              cancelText={t("actions.cancel")}
              onConfirm={() => remove({ resource: POLICY, id: r.id, successNotification: operateSuccess })}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("actions.deleteOf", { name: r.title })} title={t("actions.delete")} />
            </ConfirmPopover>
          </CanAccess>
        </Space>
      ),
    },
  ];

  const pagination = tableProps.pagination
    ? { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, showTotal: (total: number) => t("admin:crud.pagination.total", { total }) }
    : false;
  const needFolder = folder ? undefined : t("list.chooseFolder");

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <FolderTree selected={folder?.id ?? null} onSelect={setFolder} onLoaded={onLoaded} />
      </Col>
      <Col xs={24} lg={18}>
        <List
          title={folder ? t("list.titleOf", { folder: folder.folderName }) : t("list.title")}
          headerButtons={() => (
            <Space wrap>
              <ExportButton
                resource={POLICY}
                filters={shownFilters}
                sorters={sorters}
                fileName={t("list.title")}
                columns={[
                  { key: "title", title: t("fields.title") },
                  { key: "keyword", title: t("fields.keyword") },
                  { key: "status", title: t("fields.status"), text: (r: BscPolicySummary) => statusText(r.status) },
                  { key: "folderName", title: t("fields.folder") },
                  { key: "labels", title: t("fields.labels"), text: (r: BscPolicySummary) => r.labels.map((l) => (en ? l.labelEnName : l.labelName)).join(", ") },
                  { key: "visibility", title: t("fields.visibility"), text: (r: BscPolicySummary) => t(`visibility.${r.visibility}`) },
                  { key: "reviewFlag", title: t("fields.reviewFlag"), text: (r: BscPolicySummary) => t(`yesNo.${r.reviewFlag}`) },
                  { key: "versionNumber", title: t("fields.versionNumber") },
                  { key: "deptName", title: t("fields.dept") },
                  { key: "creatorName", title: t("fields.creator") },
                  { key: "createTime", title: t("fields.createTime") },
                ]}
              />
              <CanAccess resource={POLICY} action="import">
                <Tooltip title={needFolder}>
                  <Button icon={<ImportOutlined />} disabled={!folder} onClick={() => setImporting(true)}>
                    {t("import.button")}
                  </Button>
                </Tooltip>
              </CanAccess>
              <CanAccess resource={POLICY} action="create">
                <Tooltip title={needFolder}>
                  <Button type="primary" icon={<PlusOutlined />} disabled={!folder} onClick={() => setEditing({ id: null })}>
                    {t("actions.create")}
                  </Button>
                </Tooltip>
              </CanAccess>
            </Space>
          )}
        >
          <Form {...searchFormProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item name="title" label={t("fields.title")}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="keyword" label={t("fields.keyword")}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label={t("fields.status")}>
              <Select allowClear style={{ width: 130 }} options={STATUSES.map((s) => ({ value: s, label: statusText(s) }))} aria-label={t("fields.status")} />
            </Form.Item>
            <Form.Item name="visibility" label={t("fields.visibility")}>
              <Select
                allowClear
                style={{ width: 110 }}
                options={[1, 0].map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
                aria-label={t("fields.visibility")}
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t("admin:crud.search")}
              </Button>
              <Button
                onClick={() => {
                  searchFormProps.form?.resetFields();
                  searchFormProps.form?.submit();
                }}
              >
                {t("admin:crud.reset")}
              </Button>
            </Space>
          </Form>
          <Table<BscPolicySummary>
            {...tableProps}
            pagination={pagination}
            rowKey="id"
            columns={columns}
            scroll={{ x: "max-content" }}
            locale={{ emptyText: t("list.empty") }}
          />
        </List>
      </Col>
      <PolicyFormModal
        open={editing !== null}
        policyId={editing?.id ?? null}
        folderId={folder?.id ?? null}
        folders={folders}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <PolicyImportDialog open={importing} folder={folder} onClose={() => setImporting(false)} onImported={reload} />
    </Row>
  );
}
