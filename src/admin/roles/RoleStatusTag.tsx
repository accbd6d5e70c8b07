import { Tag } from "antd";
import { useTranslation } from "react-i18next";

import { ROLE_STATUS, type SysRole } from "./types";

export function RoleStatusTag({ status }: { status: SysRole["status"] }) {
  const { t } = useTranslation("admin");
  return status === ROLE_STATUS.enabled ? (
    <Tag color="success">{t("roles.status.enabled")}</Tag>
  ) : (
    <Tag>{t("roles.status.disabled")}</Tag>
  );
}
