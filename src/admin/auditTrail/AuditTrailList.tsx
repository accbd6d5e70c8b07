// The audit trail of regulated records (issue 24, 21 CFR 11.10(e)), under System: the verification
// banner, the filters (record, person, period, action - kept in the address), the entries newest
// first paged on the server, each opening its record before and after; Export (the inspector's
// workbook, the same filters, made by the server) and Print view (the same filters, a page without
// the shell's chrome). Read-only: there is nothing here that changes an entry.
import { DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import { List } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Result, Select, Space, Table, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

import { usePortalApi, usePortalClient } from "../../api/ClientProvider";
import { exportFile } from "../../api/download";
import styles from "./auditTrail.module.css";
import { EntryDetail, type AuditTrailEntry } from "./EntryDetail";
import { ACTIONS, filterFromParams, paramsOfFilter, RECORD_TYPES, type AuditTrailFilter } from "./filters";
import { VerifyBanner } from "./VerifyBanner";
import { actionWord, NS, recordTypeWord } from "./words";

type FormValues = { recordType?: string; recordId?: string; actorName?: string; period?: [Dayjs | null, Dayjs | null] | null; action?: string };

const toForm = (f: AuditTrailFilter): FormValues => ({
  recordType: f.recordType,
  recordId: f.recordId,
  actorName: f.actorName,
  action: f.action,
  period: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
});

const fromForm = (v: FormValues): AuditTrailFilter =>
  filterFromParams(
    new URLSearchParams(
      Object.entries({
        recordType: v.recordType,
        recordId: v.recordId,
        actorName: v.actorName,
        action: v.action,
        from: v.period?.[0]?.format("YYYY-MM-DD"),
        to: v.period?.[1]?.format("YYYY-MM-DD"),
      }).filter((e): e is [string, string] => Boolean(e[1])),
    ),
  );

export function AuditTrailList() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const client = usePortalClient();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<FormValues>();

  const query = usePortalApi().useQuery("post", "/auditTrail/page", { body: { ...filter, ...page } });
  const data = query.data?.data;

  const apply = (f: AuditTrailFilter) => {
    setPage((p) => ({ ...p, page: 1 }));
    setParams(paramsOfFilter(f), { replace: true });
  };
  const exportNow = async () => {
    setExporting(true);
    try {
      await exportFile(client, "/auditTrail/export", { ...filter }, "audit-trail.xlsx");
    } catch {
      // The client's error middleware has already shown the server's message (e.g. too many entries).
    } finally {
      setExporting(false);
    }
  };

  const columns = [
    { key: "seq", title: t("columns.seq"), dataIndex: "seq", width: 80 },
    { key: "at", title: t("columns.at"), dataIndex: "at", width: 190 },
    {
      key: "person",
      title: t("columns.person"),
      width: 200,
      render: (_: unknown, r: AuditTrailEntry) => (r.actorId === null ? `${r.actorName} (${t("entry.db")})` : r.actorName),
    },
    {
      key: "record",
      title: t("columns.record"),
      width: 200,
      render: (_: unknown, r: AuditTrailEntry) => `${recordTypeWord(t, r.recordType)} ${r.recordId}`,
    },
    { key: "action", title: t("columns.action"), width: 90, render: (_: unknown, r: AuditTrailEntry) => actionWord(t, r.action) },
    {
      key: "operation",
      title: t("columns.operation"),
      render: (_: unknown, r: AuditTrailEntry) => (r.operation ? <Typography.Text code>{r.operation}</Typography.Text> : null),
    },
    { key: "reason", title: t("columns.reason"), dataIndex: "reason", ellipsis: true },
  ];

  return (
    <List
      title={t("title")}
      headerButtons={() => (
        <Space>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportNow()} data-testid="audit-trail-export">
            {t("export")}
          </Button>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => navigate({ pathname: "print", search: paramsOfFilter(filter).toString() })}
            data-testid="audit-trail-print"
          >
            {t("printView")}
          </Button>
        </Space>
      )}
    >
      <VerifyBanner />
      <Alert className={styles.help} style={{ marginTop: 12 }} type="info" message={t("help")} />
      <Form
        form={form}
        layout="inline"
        className={styles.filters}
        initialValues={toForm(filter)}
        onFinish={(v) => apply(fromForm(v))}
        role="search"
        data-testid="audit-trail-filters"
      >
        <Form.Item name="recordType" label={t("filters.recordType")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t("filters.any")}
            options={RECORD_TYPES.map((v) => ({ value: v, label: recordTypeWord(t, v) }))}
          />
        </Form.Item>
        <Form.Item name="recordId" label={t("filters.recordId")}>
          <Input allowClear style={{ width: 120 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="actorName" label={t("filters.person")}>
          <Input allowClear style={{ width: 160 }} maxLength={100} placeholder={t("filters.personPlaceholder")} />
        </Form.Item>
        <Form.Item name="period" label={t("filters.period")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="action" label={t("filters.action")}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 120 }} placeholder={t("filters.any")} options={ACTIONS.map((v) => ({ value: v, label: actionWord(t, v) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-trail-search">
            {t("filters.search")}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ recordType: undefined, recordId: undefined, actorName: undefined, period: undefined, action: undefined });
              apply({});
            }}
          >
            {t("filters.reset")}
          </Button>
        </Space>
      </Form>
      {query.isError ? (
        <Result
          status="warning"
          title={t("error")}
          extra={
            <Button onClick={() => void query.refetch()} data-testid="audit-trail-retry">
              {t("retry")}
            </Button>
          }
        />
      ) : (
        <Table<AuditTrailEntry>
          rowKey="seq"
          size="small"
          data-testid="audit-trail-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={data?.records ?? []}
          locale={{ emptyText: <Empty description={t("empty")} /> }}
          expandable={{ expandedRowRender: (r) => <EntryDetail entry={r} hashes /> }}
          scroll={{ x: 1000 }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
          }}
        />
      )}
    </List>
  );
}
