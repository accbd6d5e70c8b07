// /commentList: every reply (comment) to a complaint, paged on the server with filters and sorting
// (spec 2.3, 7.5 pageTalkShow); per row: open (/commentDetail/:id), the complaint it answers,
// approve or reject a pending one, delete (confirmed).
import { List } from "@refinedev/antd";
import { Space, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { ExportButton } from "../crud";
import { useAdminTable } from "../useAdminTable";
import { moderationColumns, moderationExport } from "./columns";
import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { ModerationSearchForm, toFilters, type ModerationSearch } from "./ModerationSearchForm";
import { ReviewActions } from "./ReviewActions";
import { firstRoastPath } from "./RoastList";
import { COMMENTS, type TalkShowReply } from "./types";

export const commentDetailPath = (id: number) => `/main/commentDetail/${id}`;

export function CommentList() {
  const { t } = useTranslation(["adminModeration", "admin"]);
  const { tableProps, searchFormProps, sorters, filters } = useAdminTable<TalkShowReply, ModerationSearch>(COMMENTS, "crud", toFilters);

  const columns: TableColumnsType<TalkShowReply> = [
    ...moderationColumns<TalkShowReply>(t, sorters, (r) => commentDetailPath(r.id)),
    {
      key: "parentId",
      dataIndex: "parentId",
      title: t("fields.parent"),
      render: (parentId: number) => <Link to={firstRoastPath(parentId)}>{t("comment.parentLink", { id: parentId })}</Link>,
    },
    {
      key: "actions",
      title: t("common.actions"),
      fixed: "right",
      render: (_, r) => (
        <Space wrap size={4}>
          <Link to={commentDetailPath(r.id)}>{t("common.view")}</Link>
          <ReviewActions id={r.id} reviewStatus={r.reviewStatus} />
          <DeleteTalkShowButton id={r.id} />
        </Space>
      ),
    },
  ];

  return (
    <List
      title={t("comment.title")}
      headerButtons={() => (
        <ExportButton
          resource={COMMENTS}
          filters={filters}
          sorters={sorters}
          fileName={t("comment.title")}
          columns={[...moderationExport(t), { key: "parentId", title: t("fields.parent") }]}
        />
      )}
    >
      <ModerationSearchForm formProps={searchFormProps} />
      <Table<TalkShowReply> {...tableProps} rowKey="id" columns={columns} scroll={{ x: "max-content" }} locale={{ emptyText: t("common.empty") }} />
    </List>
  );
}
