// The audit list's row action: a drawer of what one admin write changed - the fields whose value
// differs between before and after, then both records in full.
import { Button, Descriptions, Drawer, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { changedFields, showValue } from "./diff";
import { entityName, who, type AuditLog } from "./words";

export function AuditDetailButton({ record }: { record: AuditLog }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t("audit.view")}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={640} title={t("audit.detailTitle")} destroyOnHidden>
        {open && <AuditDetail row={record} />}
      </Drawer>
    </>
  );
}

function AuditDetail({ row }: { row: AuditLog }) {
  const { t } = useTranslation("admin");
  const changed = changedFields(row.before, row.after);
  const field = (o: unknown, k: string) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined);
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("audit.fields.createTime")}>{row.createTime}</Descriptions.Item>
        <Descriptions.Item label={t("audit.fields.userName")}>{who(row)}</Descriptions.Item>
        <Descriptions.Item label={t("audit.fields.entity")}>
          {entityName(row.entity, t)} {row.entityId ? `#${row.entityId}` : ""}
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
