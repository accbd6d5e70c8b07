// The task centre (/main/missionCenterIndex; spec 2.2, 3, 4, 5, 7.2, 9): the user's tasks in three
// lists (pending approval, processed, initiated), filtered by title, process status, approval
// status and request date (default: the server's six-month range), paged on the server (10, 20,
// 50, 100). A task's title opens it in its own system in a new tab.
//
// Decision - batch processing (spec 5: at most 10 records, a hint when none is selected). The
// server has no batch operation and approvals happen in each task's own system, so the portal
// does not pretend to approve anything: on the pending list the person selects up to 10 tasks
// (an 11th is refused with a message; the button with none selected shows the hint) and "Batch
// process" opens a side panel, the batch queue, listing them. Each one opens its taskUrl in a new
// tab ("Open" or "Open the next task") and is marked as opened; tasks without a safe address are
// shown as such. "Done, refresh the list" clears the selection and reloads the list and the
// pending count, so the tasks handled meanwhile leave the list. Only the pending list offers
// selection: processed and initiated tasks have nothing left for the user to process.
//
// Decision - the initiated list. The contract always filters on handledStatus (default 0), so the
// list of tasks the user started (receiveOrSponsor 1) has two views: submitted (handledStatus 1,
// the default) and not yet submitted drafts (handledStatus 0).
import { useCallback, useEffect, useMemo, useState, type Key, type ReactNode } from "react";
import { Alert, Badge, Button, Card, DatePicker, Form, Grid, Input, Result, Segmented, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined, UnorderedListOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { useChangeEffect } from "../../shared/useChangeEffect";
import { sessionUserId } from "../../account/record";
import { safeHref } from "../../shared/links";
import { badgeText, dash, stepBackPage } from "../widgets/tasks";
import { useLatestCall } from "../widgets/useLatestCall";
import { BatchQueue, taskLabel } from "./BatchQueue";
import { ColumnChooser } from "./ColumnChooser";
import { readChosen, shownColumns, tableWidth, writeChosen, type ColumnKey } from "./taskColumns";
import {
  APPROVAL_COLORS,
  BATCH_LIMIT,
  LISTS,
  PAGE_SIZE,
  PROCESS_STATUSES,
  TITLE_MAX,
  approvalGroup,
  approvalOptionGroups,
  batchCheck,
  canBatch,
  defaultFilters,
  limitSelection,
  processStatusColor,
  processStatusKey,
  taskQuery,
  type ApprovalStatus,
  type InitiatedView,
  type ListKey,
  type ProcessStatus,
  type Task,
  type TaskFilters,
} from "./taskCentre";
import { serverPagination } from "../../shared/paging";
import { InertWhenMeasured } from "../../shared/InertWhenMeasured";
import { fetchPendingCount, fetchSixMonthRange, fetchTaskCentrePage } from "./taskCentreApi";
import { usePortalClient } from "../../api/ClientProvider";
import { useLiveEvents } from "../../live/LiveProvider";

const DATE = "YYYY-MM-DD";

interface FormValues {
  title?: string;
  processStatus?: ProcessStatus | null;
  approvalStatus?: ApprovalStatus | null;
  range?: [Dayjs | null, Dayjs | null];
}

const toFormValues = (f: TaskFilters): FormValues => ({
  title: f.title,
  processStatus: f.processStatus ?? undefined,
  approvalStatus: f.approvalStatus ?? undefined,
  range: f.range ? [dayjs(f.range[0]), dayjs(f.range[1])] : undefined,
});

function fromFormValues(v: FormValues): TaskFilters {
  const [from, to] = v.range ?? [];
  return {
    title: (v.title ?? "").trim(),
    processStatus: v.processStatus ?? null,
    approvalStatus: v.approvalStatus ?? null,
    range: from && to ? [from.format(DATE), to.format(DATE)] : null,
  };
}

/** "YYYY-MM-DD" of a date-time text (the full value is the cell's title). */
function DateCell({ value, withTime = false }: { value: string | null | undefined; withTime?: boolean }) {
  if (!value) return <>{dash(value)}</>;
  return <span title={value}>{withTime ? value.slice(0, 16) : value.slice(0, 10)}</span>;
}

function TitleCell({ task }: { task: Task }) {
  const { t } = useTranslation("taskCentre");
  const name = taskLabel(task);
  const href = safeHref(task.taskUrl);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" title={t("opensInNewTab", { name })}>
      {name}
    </a>
  ) : (
    <span title={t("noAddress")}>{name}</span>
  );
}

