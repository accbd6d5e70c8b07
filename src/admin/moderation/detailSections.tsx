// The sections of the moderation detail views below the item's facts: a complaint's replies (every
// review state; open, review or delete each) and the official reply form; a reply's complaint.
import { RecordSignatures } from "../esign/RecordSignatures";
import { useOne } from "@refinedev/core";
import { Card, Space, Table, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";

import { defineAdminResource, FieldDescriptions } from "../crud";
import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { firstRoastPath, talkShowFacts } from "./fields";
import { ReplyForm } from "./ReplyForm";
import { ReviewActions } from "./ReviewActions";
import { ReviewStatusTag } from "./ReviewStatusTag";
import { ROASTS, type TalkShow, type TalkShowReply } from "./types";

export const secondRoastPath = (id: number) => `/main/secondRoast/${id}`;

export function ComplaintReplies({ record }: { record: TalkShow }) {
  const { t } = useTranslation("adminModeration");
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
          <ReviewActions id={r.id} reviewStatus={r.reviewStatus} content={r.content} />
          <DeleteTalkShowButton id={r.id} />
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title={t("roast.replies", { count: record.replies.length })}>
      <Table<TalkShowReply>
        rowKey="id"
        columns={columns}
        dataSource={record.replies}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("roast.noReplies") }}
      />
    </Card>
  );
}

export const OfficialReply = ({ record }: { record: TalkShow }) => <ReplyForm parentId={record.id} />;

/** The complaint's facts as the reply's are shown (the same fields). */
const complaintFacts = defineAdminResource<TalkShow>({ name: ROASTS, label: "menu.roastList", ns: "adminModeration", fields: talkShowFacts, show: { columns: 2 } });

/** A reply's complaint; a complaint opened as a reply is shown where complaints are. */
export function ParentComplaint({ record }: { record: TalkShowReply }) {
  const { t } = useTranslation("adminModeration");
  const parentId = record.parentId ?? undefined;
  const { result: parent } = useOne<TalkShow>({ resource: ROASTS, id: parentId ?? 0, queryOptions: { enabled: parentId !== undefined } });
  if (record.parentId === null) return <Navigate to={firstRoastPath(record.id)} replace />;
  return (
    <Card size="small" title={t("comment.parentTitle")} extra={parentId ? <Link to={firstRoastPath(parentId)}>{t("comment.openParent")}</Link> : null}>
      {parent ? <FieldDescriptions def={complaintFacts} record={parent} /> : null}
    </Card>
  );
}

/** Issue 24: the signed moderation decision on this item, when the decision was signed. */
export const DecisionSignatures = ({ record }: { record: TalkShow | TalkShowReply }) => <RecordSignatures recordType="talkShow" recordId={record.id} />;
