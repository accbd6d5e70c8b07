// The import dialog of one kind of source data: choose a CSV or .xlsx, send it with spec 4's
// progress (0 to 99 at 20 ms, 100 on success), then show the counts or - when any row failed and
// nothing was imported - the row-by-row report (row, column, value, message in the UI language).
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Modal, Progress, Table, Typography, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { startProgress } from "../../portal/personal/upload";
import type { SourceKind } from "./kinds";
import { importSource, type ImportOutcome, type RowError } from "./sourceDataApi";

interface Props {
  kind: SourceKind;
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the list reloads). */
  onImported: () => void;
}

export function ImportDialog({ kind, open, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation(["adminData", "admin"]);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const progress = useRef<ReturnType<typeof startProgress> | null>(null);

  useEffect(() => () => progress.current?.stop(), []);

  const reset = () => {
    setFile(null);
    setPercent(null);
    setOutcome(null);
  };

  const run = async () => {
    if (!file) {
      toast(t("sourceData.import.noFile"), "warning");
      return;
    }
    setBusy(true);
    setOutcome(null);
    progress.current = startProgress(setPercent);
    try {
      const result = await importSource(kind, file);
      if (result.ok) {
        progress.current.finish();
        toast(t("admin:messages.operateSuccess"), "success");
        onImported();
      } else {
        progress.current.stop();
        setPercent(null);
      }
      setOutcome(result);
    } catch {
      // A network failure or timeout: the client's toast said so.
      progress.current.stop();
      setPercent(null);
    } finally {
      setBusy(false);
    }
  };

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
          setFile(chosen);
          setOutcome(null);
          setPercent(null);
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
