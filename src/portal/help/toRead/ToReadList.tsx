// The help centre's "to read" card (issue 24): the caller's read requests of open campaigns, paged
// on the server in its order - pending first (overdue, then by due date), then done, newest first.
// A request opens the policy's sanitised detail view, where the person acknowledges it. It reads
// again when the person acknowledges in this tab or the live stream brings a new request.
import { useEffect, useState } from "react";
import { Card, Empty, List, Pagination, Space, Spin, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { usePortalClient } from "../../../api/ClientProvider";
import { useLiveEvents } from "../../../live/LiveProvider";
import { DEFAULT_PAGE_SIZE } from "../../../shared/paging";
import { LoadFailed, dateOf, detailPath } from "../parts";
import { useLoad } from "../useLoad";
import { fetchToRead, type ToReadItem } from "./api";
import { onToReadChanged } from "./toReadChanged";
import { TO_READ_KINDS } from "./useToReadCount";

const STATE_COLOR = { overdue: "red", pending: "blue", done: "green" } as const;

function StateTag({ item }: { item: ToReadItem }) {
  const { t } = useTranslation("compliance");
  const text =
    item.state === "done"
      ? t("list.doneAt", { date: dateOf(item.doneAt) })
      : item.state === "overdue"
        ? t("list.overdueSince", { date: item.dueDate })
        : t("list.dueBy", { date: item.dueDate });
  return (
    <Tag color={STATE_COLOR[item.state]} data-state={item.state}>
      {text}
    </Tag>
  );
}

function ToReadRow({ item }: { item: ToReadItem }) {
  const { t } = useTranslation("compliance");
  const title = t("list.policyVersion", { title: item.policyTitle, version: item.versionNumber });
  return (
    <div data-testid={`to-read-${item.campaignId}`} data-state={item.state}>
      <Space size={[8, 4]} wrap>
        {item.policyId === null ? (
          <Typography.Text strong>{title}</Typography.Text>
        ) : (
          <Link to={detailPath(item.policyId)}>
            <Typography.Text strong>{title}</Typography.Text>
          </Link>
        )}
        <StateTag item={item} />
        {item.signatureRequired && <Tag>{t("list.signatureRequired")}</Tag>}
      </Space>
      <div>
        <Typography.Text type="secondary">{t("list.campaign", { title: item.campaignTitle })}</Typography.Text>
        {item.policyId === null && <Typography.Text type="secondary"> · {t("list.policyGone")}</Typography.Text>}
      </div>
    </div>
  );
}

export function ToReadList() {
  const client = usePortalClient();
  const { t } = useTranslation("compliance");
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(() => fetchToRead(page, DEFAULT_PAGE_SIZE, client), [page, client]);

  useEffect(() => onToReadChanged(reload), [reload]);
  useLiveEvents((event) => {
    if ((event.type === "notification" && TO_READ_KINDS.has(event.notification.kind)) || event.type === "resync") reload();
  });

  const data = state.data;
  let body;
  if (state.status === "failed" && !data) body = <LoadFailed onRetry={reload} />;
  else if (!data) body = <Spin data-testid="to-read-loading" />;
  else
    body = (
      <Spin spinning={state.status === "loading"}>
        <List
          dataSource={data.records}
          rowKey={(item) => `${item.campaignId}-${item.policyVersionId}`}
          locale={{ emptyText: <Empty description={t("list.empty")} /> }}
          renderItem={(item) => (
            <List.Item>
              <ToReadRow item={item} />
            </List.Item>
          )}
        />
        {data.total > DEFAULT_PAGE_SIZE && (
          <Pagination size="small" align="end" current={page} pageSize={DEFAULT_PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setPage} />
        )}
      </Spin>
    );
  return (
    <Card title={t("list.title")} data-testid="to-read-list">
      <section aria-label={t("list.title")}>{body}</section>
    </Card>
  );
}
