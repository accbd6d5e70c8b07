// The reload offer of an edit form whose save was refused because someone else changed the record
// since it was opened (HTTP 409, code 4090; issue 20). It says that nothing was saved and what
// reloading does (the form then shows the current record, replacing the unsaved changes); nothing is
// reloaded or kept without the person choosing it.
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

export function StaleRecordAlert({ onReload, reloading = false }: { onReload: () => void; reloading?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={t("crud.stale.title")}
      description={t("crud.stale.description")}
      action={
        <Button size="small" type="primary" loading={reloading} onClick={onReload}>
          {t("crud.stale.reload")}
        </Button>
      }
    />
  );
}
