// change-Password (spec 2.3 names the navigation; the user shell has it too, from the header's
// user menu and the personal centre). Both passwords travel RSA-OAEP encrypted under the
// getPublicKey key; success keeps this session and ends the user's other sessions (server).
import { Alert, Button, Card } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { toast } from "../api/toast";
import { PasswordChangeForm } from "./PasswordChangeForm";

export default function ChangePassword() {
  const { t } = useTranslation(["personal", "common"]);
  const navigate = useNavigate();
  return (
    <Card title={t("personal:password.title")} data-testid="password-page">
      <Alert type="info" showIcon message={t("personal:password.hint")} style={{ marginBottom: 16, maxWidth: 420 }} />
      <PasswordChangeForm
        onChanged={() => toast(t("personal:password.changed"), "success")}
        secondary={<Button onClick={() => void navigate(-1)}>{t("common:actions.cancel")}</Button>}
      />
    </Card>
  );
}
