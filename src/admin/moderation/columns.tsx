// Columns shared by the complaint and reply lists (server-sorted where the contract sorts).
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSorting } from "@refinedev/core";
import { Typography, type TableColumnsType } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";

import type { ExportColumn } from "../crud";
import { ReviewStatusTag } from "./ReviewStatusTag";
import type { TalkShowReply } from "./types";

type Row = Pick<TalkShowReply, "id" | "content" | "userName" | "reviewStatus" | "likes" | "dislikes" | "createTime" | "rejectReason">;

export function moderationColumns<R extends Row>(t: TFunction, sorters: CrudSorting, detailOf: (r: R) => string): TableColumnsType<R> {
  const sortable = (field: string) => ({ key: field, dataIndex: field, sorter: true, sortOrder: getDefaultSortOrder(field, sorters) ?? null });
  return [
    {
      key: "content",
      dataIndex: "content",
      title: t("fields.content"),
      width: 360,
      render: (content: string, r) => (
        // The link is named by the content it shows (WCAG 2.5.3: the name holds the visible text).
        <Link to={detailOf(r)}>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }}>
            {content}
          </Typography.Paragraph>
        </Link>
      ),
    },
    { key: "userName", dataIndex: "userName", title: t("fields.userName") },
    { ...sortable("reviewStatus"), title: t("fields.reviewStatus"), render: (s: R["reviewStatus"]) => <ReviewStatusTag status={s} /> },
    { ...sortable("likes"), title: t("fields.likes") },
    { ...sortable("dislikes"), title: t("fields.dislikes") },
    { ...sortable("createTime"), title: t("fields.createTime") },
  ];
}

export function moderationExport(t: TFunction): ExportColumn[] {
  return [
    { key: "id", title: "ID" },
    { key: "content", title: t("fields.content") },
    { key: "userName", title: t("fields.userName") },
    { key: "reviewStatus", title: t("fields.reviewStatus"), text: (r) => t(`review.status.${r.reviewStatus}`) },
    { key: "rejectReason", title: t("fields.rejectReason") },
    { key: "likes", title: t("fields.likes") },
    { key: "dislikes", title: t("fields.dislikes") },
    { key: "createTime", title: t("fields.createTime") },
  ];
}
