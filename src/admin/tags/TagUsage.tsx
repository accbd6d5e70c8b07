import { Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { BscLabel } from "./api";

/** Where a tag is used: the counts the delete confirmation warns about. */
export function TagUsage({ tag }: { tag: BscLabel }) {
  const { t } = useTranslation("adminTags");
  const text = t("usage.text", { apps: tag.appCount ?? 0, depts: tag.deptCount ?? 0, policies: tag.policyCount ?? 0 });
  const unused = !tag.appCount && !tag.deptCount && !tag.policyCount;
  return <Typography.Text type={unused ? "secondary" : undefined}>{unused ? t("usage.none") : text}</Typography.Text>;
}
