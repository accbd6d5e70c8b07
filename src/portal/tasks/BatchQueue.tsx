// The batch queue (spec 5, decision in TaskCenter.tsx): the selected pending tasks (at most 10) in
// a side panel, each opened in its own system in a new tab and marked as opened here. Nothing is
// approved from this panel: the server has no batch operation and the approval happens in the
// task's own system.
import { useMemo, useState } from "react";
import { Alert, Button, Drawer, List, Progress, Space, Tag, Typography } from "antd";
import { CheckCircleOutlined, CloseOutlined, ExportOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { safeHref } from "../../shared/links";
import { dash } from "../widgets/tasks";
import type { Task } from "./taskCentre";

export interface BatchQueueProps {
  open: boolean;
  tasks: Task[];
  onRemove: (id: number) => void;
  onClose: () => void;
  /** Done: the panel closes, the selection is cleared and the list reloads. */
  onFinish: () => void;
}

export const taskLabel = (task: Task) => dash(task.title ?? task.taskName);

export function BatchQueue({ open, tasks, onRemove, onClose, onFinish }: BatchQueueProps) {
  const { t } = useTranslation("taskCentre");
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const openable = useMemo(() => tasks.filter((task) => safeHref(task.taskUrl) !== null), [tasks]);
  const openedCount = openable.filter((task) => opened.has(task.id)).length;
  const next = openable.find((task) => !opened.has(task.id));

  const mark = (id: number) => setOpened((prev) => new Set(prev).add(id));
  const openNext = () => {
    if (!next) return;
    const href = safeHref(next.taskUrl);
    if (!href) return;
    window.open(href, "_blank", "noopener,noreferrer");
    mark(next.id);
  };
  const finish = () => {
    setOpened(new Set());
    onFinish();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("batch.title")}
      width={440}
      destroyOnHidden
      data-testid="task-batch-queue"
      footer={
        <Space style={{ width: "100%", justifyContent: "flex-end" }}>
          <Button onClick={onClose}>{t("batch.close")}</Button>
          <Button type="primary" onClick={finish}>
            {t("batch.finish")}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t("batch.intro")}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        {openable.length > 0 && (
          <div>
            <Progress percent={Math.round((openedCount / openable.length) * 100)} showInfo={false} size="small" />
            <Typography.Text data-testid="task-batch-progress">{t("batch.progress", { opened: openedCount, total: openable.length })}</Typography.Text>
          </div>
        )}
        {next ? (
          <Button type="primary" icon={<ExportOutlined />} onClick={openNext} block>
            {t("batch.openNext")}
          </Button>
        ) : (
          openable.length > 0 && <Alert type="success" showIcon message={t("batch.allOpened")} />
        )}
        <List
          dataSource={tasks}
          rowKey="id"
          renderItem={(task) => {
            const href = safeHref(task.taskUrl);
            const name = taskLabel(task);
            const done = opened.has(task.id);
            return (
              <List.Item
                actions={[
                  href ? (
                    <a key="open" href={href} target="_blank" rel="noopener noreferrer" onClick={() => mark(task.id)} aria-label={t("opensInNewTab", { name })}>
                      {t("batch.open")}
                    </a>
                  ) : (
                    <Typography.Text key="none" type="secondary">
                      {t("batch.noAddress")}
                    </Typography.Text>
                  ),
                  <Button key="remove" type="text" size="small" icon={<CloseOutlined />} aria-label={t("batch.remove", { name })} onClick={() => onRemove(task.id)} />,
                ]}
              >
                <List.Item.Meta
                  title={<span title={name}>{name}</span>}
                  description={
                    <Space size={4} wrap>
                      <span>{dash(task.type)}</span>
                      <span>·</span>
                      <span>{dash(task.requestor)}</span>
                      {href &&
                        (done ? (
                          <Tag color="success" icon={<CheckCircleOutlined />}>
                            {t("batch.opened")}
                          </Tag>
                        ) : (
                          <Tag>{t("batch.notOpened")}</Tag>
                        ))}
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      </Space>
    </Drawer>
  );
}