export default function TaskCenter() {
  const client = usePortalClient();
  const { t } = useTranslation(["taskCentre", "portal"]);
  const [form] = Form.useForm<FormValues>();
  const [list, setList] = useState<ListKey>("pending");
  const [initiated, setInitiated] = useState<InitiatedView>("submitted");
  const [initial, setInitial] = useState<TaskFilters | null>(null);
  const [rangeFailed, setRangeFailed] = useState(false);
  const [filters, setFilters] = useState<TaskFilters | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [rows, setRows] = useState<Task[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [pending, setPending] = useState<number | null>(null);
  const [selected, setSelected] = useState<Task[]>([]);
  const [queueOpen, setQueueOpen] = useState(false);
  const [chosenColumns, setChosenColumns] = useState<ColumnKey[]>(() => readChosen(sessionUserId()));
  const wide = Grid.useBreakpoint().md !== false;
  const { begin, isLatest } = useLatestCall();

  // The default date range comes from the server (its time zone); without it, no date bound. Once
  // per visit of the page: the tab bar keeps the page alive and React runs its effects again each
  // time the tab shows; this one must not put the filters back to the defaults then (issue 21).
  useChangeEffect(() => {
    const apply = (base: TaskFilters) => {
      setInitial(base);
      form.setFieldsValue(toFormValues(base));
      setFilters(base);
    };
    fetchSixMonthRange(client)
      .then((range) => apply(defaultFilters(range)))
      .catch(() => {
        setRangeFailed(true);
        apply(defaultFilters(null));
      });
  }, [form]);

  const chooseColumns = (next: ColumnKey[]) => {
    setChosenColumns(next);
    writeChosen(sessionUserId(), next);
  };

  const load = useCallback(() => {
    if (!filters) return;
    const ticket = begin();
    setLoading(true);
    setFailed(false);
    fetchTaskCentrePage(taskQuery(list, initiated, filters, page, pageSize), client)
      .then((data) => {
        if (!isLatest(ticket)) return;
        const records = data?.records ?? [];
        const back = stepBackPage(page, records.length);
        if (back !== null) return setPage(back); // that page's effect loads it
        setRows(records);
        setTotal(data?.total ?? 0);
      })
      .catch(() => {
        if (!isLatest(ticket)) return;
        setRows([]);
        setTotal(0);
        setFailed(true);
      })
      .finally(() => isLatest(ticket) && setLoading(false));
  }, [filters, list, initiated, page, pageSize, begin, isLatest, client]);

  useEffect(load, [load, reloads]);

  useEffect(() => {
    let live = true;
    fetchPendingCount(client)
      .then((count) => live && setPending(count))
      .catch(() => live && setPending(null));
    return () => {
      live = false;
    };
  }, [client, reloads]);

  // Issue 23: news of a task does not move the list under the person's eyes: the pending badge
  // follows at once and a line offers to refresh (the 60 s poll compares the count instead).
  const [newItems, setNewItems] = useState(false);
  useLiveEvents((event) => {
    if (event.type === "counts" && event.kind === "taskCounts") {
      const count = event.counts.taskPending;
      if (typeof count === "number") {
        if (count !== pending) setNewItems(true);
        setPending(count);
      }
    } else if (event.type === "notification" && event.notification.kind === "taskPending") setNewItems(true);
    else if (event.type === "resync") {
      fetchPendingCount(client)
        .then((count) => {
          if (count !== pending) setNewItems(true);
          setPending(count);
        })
        .catch(() => undefined);
    }
  });
  // Any reload (this line's button, the page's own refresh) shows the news.
  useEffect(() => setNewItems(false), [reloads]);
  const refreshForNews = () => setReloads((n) => n + 1);

  const switchList = (key: string) => {
    setList(key as ListKey);
    setPage(1);
    setSelected([]);
    setQueueOpen(false);
  };

  const search = (values: FormValues) => {
    setFilters(fromFormValues(values));
    setPage(1);
  };

  const reset = () => {
    const base = initial ?? defaultFilters(null);
    form.resetFields();
    form.setFieldsValue(toFormValues(base));
    setFilters(base);
    setPage(1);
  };

  const onSelect = (keys: Key[]) => {
    const byId = new Map<number, Task>([...selected, ...rows].map((task) => [task.id, task]));
    const wanted = keys.map(Number).filter((id) => byId.has(id));
    const { keys: kept, refused } = limitSelection(
      selected.map((task) => task.id),
      wanted,
      BATCH_LIMIT,
    );
    if (refused > 0) toast(t("selection.limit", { max: BATCH_LIMIT }), "warning");
    setSelected(kept.map((id) => byId.get(id)!));
  };

  const openBatch = () => {
    if (batchCheck(selected.length) === "none") {
      toast(t("selection.none"), "warning");
      return;
    }
    setQueueOpen(true);
  };

  const finishBatch = () => {
    setQueueOpen(false);
    setSelected([]);
    setReloads((n) => n + 1);
  };

  const processOptions = useMemo(
    () => PROCESS_STATUSES.map((code) => ({ value: code, label: t(processStatusKey(code)!) })),
    [t],
  );
  const approvalOptions = useMemo(
    () =>
      approvalOptionGroups().map(({ group, codes }) => ({
        label: t(`approval.${group}`),
        title: t(`approval.${group}`),
        options: codes.map((code) => ({
          value: code,
          label: codes.length > 1 ? t("approval.withCode", { label: t(`approval.${group}`), code }) : t(`approval.${group}`),
        })),
      })),
    [t],
  );

  const cells: Record<ColumnKey, (task: Task) => ReactNode> = {
    title: (task) => <TitleCell task={task} />,
    type: (task) => dash(task.type),
    requestDate: (task) => <DateCell value={task.requestDate} withTime />,
    requestor: (task) => dash(task.requestor),
    approvedBy: (task) => dash(task.approvedBy),
    pendingOn: (task) => dash(task.pendingOn),
    reminderDate: (task) => <DateCell value={task.reminderDate} />,
    startDate: (task) => <DateCell value={task.startDate} />,
    endDate: (task) => <DateCell value={task.endDate} />,
    completionDate: (task) => <DateCell value={task.completionDate} />,
    processStatus: (task) => {
      const key = processStatusKey(task.processStatus);
      return key ? <Tag color={processStatusColor(task.processStatus)}>{t(key)}</Tag> : dash(null);
    },
    approvalStatus: (task) => {
      const group = approvalGroup(task.approvalStatus);
      return group ? <Tag color={APPROVAL_COLORS[group]}>{t(`approval.${group}`)}</Tag> : dash(null);
    },
  };
  const shown = shownColumns(chosenColumns);
  // On a narrow screen only the title stays fixed: fixed columns wider than the screen cannot scroll.
  const columns: TableColumnsType<Task> = shown.map((spec) => ({
    key: spec.key,
    title: t(`columns.${spec.key}`),
    width: spec.key === "title" && !wide ? 160 : spec.width,
    ellipsis: spec.key !== "processStatus" && spec.key !== "approvalStatus",
    fixed: spec.fixed === "left" || (spec.fixed && wide) ? spec.fixed : undefined,
    render: (_: unknown, task: Task) => cells[spec.key](task),
  }));

  const batching = canBatch(list);
  const badge = badgeText(pending);

  let emptyText: ReactNode = " ";
  if (failed)
    emptyText = (
      <Result
        status="warning"
        title={t("loadFailed")}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => setReloads((n) => n + 1)}>
            {t("retry")}
          </Button>
        }
      />
    );
  else if (!loading) emptyText = <Typography.Text type="secondary">{t("empty")}</Typography.Text>;

  return (
    <Card title={t("portal:routes.missionCenterIndex")} data-testid="task-centre">
      <Tabs
        activeKey={list}
        onChange={switchList}
        items={LISTS.map((key) => ({
          key,
          label:
            key === "pending" && badge ? (
              <Space size={6}>
                {t(`lists.${key}`)}
                <Badge count={badge} title={t("pendingCount", { count: pending ?? 0 })} data-testid="task-centre-pending-badge" />
              </Space>
            ) : (
              t(`lists.${key}`)
            ),
        }))}
      />
      {newItems && (
        <Alert
          type="info"
          showIcon
          role="status"
          message={t("notifications:live.newTasks")}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={refreshForNews} data-testid="task-centre-new-items">
              {t("notifications:live.refresh")}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Form<FormValues> form={form} layout="inline" onFinish={search} aria-label={t("filters.label")} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="title" label={t("filters.title")} rules={[{ max: TITLE_MAX, message: t("filters.titleTooLong", { max: TITLE_MAX }) }]}>
          <Input allowClear placeholder={t("filters.titlePlaceholder")} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="processStatus" label={t("filters.processStatus")}>
          <Select allowClear placeholder={t("filters.all")} options={processOptions} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="approvalStatus" label={t("filters.approvalStatus")}>
          <Select allowClear placeholder={t("filters.all")} options={approvalOptions} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="range" label={t("filters.range")}>
          <DatePicker.RangePicker allowClear placeholder={[t("filters.rangeStart"), t("filters.rangeEnd")]} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={!filters}>
              {t("filters.search")}
            </Button>
            <Button onClick={reset} disabled={!filters}>
              {t("filters.reset")}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {rangeFailed && (
        <Typography.Paragraph type="warning" role="status">
          {t("filters.rangeUnavailable")}
        </Typography.Paragraph>
      )}
      <Space style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }} wrap>
        {list === "initiated" ? (
          <Segmented<InitiatedView>
            aria-label={t("initiatedView.label")}
            value={initiated}
            onChange={(value) => {
              setInitiated(value);
              setPage(1);
            }}
            options={[
              { value: "submitted", label: t("initiatedView.submitted") },
              { value: "drafts", label: t("initiatedView.drafts") },
            ]}
          />
        ) : (
          <span />
        )}
        <Space wrap>
          <ColumnChooser chosen={chosenColumns} onChange={chooseColumns} />
          {batching && (
            <Space>
              <Typography.Text type="secondary" data-testid="task-selection-count">
                {t("selection.count", { count: selected.length, max: BATCH_LIMIT })}
              </Typography.Text>
              {selected.length > 0 && (
                <Button type="link" onClick={() => setSelected([])}>
                  {t("selection.clear")}
                </Button>
              )}
              <Button type="primary" icon={<UnorderedListOutlined />} onClick={openBatch}>
                {t("batch.button")}
              </Button>
            </Space>
          )}
        </Space>
      </Space>
      <Table<Task>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: tableWidth(shown, batching) }}
        locale={{ emptyText }}
        rowSelection={
          batching
            ? {
                fixed: true,
                preserveSelectedRowKeys: true,
                // "Select all" also sits in antd's hidden measure row: that copy is inert (issue 21).
                columnTitle: (checkbox) => <InertWhenMeasured>{checkbox}</InertWhenMeasured>,
                selectedRowKeys: selected.map((task) => task.id),
                onChange: onSelect,
                getCheckboxProps: (task) => ({ "aria-label": t("selection.selectRow", { name: taskLabel(task) }) }) as object,
              }
            : undefined
        }
        pagination={serverPagination(
          page,
          pageSize,
          total,
          (next, size) => {
            setPageSize(size);
            setPage(next);
          },
          (count) => t("total", { count }),
        )}
      />
      <BatchQueue
        open={queueOpen}
        tasks={selected}
        onRemove={(id) => setSelected((prev) => prev.filter((task) => task.id !== id))}
        onClose={() => setQueueOpen(false)}
        onFinish={finishBatch}
      />
    </Card>
  );
}
