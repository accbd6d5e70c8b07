// The electronic signatures of a record, shown with it (21 CFR 11.50(b)): a privacy-policy version,
// a moderation decision. Nothing is shown for a record nobody signed.
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import type { components } from "../../api/schema";
import { SignatureLine } from "../../account/signing/SignatureLine";

type SignedRecordType = components["schemas"]["SignedRecordType"];

export function RecordSignatures({ recordType, recordId }: { recordType: SignedRecordType; recordId: number }) {
  const { t } = useTranslation("adminEsign");
  const query = usePortalApi().useQuery("get", "/esign/signatures", { params: { query: { recordType, recordId: String(recordId) } } });
  const list = query.data?.data ?? [];
  if (!list.length) return null;
  return (
    <section aria-label={t("signatures.title")} className="esign-record-signatures">
      <Typography.Text strong>{t("signatures.title")}</Typography.Text>
      <Space direction="vertical" size={2} style={{ display: "flex", marginTop: 4 }}>
        {list.map((s) => (
          <SignatureLine key={s.id} signature={s} />
        ))}
      </Space>
    </section>
  );
}
