// The header buttons and the not-found answer of the moderation detail views (firstRoast,
// secondRoast, commentDetail): back to where the item was opened from, approve or reject it while
// pending, delete it (a complaint with its replies; confirmed) and then go back.
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { firstRoastPath } from "./fields";
import { ReviewActions } from "./ReviewActions";
import type { TalkShow, TalkShowReply } from "./types";

const ROAST_LIST = "/main/roastList";
const COMMENT_LIST = "/main/commentList";

type Item = { record: TalkShow | TalkShowReply };

/** Where a reply's view goes back to: its complaint when opened from it, else the comment list. */
const replyBackTo = (from: "roast" | "comment", r: TalkShowReply) => (from === "roast" && r.parentId ? firstRoastPath(r.parentId) : COMMENT_LIST);

export const Review = ({ record }: Item) => <ReviewActions id={record.id} reviewStatus={record.reviewStatus} content={record.content} size="middle" />;

export function BackToComplaints() {
  const { t } = useTranslation("adminModeration");
  return <Link to={ROAST_LIST}>{t("roast.back")}</Link>;
}

export function DeleteComplaintAndLeave({ record }: { record: TalkShow }) {
  const navigate = useNavigate();
  return <DeleteTalkShowButton id={record.id} replyCount={record.replies.length} size="middle" onDeleted={() => navigate(ROAST_LIST)} />;
}

/** The back link and delete of a reply's view, opened from its complaint or from the comment list. */
export function replyActions(from: "roast" | "comment") {
  function Back({ record }: { record: TalkShowReply }) {
    const { t } = useTranslation("adminModeration");
    return <Link to={replyBackTo(from, record)}>{t(from === "roast" ? "comment.backToComplaint" : "comment.back")}</Link>;
  }
  function Delete({ record }: { record: TalkShowReply }) {
    const navigate = useNavigate();
    return <DeleteTalkShowButton id={record.id} size="middle" onDeleted={() => navigate(replyBackTo(from, record))} />;
  }
  return { Back, Delete };
}

function notFound(to: string, back: string) {
  return function NotFound() {
    const { t } = useTranslation("adminModeration");
    return <Result status="404" title={t("common.notFound")} extra={<Link to={to}>{t(back)}</Link>} />;
  };
}

export const ComplaintNotFound = notFound(ROAST_LIST, "roast.back");
export const ReplyNotFound = notFound(COMMENT_LIST, "comment.back");
