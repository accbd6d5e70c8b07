// Export the rows a list shows (its filters and sort, every page) to an Excel workbook. The rows
// are fetched through the data provider 100 at a time with a progress dialog that can be
// cancelled; exceljs is loaded only when someone exports.
import { useRef, useState } from "react";
import { useDataProvider, type CrudFilters, type CrudSorting } from "@refinedev/core";
import { Button, Modal, Progress, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";

/** At most this many rows per export (100 requests of 100); more asks the admin to filter. */
export const EXPORT_MAX_ROWS = 10_000;
const CHUNK = 100;

export interface ExportColumn {
  key: string;
  title: string;
  /** The cell's text (default: the value as text). */
  text?: (record: any) => string | number | null | undefined;
}

export interface ExportButtonProps {
  resource: string;
  filters?: CrudFilters;
  sorters?: CrudSorting;
  columns: ExportColumn[];
  /** File name without extension (a date is appended). */
  fileName: string;
}

/** The workbook's bytes: a bold header row, then one row per record. */
export async function buildWorkbook(columns: ExportColumn[], rows: any[], sheetName: string): Promise<ArrayBuffer> {
  const ExcelJS = (await import("exceljs")).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || "Sheet1");
  ws.columns = columns.map((c) => ({ header: c.title, key: c.key, width: Math.min(60, Math.max(12, c.title.length * 2)) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const line: Record<string, unknown> = {};
    for (const c of columns) {
      const v = c.text ? c.text(r) : r[c.key];
      line[c.key] = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : v;
    }
    ws.addRow(line);
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

function save(bytes: ArrayBuffer, name: string) {
  const blob = new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const today = () => new Date().toISOString().slice(0, 10);

export function ExportButton({ resource, filters, sorters, columns, fileName }: ExportButtonProps) {
  const { t } = useTranslation("admin");
  const getDataProvider = useDataProvider();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  const run = async () => {
    cancelled.current = false;
    setProgress({ done: 0, total: 0 });
    try {
      const provider = getDataProvider();
      const rows: any[] = [];
      let total = Infinity;
      for (let page = 1; rows.length < total; page++) {
        const answer = await provider.getList({ resource, filters, sorters, pagination: { currentPage: page, pageSize: CHUNK, mode: "server" } });
        total = answer.total;
        if (total > EXPORT_MAX_ROWS) {
          toast(t("crud.export.tooMany", { max: EXPORT_MAX_ROWS, total }), "warning");
          return;
        }
        if (cancelled.current) return;
        rows.push(...answer.data);
        setProgress({ done: rows.length, total });
        if (answer.data.length === 0) break;
      }
      if (rows.length === 0) {
        toast(t("crud.export.empty"), "info");
        return;
      }
      const bytes = await buildWorkbook(columns, rows, fileName);
      if (cancelled.current) return;
      save(bytes, `${fileName}-${today()}.xlsx`);
      // The portal's one toast (spec 8): it replaces whatever message is showing (issue 22).
      toast(t("crud.export.done", { count: rows.length }), "success");
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("crud.export.failed"), "error");
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total ? Math.min(99, Math.floor((progress.done / progress.total) * 100)) : 0;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={run} loading={progress !== null}>
        {t("crud.export.button")}
      </Button>
      <Modal
        open={progress !== null}
        title={t("crud.export.title")}
        closable={false}
        maskClosable={false}
        okButtonProps={{ style: { display: "none" } }}
        cancelText={t("crud.cancel")}
        onCancel={() => {
          cancelled.current = true;
          setProgress(null);
        }}
      >
        <Progress percent={percent} status="active" aria-label={t("crud.export.title")} />
        <Typography.Text type="secondary">{t("crud.export.progress", { done: progress?.done ?? 0, total: progress?.total || "…" })}</Typography.Text>
      </Modal>
    </>
  );
}
