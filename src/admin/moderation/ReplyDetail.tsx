// A reply (second level) with the complaint it answers: /secondRoast/:id from a complaint and
// /commentDetail/:id from the comment list (spec 2.3). Approve or reject it while pending, or
// delete it (confirmed).
import { Show } from "../crud/pages";
import { useOne } from "@refinedev/core";
import { Card, Result, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useParams } from "react-router";

import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { ReviewActions } from "./ReviewActions";
import { TalkShowFacts } from "./TalkShowFacts";
import { COMMENTS, ROASTS, type TalkShow } from "./types";

/** `from` says which screen opened it: the complaint (secondRoast) or the comment list (commentDetail). */
export function ReplyDetail({ from }: { from: "roast" | "comment" }) {
  const { t } = useTranslation("adminModeration");
  const { id } = useParams();
  const navigate = useNavigate();
  const resource = from === "roast" ? ROASTS : COMMENTS;
  const valid = /^\d+$/.test(id ?? "");
  const { result: row, query } = useOne<TalkShow>({ resource, id: Number(id), queryOptions: { enabled: valid } });
  const parentId = row?.parentId ?? undefined;
  const { result: parent } = useOne<TalkShow>({ resource, id: parentId ?? 0, queryOptions: { enabled: parentId !== undefined } });

  const backTo = from === "roast" && parentId ? `/main/firstRoast/${parentId}` : "/main/commentList";
  if (!valid || query.isError) return <Result status="404" title={t("common.notFound")} extra={<Link to="/main/commentList">{t("comment.back")}</Link>} />;
  // A complaint opened here is shown where complaints are.
  if (row && row.parentId === null) return <Navigate to={`/main/firstRoast/${row.id}`} replace />;

  return (
    <Show
      title={t("comment.detailTitle")}
      resource={resource}
      recordItemId={id}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      goBack={false}
      headerButtons={() =>
        row ? (
          <Space wrap>
            <Link to={backTo}>{t(from === "roast" ? "comment.backToComplaint" : "comment.back")}</Link>
            <ReviewActions id={row.id} reviewStatus={row.reviewStatus} size="middle" />
            <DeleteTalkShowButton id={row.id} size="middle" onDeleted={() => navigate(backTo)} />
          </Space>
        ) : null
      }
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <TalkShowFacts row={row} />
          <Card
            size="small"
            title={t("comment.parentTitle")}
            extra={parentId ? <Link to={`/main/firstRoast/${parentId}`}>{t("comment.openParent")}</Link> : null}
          >
            {parent ? <TalkShowFacts row={parent} /> : null}
          </Card>
        </Space>
      )}
    </Show>
  );
}
