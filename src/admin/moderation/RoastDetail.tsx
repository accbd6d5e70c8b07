// /firstRoast/:id: a complaint (first level) with every reply in any review state (spec 2.3, 7.5
// getById). Approve or reject the complaint and each pending reply, open a reply
// (/secondRoast/:id), delete a reply or the complaint with its replies (confirmed), and post an
// official reply.
import { Show } from "../crud/pages";
import { useOne } from "@refinedev/core";
import { Card, Result, Space, Table, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";

import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { ReplyForm } from "./ReplyForm";
import { ReviewActions } from "./ReviewActions";
import { ReviewStatusTag } from "./ReviewStatusTag";
import { TalkShowFacts } from "./TalkShowFacts";
import { ROASTS, type TalkShow, type TalkShowReply } from "./types";

export const secondRoastPath = (id: number) => `/main/secondRoast/${id}`;

export function RoastDetail() {
  const { t } = useTranslation("adminModeration");
  const { id } = useParams();
  const navigate = useNavigate();
  const { result: row, query } = useOne<TalkShow>({ resource: ROASTS, id: Number(id), queryOptions: { enabled: /^\d+$/.test(id ?? "") } });

  const columns: TableColumnsType<TalkShowReply> = [
    {
      key: "content",
      dataIndex: "content",
      title: t("fields.content"),
      render: (content: string) => <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0, maxWidth: 480 }}>{content}</Typography.Paragraph>,
    },
    { key: "userName", dataIndex: "userName", title: t("fields.userName") },
    { key: "reviewStatus", dataIndex: "reviewStatus", title: t("fields.reviewStatus"), render: (s: TalkShowReply["reviewStatus"]) => <ReviewStatusTag status={s} /> },
    { key: "rejectReason", dataIndex: "rejectReason", title: t("fields.rejectReason"), render: (v: string | null) => v || "--" },
    { key: "createTime", dataIndex: "createTime", title: t("fields.createTime") },
    {
      key: "actions",
      title: t("common.actions"),
      render: (_, r) => (
        <Space wrap size={4}>
          <Link to={secondRoastPath(r.id)}>{t("common.view")}</Link>
          <ReviewActions id={r.id} reviewStatus={r.reviewStatus} />
          <DeleteTalkShowButton id={r.id} />
        </Space>
      ),
    },
  ];

  if (query.isError) return <Result status="404" title={t("common.notFound")} extra={<Link to="/main/roastList">{t("roast.back")}</Link>} />;

  return (
    <Show
      title={t("roast.detailTitle")}
      resource={ROASTS}
      recordItemId={id}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      goBack={false}
      headerButtons={() =>
        row ? (
          <Space wrap>
            <Link to="/main/roastList">{t("roast.back")}</Link>
            <ReviewActions id={row.id} reviewStatus={row.reviewStatus} size="middle" />
            <DeleteTalkShowButton id={row.id} replyCount={row.replies.length} size="middle" onDeleted={() => navigate("/main/roastList")} />
          </Space>
        ) : null
      }
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <TalkShowFacts row={row} />
          <Card size="small" title={t("roast.replies", { count: row.replies.length })}>
            <Table<TalkShowReply>
              rowKey="id"
              columns={columns}
              dataSource={row.replies}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: t("roast.noReplies") }}
            />
          </Card>
          <ReplyForm parentId={row.id} />
        </Space>
      )}
    </Show>
  );
}
