// The fields both moderation lists share (complaints /roastList, replies /commentList): the content
// (a link to the item's detail page), author and review status searched; review status, likes,
// dislikes and time sorted on the server where the contract sorts; the rejection reason exported.
import { Typography } from "antd";
import { Link } from "react-router";

import type { FieldDef } from "../crud";
import { ReviewStatusTag } from "./ReviewStatusTag";
import { REVIEW_STATUSES, type TalkShowReply } from "./types";

export const firstRoastPath = (id: number) => `/main/firstRoast/${id}`;
export const commentDetailPath = (id: number) => `/main/commentDetail/${id}`;

type Row = Pick<TalkShowReply, "id" | "content" | "userName" | "reviewStatus" | "likes" | "dislikes" | "createTime" | "rejectReason">;

export function moderationFields<R extends Row>(detailOf: (r: R) => string, { withDates = false } = {}): FieldDef<R>[] {
  return [
    { name: "id", label: "fields.id", export: true },
    {
      name: "content",
      label: "fields.content",
      list: {
        width: 360,
        render: (content: string, r) => (
          // The link is named by the content it shows (WCAG 2.5.3: the name holds the visible text).
          <Link to={detailOf(r)}>
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {content}
            </Typography.Paragraph>
          </Link>
        ),
      },
      filter: { placeholder: "common.placeholder", width: 180 },
    },
    { name: "userName", label: "fields.userName", list: { width: 140 }, filter: { placeholder: "common.placeholder", width: 140 } },
    {
      name: "reviewStatus",
      label: "fields.reviewStatus",
      kind: "select",
      options: REVIEW_STATUSES.map((s) => ({ value: s, label: `review.status.${s}` })),
      list: { sorter: true, width: 120, render: (s: R["reviewStatus"]) => <ReviewStatusTag status={s} /> },
      filter: { placeholder: "common.all", width: 120 },
    },
    { name: "rejectReason", label: "fields.rejectReason", export: true },
    { name: "likes", label: "fields.likes", kind: "number", list: { sorter: true, width: 90 } },
    { name: "dislikes", label: "fields.dislikes", kind: "number", list: { sorter: true, width: 90 } },
    {
      name: "createTime",
      label: "fields.createTime",
      kind: "datetime",
      list: { sorter: true },
      filter: withDates ? { range: ["startDate", "endDate"] } : undefined,
    },
  ];
}

/**
 * A complaint's or reply's facts in the detail views (spec 3: content, author, time, review status,
 * rejection reason, likes and dislikes), two columns, the content across both.
 */
export const talkShowFacts: FieldDef<Row>[] = [
  {
    name: "content",
    label: "fields.content",
    show: {
      span: 2,
      render: (content: string) => (
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }} data-testid="talkshow-content">
          {content}
        </Typography.Paragraph>
      ),
    },
  },
  { name: "userName", label: "fields.userName", show: true },
  { name: "createTime", label: "fields.createTime", show: true },
  { name: "reviewStatus", label: "fields.reviewStatus", show: { render: (s: Row["reviewStatus"]) => <ReviewStatusTag status={s} /> } },
  { name: "rejectReason", label: "fields.rejectReason", show: true },
  { name: "likes", label: "fields.likes", show: true },
  { name: "dislikes", label: "fields.dislikes", show: true },
];
