// An electronic signature as it is shown with its record (issue 24; 21 CFR 11.50(b): the printed
// name, the date and time, and the meaning go wherever the signed record is displayed). One line,
// in the reader's language; the content fingerprint is shortened and copyable whole.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";

export type Signature = components["schemas"]["Signature"];

export function SignatureLine({ signature }: { signature: Signature }) {
  const { t } = useTranslation("esign");
  const s = signature;
  return (
    <Typography.Text className="esign-signature" data-signature-id={s.id}>
      {t("line", {
        name: s.printedName,
        account: s.userName,
        at: s.signedAt,
        zone: s.timeZone,
        meaning: t(`meaning.${s.meaning}`),
        method: t(`method.${s.method}`),
      })}{" "}
      <Typography.Text code copyable={{ text: s.contentHash }} title={t("manifest.contentHash")}>
        {`${s.contentHash.slice(0, 12)}…`}
      </Typography.Text>
    </Typography.Text>
  );
}
