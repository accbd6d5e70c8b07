// Says why the fresh SSO login made for signing was not accepted (the server's esignRefused on
// return): nothing was signed, and the person may try again.
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

import type { RefusalReason } from "./signReturn";

export function EsignRefusedAlert({ reason }: { reason: RefusalReason | null }) {
  const { t } = useTranslation("adminEsign");
  if (!reason) return null;
  return <Alert type="error" showIcon role="alert" message={t("refused.title")} description={t(`refused.${reason}`)} style={{ marginBottom: 16 }} />;
}
