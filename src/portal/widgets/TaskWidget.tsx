// My tasks (task_model, spec 2.7, 4, 9): the pending approvals, 10 a page, with the pending-count
// badge in the header. Reloads when the browser tab becomes visible again; a page above 1 that
// comes back empty steps back one page.
import { useCallback, useEffect, useState } from "react";
import { Badge, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";

import { fetchTaskPage, fetchTaskPending, type Task } from "./api";
import { safeHref } from "./links";
import { TASK_PAGE_SIZE, badgeText, dash, stepBackPage } from "./tasks";
import type { WidgetProps } from "./types";
import { useLatestCall } from "./useLatestCall";
import { WidgetEmpty, WidgetFrame } from "./WidgetFrame";

export const MISSION_CENTER_PATH = "/main/missionCenterIndex";

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
  const { t } = useTranslation("widgets");
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Task[]>([]);
  const [total, setTotal] = useState(0);
  const [pending, setPending] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const { begin, isLatest } = useLatestCall();

  const loadPage = useCallback(
    (wanted: number) => {
      const ticket = begin();
      setLoading(true);
      fetchTaskPage(wanted)
        .then((data) => {
          if (!isLatest(ticket)) return;
          const records = data?.records ?? [];
          const back = stepBackPage(wanted, records.length);
          if (back !== null) return setPage(back); // that page's effect loads it
          setRows(records);
          setTotal(data?.total ?? 0);
        })
        .catch(() => undefined) // spec 8: quiet
        .finally(() => isLatest(ticket) && setLoading(false));
    },
    [begin, isLatest],
  );

  useEffect(() => loadPage(page), [page, reloads, loadPage]);

  useEffect(() => {
    let live = true;
    fetchTaskPending()
      .then((count) => live && setPending(count))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reloads]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && setReloads((n) => n + 1);
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  const columns: TableColumnsType<Task> = [
    { key: "taskName", title: t("tasks.columns.taskName"), ellipsis: true, width: "34%", render: (_, task) => <TaskName task={task} /> },
    { key: "taskSponsor", title: t("tasks.columns.taskSponsor"), ellipsis: true, render: (_, task) => dash(task.taskSponsor) },
    { key: "taskStartTime", title: t("tasks.columns.taskStartTime"), ellipsis: true, render: (_, task) => dash(task.taskStartTime) },
    { key: "taskCurrentApproved", title: t("tasks.columns.taskCurrentApproved"), ellipsis: true, render: (_, task) => dash(task.taskCurrentApproved) },
  ];
  const badge = badgeText(pending);

  return (
    <WidgetFrame
      modelCode="task_model"
      editing={editing}
      moreTo={MISSION_CENTER_PATH}
      extra={badge && <Badge count={badge} title={t("tasks.pendingLabel", { count: pending ?? 0 })} data-testid="widget-task-badge" />}
    >
      <Table<Task>
        size="small"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        loading={loading}
        locale={{ emptyText: loading ? " " : <WidgetEmpty text={t("tasks.empty")} /> }}
        pagination={{ current: page, pageSize: TASK_PAGE_SIZE, total, size: "small", showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
      />
    </WidgetFrame>
  );
}
