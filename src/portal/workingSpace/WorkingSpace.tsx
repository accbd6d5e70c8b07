// /main/workingSpace: for now the signed-in user's name (the cards come in a later issue).
import { Skeleton, Typography } from "antd";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import type { UserInfo } from "../../authProvider";

export default function WorkingSpace() {
  const { t } = useTranslation("portal");
  const { data: user, isLoading } = useGetIdentity<UserInfo>();

  if (isLoading) return <Skeleton active paragraph={false} />;
  if (!user) return null; // the reason is on screen already (a toast or the expiry dialog)
  return <Typography.Title level={2}>{t("workingSpace.welcome", { realName: user.realName })}</Typography.Title>;
}
