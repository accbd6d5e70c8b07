import { useTranslation } from "react-i18next";
import type { OpenNotificationParams } from "@refinedev/core";

/** refine successNotification showing spec 8's operateSuccess after a save or status change. */
export function useOperateSuccess(): () => OpenNotificationParams {
  const { t } = useTranslation("admin");
  return () => ({ message: t("messages.operateSuccess"), type: "success" });
}
