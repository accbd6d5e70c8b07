// One audit trail entry's record before and after (issue 24), with a signature entry's meaning,
// printed name and content hash in words. Shared by the list's expanded row and the print view.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema.d.ts";
import styles from "./auditTrail.module.css";
import { NS, signatureLine } from "./words";

export type AuditTrailEntry = components["schemas"]["AuditTrailEntry"];

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

export function EntryDetail({ entry, hashes = false }: { entry: AuditTrailEntry; hashes?: boolean }) {
  const { t } = useTranslation(NS);
  const signature = signatureLine(t, entry);
  return (
    <div className={styles.detail}>
      {signature && <Typography.Paragraph strong>{signature}</Typography.Paragraph>}
      <div className={styles.beforeAfter}>
        <section>
          <Typography.Text type="secondary">{t("entry.before")}</Typography.Text>
          <pre className={styles.json}>{entry.before === null ? t("entry.none") : pretty(entry.before)}</pre>
        </section>
        <section>
          <Typography.Text type="secondary">{t("entry.after")}</Typography.Text>
          <pre className={styles.json}>{entry.after === null ? t("entry.none") : pretty(entry.after)}</pre>
        </section>
      </div>
      {hashes && (
        <div className={styles.hashes}>
          {t("entry.prevHash")}: <code>{entry.prevHash}</code>
          <br />
          {t("entry.hash")}: <code>{entry.hash}</code>
        </div>
      )}
    </div>
  );
}
