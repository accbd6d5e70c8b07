// My tasks (task_model, spec 2.7, 4, 9): the pending approvals, 10 a page, with the pending-count
// badge in the header. Reloads when the browser tab becomes visible again, and (issue 23) when an
// approval arrives or is handled elsewhere (the live stream, or its 60 s poll); a page above 1 that
// comes back empty steps back one page. The table fits its card (issue 21): the column headers
// stay at the top and the rows scroll under them; the pager sits in the card's header, beside the
// badge (as the report counter of my data does), so it is always in view and the rows get its room.
import { useCallback, useEffect, useRef, useState } from "react";
import { Badge, ConfigProvider, Pagination, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";

import { fetchTaskPage, fetchTaskPending, type Task } from "./api";
import { usePortalClient } from "../../api/ClientProvider";
import { useLiveEvents } from "../../live/LiveProvider";
import { safeHref } from "../../shared/links";
import { TASK_PAGE_SIZE, badgeText, dash, stepBackPage } from "./tasks";
import type { WidgetProps } from "./types";
import { useLatestCall } from "./useLatestCall";
import { WidgetEmpty, WidgetFailed, WidgetFrame } from "./WidgetFrame";
import styles from "./widgets.module.css";

export const MISSION_CENTER_PATH = "/main/missionCenterIndex";
/** The table's least width: under it the columns scroll inside the card. */
const NARROWEST = 480;
/** Rows of 31 px instead of antd's 39 for a small table, so a laptop's card shows more of them. */
const COMPACT = { components: { Table: { cellPaddingBlockSM: 4 } } };

function TaskName({ task }: { task: Task }) {
  const href = safeHref(task.taskUrl);
  const name = dash(task.taskName);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" title={name}>
      {name}
    </a>
  ) : (
    <span title={name}>{name}</span>
  );
}

export function TaskWidget({ editing }: WidgetProps) {
  const client = usePortalClient();
  const { t } = useTranslation("widgets");
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Task[]>([]);
  const [total, setTotal] = useState(0);
  const [pending, setPending] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  /** The page on screen: refreshing it (tab visible again, page shown again) fails quietly. */
  const shownPage = useRef<number | null>(null);
  const { begin, isLatest } = useLatestCall();

  const loadPage = useCallback(
    (wanted: number) => {
      const ticket = begin();
      setLoading(true);
      fetchTaskPage(wanted, client)
        .then((data) => {
          if (!isLatest(ticket)) return;
          const records = data?.records ?? [];
          const back = stepBackPage(wanted, records.length);
          if (back !== null) return setPage(back); // that page's effect loads it
          shownPage.current = wanted;
          setRows(records);
          setTotal(data?.total ?? 0);
          setFailed(false);
        })
        // Spec 8: no toast. Issue 21: a page never shown says it could not load, not "no tasks".
        .catch(() => isLatest(ticket) && shownPage.current !== wanted && setFailed(true))
        .finally(() => isLatest(ticket) && setLoading(false));
    },
    [begin, isLatest, client],
  );

  useEffect(() => loadPage(page), [page, reloads, loadPage]);

  useEffect(() => {
    let live = true;
    fetchTaskPending(client)
      .then((count) => live && setPending(count))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reloads, client]);

  useLiveEvents((event) => {
    if (event.type === "counts" && event.kind === "taskCounts") {
      // The badge at once; the rows follow (a task handled elsewhere leaves the list too).
      if (typeof event.counts.taskPending === "number") setPending(event.counts.taskPending);
      setReloads((n) => n + 1);
    } else if ((event.type === "notification" && event.notification.kind === "taskPending") || event.type === "resync") {
      setReloads((n) => n + 1);
    }
  });

  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && setReloads((n) => n + 1);
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  const columns: TableColumnsType<Task> = [
    { key: "taskName", title: t("tasks.columns.taskName"), ellipsis: true, width: "34%", fixed: "left", render: (_, task) => <TaskName task={task} /> },
    { key: "taskSponsor", title: t("tasks.columns.taskSponsor"), ellipsis: true, render: (_, task) => dash(task.taskSponsor) },
    { key: "taskStartTime", title: t("tasks.columns.taskStartTime"), ellipsis: true, render: (_, task) => dash(task.taskStartTime) },
    { key: "taskCurrentApproved", title: t("tasks.columns.taskCurrentApproved"), ellipsis: true, render: (_, task) => dash(task.taskCurrentApproved) },
  ];
  const badge = badgeText(pending);
  const pager = total > TASK_PAGE_SIZE && (
    <Pagination simple size="small" current={page} pageSize={TASK_PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} data-testid="widget-task-pager" />
  );

  return (
    <WidgetFrame
      modelCode="task_model"
      editing={editing}
      moreTo={MISSION_CENTER_PATH}
      extra={
        (pager || badge) && (
          <>
            {pager}
            {badge && <Badge count={badge} title={t("tasks.pendingLabel", { count: pending ?? 0 })} data-testid="widget-task-badge" />}
          </>
        )
      }
    >
      {failed && !loading ? (
        <WidgetFailed onRetry={() => loadPage(page)} />
      ) : (
        <div className={styles.fitTable} data-testid="widget-task-table">
          <ConfigProvider theme={COMPACT}>
            <Table<Task>
              size="small"
              rowKey="id"
              tableLayout="fixed"
              columns={columns}
              dataSource={rows}
              loading={loading}
              locale={{ emptyText: loading ? " " : <WidgetEmpty text={t("tasks.empty")} /> }}
              pagination={false}
              // A narrow card (a phone) scrolls the columns sideways, the task name fixed at the left.
              scroll={{ x: NARROWEST }}
            />
          </ConfigProvider>
        </div>
      )}
    </WidgetFrame>
  );
}
