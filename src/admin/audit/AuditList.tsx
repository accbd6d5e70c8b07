// The audit log (issue 7, beyond the spec): every admin write, newest first, filtered by who,
// entity, record, operation and day; a row opens what changed (the fields whose value differs
// between before and after, then both records in full). Export gives the filtered rows as Excel.
import { List } from "@refinedev/antd";
import { useCustom, type CrudFilters } from "@refinedev/core";
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { ExportButton } from "../crud/ExportButton";
import { useAdminTable } from "../useAdminTable";
import { changedFields, showValue } from "./diff";

export interface AuditRow {
  id: number;
  userName: string;
  realName: string | null;
  operationId: string;
  method: string;
  path: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createTime: string;
}

type Search = { userName?: string; entity?: string; entityId?: string; operationId?: string; days?: [Dayjs, Dayjs] | null };

const toFilters = ({ userName, entity, entityId, operationId, days }: Search): CrudFilters => [
  { field: "userName", operator: "contains", value: userName?.trim() || undefined },
  { field: "entity", operator: "eq", value: entity },
  { field: "entityId", operator: "eq", value: entityId?.trim() || undefined },
  { field: "operationId", operator: "contains", value: operationId?.trim() || undefined },
  { field: "createTimeFrom", operator: "eq", value: days?.[0]?.format("YYYY-MM-DD") },
  { field: "createTimeTo", operator: "eq", value: days?.[1]?.format("YYYY-MM-DD") },
];

const METHOD_COLOR: Record<string, string> = { POST: "green", PUT: "blue", DELETE: "red", GET: "gold" };

export function AuditList() {
  const { t } = useTranslation("admin");
  const { tableProps, searchFormProps, sortable, sorters, filters } = useAdminTable<AuditRow, Search>("sysAudit", "audit", toFilters);
  // refine answers {} (not undefined) until the call returns.
  const { result: entities } = useCustom<string[]>({ url: "/sysAuditLog/entities", method: "get" });
  const [open, setOpen] = useState<AuditRow | null>(null);

  const who = (r: AuditRow) => (r.realName ? `${r.realName} (${r.userName})` : r.userName);
  const entityName = (e: string) => t(`audit.entities.${e}`, { defaultValue: e });

  const columns: TableColumnsType<AuditRow> = [
    sortable("createTime"),
    { ...sortable("userName"), render: (_, r) => who(r) },
    { ...sortable("entity"), render: (_, r) => entityName(r.entity) },
    { dataIndex: "entityId", title: t("audit.fields.entityId") },
    {
      ...sortable("operationId"),
      render: (_, r) => (
        <Space size={4}>
          <Tag color={METHOD_COLOR[r.method]}>{r.method}</Tag>
          <Typography.Text code>{r.operationId}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "changes",
      title: t("audit.fields.changes"),
      render: (_, r) => {
        const changed = changedFields(r.before, r.after);
        return changed.length ? changed.slice(0, 4).join(", ") + (changed.length > 4 ? " …" : "") : "--";
      },
    },
    {
      key: "actions",
      title: t("crud.actions"),
      fixed: "right",
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r)}>
          {t("audit.view")}
        </Button>
      ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <List
      title={t("menu.sysAudit")}
      headerButtons={() => (
        <ExportButton
          resource="sysAudit"
          filters={filters}
          sorters={sorters}
          fileName={t("menu.sysAudit")}
          columns={[
            { key: "createTime", title: t("audit.fields.createTime") },
            { key: "userName", title: t("audit.fields.userName"), text: who },
            { key: "entity", title: t("audit.fields.entity"), text: (r) => entityName(r.entity) },
            { key: "entityId", title: t("audit.fields.entityId") },
            { key: "method", title: t("audit.fields.method") },
            { key: "operationId", title: t("audit.fields.operationId") },
            { key: "before", title: t("audit.before") },
            { key: "after", title: t("audit.after") },
          ]}
        />
      )}
    >
      <Form<Search> {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} role="search">
        <Form.Item name="userName" label={t("audit.fields.userName")}>
          <Input allowClear style={{ width: 160 }} placeholder={t("crud.placeholders.search")} />
        </Form.Item>
        <Form.Item name="entity" label={t("audit.fields.entity")}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t("crud.placeholders.all")}
            options={(Array.isArray(entities.data) ? entities.data : []).map((e) => ({ value: e, label: entityName(e) }))}
          />
        </Form.Item>
        <Form.Item name="entityId" label={t("audit.fields.entityId")}>
          <Input allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="operationId" label={t("audit.fields.operationId")}>
          <Input allowClear style={{ width: 180 }} placeholder={t("crud.placeholders.search")} />
        </Form.Item>
        <Form.Item name="days" label={t("audit.fields.createTime")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t("crud.search")}
          </Button>
          <Button onClick={reset}>{t("crud.reset")}</Button>
        </Space>
      </Form>
      <Table<AuditRow> {...tableProps} rowKey="id" columns={columns} scroll={{ x: "max-content" }} locale={{ emptyText: t("crud.empty") }} />
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={640} title={t("audit.detailTitle")} destroyOnHidden>
        {open && <AuditDetail row={open} who={who(open)} entity={entityName(open.entity)} />}
      </Drawer>
    </List>
  );
}

function AuditDetail({ row, who, entity }: { row: AuditRow; who: string; entity: string }) {
  const { t } = useTranslation("admin");
  const changed = changedFields(row.before, row.after);
  const field = (o: unknown, k: string) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined);
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("audit.fields.createTime")}>{row.createTime}</Descriptions.Item>
        <Descriptions.Item label={t("audit.fields.userName")}>{who}</Descriptions.Item>
        <Descriptions.Item label={t("audit.fields.entity")}>
          {entity} {row.entityId ? `#${row.entityId}` : ""}
        </Descriptions.Item>
        <Descriptions.Item label={t("audit.fields.operationId")}>
          {row.method} {row.path} ({row.operationId})
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        locale={{ emptyText: t("audit.noChange") }}
        dataSource={changed.map((k) => ({ field: k, before: showValue(field(row.before, k)), after: showValue(field(row.after, k)) }))}
        columns={[
          { dataIndex: "field", title: t("audit.field") },
          { dataIndex: "before", title: t("audit.before"), render: (v: string) => <Typography.Text delete={v !== "--"}>{v}</Typography.Text> },
          { dataIndex: "after", title: t("audit.after") },
        ]}
      />
      <Typography.Title level={5}>{t("audit.before")}</Typography.Title>
      <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", margin: 0 }}>{JSON.stringify(row.before, null, 2) ?? "null"}</pre>
      <Typography.Title level={5}>{t("audit.after")}</Typography.Title>
      <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", margin: 0 }}>{JSON.stringify(row.after, null, 2) ?? "null"}</pre>
    </Space>
  );
}
