// The import dialog of one kind of source data: choose a CSV or .xlsx, send it with spec 4's
// progress (0 to 99 at 20 ms, 100 on success), then show the counts or - when any row failed and
// nothing was imported - the row-by-row report (row, column, value, message in the UI language).
import { Alert, Button, Modal, Progress, Table, Typography, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { useImportRun } from "../crud/useImportRun";
import { importSource, type RowError, type SourceKind } from "./sourceDataApi";
import { usePortalClient } from "../../api/ClientProvider";

interface Props {
  kind: SourceKind;
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the list reloads). */
  onImported: () => void;
}

export function ImportDialog({ kind, open, onClose, onImported }: Props) {
  const client = usePortalClient();
  const { t, i18n } = useTranslation(["adminData", "admin"]);
  const { file, setFile, choose, percent, busy, outcome, reset, run } = useImportRun(
    (chosen: File) => importSource(client, kind, chosen),
    onImported,
    "adminData:sourceData.import.noFile",
  );

  const en = i18n.language === "en";
  const columns = [
    { key: "row", dataIndex: "row", title: t("sourceData.import.row"), width: 70 },
    { key: "field", dataIndex: "field", title: t("sourceData.import.column"), width: 150 },
    { key: "value", dataIndex: "value", title: t("sourceData.import.value"), width: 160, ellipsis: true },
    { key: "message", title: t("sourceData.import.message"), render: (_: unknown, r: RowError) => (en ? r.enMessage : r.message) },
  ];

  return (
    <Modal
      open={open}
      title={t("sourceData.import.title", { kind: t(`sourceData.tabs.${kind}`) })}
      width={760}
      maskClosable={!busy}
      closable={!busy}
      onCancel={() => {
        if (busy) return;
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={[
        <Button key="close" disabled={busy} onClick={() => (reset(), onClose())}>
          {t("sourceData.import.close")}
        </Button>,
        <Button key="start" type="primary" loading={busy} onClick={() => void run()} data-testid="source-import-start">
          {t("sourceData.import.start")}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t("sourceData.import.hint")}</Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        maxCount={1}
        disabled={busy}
        fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
        beforeUpload={(chosen) => {
          choose(chosen);
          return false; // sent on "Import"
        }}
        onRemove={() => {
          setFile(null);
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t("sourceData.import.drop")}</p>
      </Upload.Dragger>
      {percent !== null && (
        <Progress percent={percent} status={busy ? "active" : outcome?.ok ? "success" : "normal"} aria-label={t("sourceData.import.importing")} />
      )}
      {outcome?.ok && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          data-testid="source-import-success"
          message={t("sourceData.import.success", outcome.result)}
        />
      )}
      {outcome && !outcome.ok && (
        <div style={{ marginTop: 12 }} data-testid="source-import-report">
          <Alert type="error" showIcon message={outcome.rowErrors.length ? t("sourceData.import.failed") : outcome.message} />
          {outcome.rowErrors.length > 0 && (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
              columns={columns}
              dataSource={outcome.rowErrors}
              pagination={outcome.rowErrors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              title={() => t("sourceData.import.rowErrorsTitle")}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
