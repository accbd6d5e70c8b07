// The moderation lists' row actions: open the detail page, approve or reject a pending item, delete
// it (a complaint with its replies, the confirmation says how many); and a reply's complaint.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { commentDetailPath, firstRoastPath } from "./fields";
import { ReviewActions } from "./ReviewActions";
import type { TalkShow, TalkShowReply } from "./types";

function ViewLink({ to }: { to: string }) {
  const { t } = useTranslation("adminModeration");
  return <Link to={to}>{t("common.view")}</Link>;
}

export const ViewComplaint = ({ record }: { record: TalkShow }) => <ViewLink to={firstRoastPath(record.id)} />;
export const ViewReply = ({ record }: { record: TalkShowReply }) => <ViewLink to={commentDetailPath(record.id)} />;

export const Review = ({ record }: { record: TalkShow | TalkShowReply }) => <ReviewActions id={record.id} reviewStatus={record.reviewStatus} content={record.content} />;

export const DeleteComplaint = ({ record }: { record: TalkShow }) => <DeleteTalkShowButton id={record.id} replyCount={record.replyCount ?? 0} />;
export const DeleteReply = ({ record }: { record: TalkShowReply }) => <DeleteTalkShowButton id={record.id} />;

/** A reply's complaint (the reply list's "Complaint" cell). */
export function ParentLink({ id }: { id: number }) {
  const { t } = useTranslation("adminModeration");
  return <Link to={firstRoastPath(id)}>{t("comment.parentLink", { id })}</Link>;
}
