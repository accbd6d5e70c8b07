// The policy Excel import (importExcel) into the chosen folder: pick an .xlsx made from the template
// (downLoadTemplateFile), send it with spec 4's progress (0 to 99 at 20 ms, 100 on success), then
// show the count, or - when any row failed and nothing was imported - the row-by-row report.
import { Alert, Button, Modal, Progress, Table, Typography, Upload } from "antd";
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { useImportRun } from "../crud/useImportRun";
import { downloadTemplate, importPolicies, type ImportRowError } from "./api";
import { usePortalClient } from "../../api/ClientProvider";

const MAX_BYTES = 10 * 1024 * 1024;

interface Props {
  open: boolean;
  folder: { id: number; folderName: string } | null;
  onClose: () => void;
  onImported: () => void;
}

export function PolicyImportDialog({ open, folder, onClose, onImported }: Props) {
  const client = usePortalClient();
  const { t, i18n } = useTranslation(["adminPolicy", "admin"]);
  const { file, setFile, choose, percent, busy, outcome, reset, run: send } = useImportRun(
    (chosen: File) => importPolicies(client, folder!.id, chosen),
    onImported,
    "adminPolicy:import.noFile",
  );

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const run = async () => {
    if (folder) await send();
  };

  const en = i18n.language === "en";
  const columns = [
    { key: "row", dataIndex: "row", title: t("import.row"), width: 70 },
    { key: "field", dataIndex: "field", title: t("import.column"), width: 140, render: (f: string) => t(`import.columns.${f}`, { defaultValue: f }) },
    { key: "message", title: t("import.message"), render: (_: unknown, r: ImportRowError) => (en ? r.enMessage : r.message) },
  ];

  return (
    <Modal
      open={open}
      title={t("import.title", { folder: folder?.folderName ?? "" })}
      width={760}
      maskClosable={!busy}
      closable={!busy}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="template" icon={<DownloadOutlined />} onClick={() => void downloadTemplate(client).catch(() => undefined)}>
          {t("import.template")}
        </Button>,
        <Button key="close" disabled={busy} onClick={close}>
          {t("actions.close")}
        </Button>,
        <Button key="start" type="primary" loading={busy} onClick={() => void run()} data-testid="policy-import-start">
          {t("import.start")}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t("import.hint")}</Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        maxCount={1}
        disabled={busy}
        fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
        beforeUpload={(chosen) => {
          if (chosen.size > MAX_BYTES) {
            toast(t("import.tooLarge"), "error");
            return Upload.LIST_IGNORE;
          }
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
        <p>{t("import.drop")}</p>
      </Upload.Dragger>
      {percent !== null && (
        <Progress percent={percent} status={busy ? "active" : outcome?.ok ? "success" : "normal"} aria-label={t("import.importing")} />
      )}
      {outcome?.ok && (
        <Alert style={{ marginTop: 12 }} type="success" showIcon data-testid="policy-import-success" message={t("import.success", { count: outcome.importedCount })} />
      )}
      {outcome && !outcome.ok && (
        <div style={{ marginTop: 12 }} data-testid="policy-import-report">
          <Alert type="error" showIcon message={outcome.rowErrors.length ? t("import.failed") : outcome.message} />
          {outcome.rowErrors.length > 0 && (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
              columns={columns}
              dataSource={outcome.rowErrors}
              pagination={outcome.rowErrors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              title={() => t("import.reportTitle")}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
