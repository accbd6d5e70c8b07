// The privacy-policy list's row action: the version's full text in a dialog (the cell shows two
// lines), with its electronic signatures when publishing was signed (issue 24).
import { Button, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { RecordSignatures } from "../esign/RecordSignatures";
import type { PrivacyPolicyVersion } from "./types";

export function PolicyPreviewButton({ record }: { record: PrivacyPolicyVersion }) {
  const { t } = useTranslation("adminModeration");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t("privacy.viewOf", { version: record.policyVersion })}>
        {t("privacy.view")}
      </Button>
      <Modal
        open={open}
        title={t("privacy.previewTitle", { version: record.policyVersion })}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t("common.close")}</Button>}
        width={720}
      >
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", maxHeight: "60vh", overflow: "auto" }}>{record.policyContent}</Typography.Paragraph>
        {/* Issue 24: the publisher's signature, when publishing was signed. */}
        <RecordSignatures recordType="privacyPolicy" recordId={record.id} />
      </Modal>
    </>
  );
}
