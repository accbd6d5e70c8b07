import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ReviewStatus } from "./types";

const COLORS: Record<ReviewStatus, string> = { 0: "processing", 1: "success", 2: "error" };

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation("adminModeration");
  return <Tag color={COLORS[status]}>{t(`review.status.${status}`)}</Tag>;
}
