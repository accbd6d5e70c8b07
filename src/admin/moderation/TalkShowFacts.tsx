// One complaint's or reply's facts as a description list (spec 3: content, likes and dislikes,
// review status), shared by the detail pages.
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { ReviewStatusTag } from "./ReviewStatusTag";
import type { TalkShow } from "./types";

export function TalkShowFacts({ row }: { row: TalkShow }) {
  const { t } = useTranslation("adminModeration");
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t("fields.content")} span={2}>
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }} data-testid="talkshow-content">
          {row.content}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t("fields.userName")}>{row.userName}</Descriptions.Item>
      <Descriptions.Item label={t("fields.createTime")}>{row.createTime}</Descriptions.Item>
      <Descriptions.Item label={t("fields.reviewStatus")}>
        <ReviewStatusTag status={row.reviewStatus} />
      </Descriptions.Item>
      <Descriptions.Item label={t("fields.rejectReason")}>{row.rejectReason || "--"}</Descriptions.Item>
      <Descriptions.Item label={t("fields.likes")}>{row.likes}</Descriptions.Item>
      <Descriptions.Item label={t("fields.dislikes")}>{row.dislikes}</Descriptions.Item>
    </Descriptions>
  );
}
