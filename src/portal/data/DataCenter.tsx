// Data centre (/main/myDataCenter, spec 2.2, 2.6, 2.7, 3, 7.1): every report of the user
// (personalChart/listByUserId) in its own sandboxed frame, in the user's order. Reports are added
// by picking an on-shelf data source (bscChart/listAll) or from an address, changed (a picked
// report follows its data source and is only shown), removed after a confirmation and reordered
// with up and down buttons (saved at once with personalChart/updateBatchById). The workspace's
// My data card shows the first 10 of this order.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, Card, Empty, Modal, Result, Spin, Tag, Tooltip, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { moveItem, sortChanges } from "../apps/appCentre";
import { CHART_MAX } from "../widgets/carousel";
import { safeHref } from "../../shared/links";
import { deleteReport, fetchReports, saveReportOrder, type PersonalChart } from "./api";
import { ReportFormDialog } from "./ReportFormDialog";
import { ReportFrame } from "./ReportFrame";
import styles from "./data.module.css";
import { usePortalClient } from "../../api/ClientProvider";

export default function DataCenter() {
  const client = usePortalClient();
  const { t } = useTranslation("dataCentre");
  const [reports, setReports] = useState<PersonalChart[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [editing, setEditing] = useState<PersonalChart | null | undefined>(undefined);
  const [moving, setMoving] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const pickedIds = useMemo(() => reports.flatMap((report) => (report.chartId != null ? [report.chartId] : [])), [reports]);

  const load = useCallback(() => {
    setState((current) => (current === "ready" ? current : "loading"));
    fetchReports(client)
      .then((rows) => {
        setReports(rows);
        setState("ready");
      })
      .catch(() => setState("failed")); // the toast said why
  }, [client]);
  useEffect(load, [load]);

  useEffect(() => {
    if (!focusAfter) return;
    const [direction, id] = focusAfter.split(":");
    const button = document.getElementById(`report-move-${direction}-${id}`) as HTMLButtonElement | null;
    const other = document.getElementById(`report-move-${direction === "up" ? "down" : "up"}-${id}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
    setFocusAfter(null);
  }, [focusAfter, reports]);

  // While a move is saved the buttons stay focusable (the focus follows the moved row) but do nothing.
  const move = (index: number, delta: -1 | 1) => {
    if (moving) return;
    const before = reports;
    const reordered = moveItem(reports, index, index + delta);
    const changes = sortChanges(reordered, (report) => report.dataSort);
    const bySort = new Map(changes.map((change) => [change.id, change.sort]));
    setReports(reordered.map((report) => (bySort.has(report.id) ? { ...report, dataSort: bySort.get(report.id)! } : report)));
    setFocusAfter(`${delta < 0 ? "up" : "down"}:${reports[index].id}`);
    setMoving(true);
    saveReportOrder(changes, client)
      .catch(() => setReports(before)) // the toast said why; the old order is back
      .finally(() => setMoving(false));
  };

  const remove = (report: PersonalChart) => {
    void modal.confirm({
      title: t("remove.title"),
      content: t("remove.confirm", { name: report.dataName }),
      okText: t("common.remove"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () =>
        deleteReport(report.id, client)
          .then(() => {
            toast(t("common.removed"), "success");
            setReports((rows) => rows.filter((row) => row.id !== report.id));
          })
          .catch(() => undefined), // the toast said why; the report stays
    });
  };

  let body;
  if (state === "loading")
    body = (
      <Card>
        <Spin style={{ display: "block", padding: 48 }} aria-label={t("common.loading")} />
      </Card>
    );
  else if (state === "failed")
    body = (
      <Card>
        <Result
          status="warning"
          title={t("loadFailed")}
          extra={
            <Button type="primary" onClick={load}>
              {t("common.retry")}
            </Button>
          }
        />
      </Card>
    );
  else if (reports.length === 0)
    body = (
      <Card>
        <Empty description={t("empty")}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t("add")}
          </Button>
        </Empty>
      </Card>
    );
  else
    body = (
      <ol className={styles.grid} aria-label={t("listLabel")} data-testid="data-centre-reports">
        {reports.map((report, index) => {
          const original = safeHref(report.originalUrl);
          return (
            <li key={report.id} data-testid={`report-${report.id}`}>
              <Card
                size="small"
                title={`${index + 1}. ${report.dataName}`}
                extra={
                  <div className={styles.actions}>
                    {index < CHART_MAX && (
                      <Tooltip title={t("onWorkspaceHint", { max: CHART_MAX })}>
                        <Tag color="processing">{t("onWorkspace")}</Tag>
                      </Tooltip>
                    )}
                    {report.chartId != null && (
                      <Tooltip title={t("sourceTagHint")}>
                        <Tag color="purple">{t("sourceTag")}</Tag>
                      </Tooltip>
                    )}
                    <Tag>{t(`device.${report.pcOrH5Status}`)}</Tag>
                    {original && (
                      <Tooltip title={t("openOriginal")}>
                        <Button type="text" size="small" icon={<ExportOutlined />} href={original} target="_blank" rel="noopener noreferrer" aria-label={t("openOriginalLabel", { name: report.dataName })} />
                      </Tooltip>
                    )}
                    <Tooltip title={t("moveUp")}>
                      <Button
                        id={`report-move-up-${report.id}`}
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t("moveUpLabel", { name: report.dataName })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />
                    </Tooltip>
                    <Tooltip title={t("moveDown")}>
                      <Button
                        id={`report-move-down-${report.id}`}
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t("moveDownLabel", { name: report.dataName })}
                        disabled={index === reports.length - 1}
                        onClick={() => move(index, 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t("common.edit")}>
                      <Button type="text" size="small" icon={<EditOutlined />} aria-label={t("editLabel", { name: report.dataName })} onClick={() => setEditing(report)} />
                    </Tooltip>
                    <Tooltip title={t("common.remove")}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t("removeLabel", { name: report.dataName })} onClick={() => remove(report)} />
                    </Tooltip>
                  </div>
                }
              >
                <div className={styles.frameBox}>
                  <ReportFrame report={report} />
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
    );

  return (
    <div data-testid="data-centre">
      <Card
        title={t("title")}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="data-centre-add">
            {t("add")}
          </Button>
        }
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("intro", { max: CHART_MAX })}
        </Typography.Paragraph>
      </Card>
      {body}
      {modalHolder}
      <ReportFormDialog
        open={editing !== undefined}
        report={editing ?? null}
        pickedIds={pickedIds}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          load();
        }}
      />
    </div>
  );
}
