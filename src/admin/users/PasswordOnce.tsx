// A password shown once (a new user's first password, or a reset): selectable, with a copy
// button, and a warning that it cannot be shown again.
import { Alert, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

type Props = { open: boolean; title: string; password: string; onClose: () => void };

export function PasswordOnce({ open, title, password, onClose }: Props) {
  const { t } = useTranslation("admin");
  return (
    <Modal
      open={open}
      title={title}
      onOk={onClose}
      onCancel={onClose}
      okText={t("users.password.done")}
      cancelButtonProps={{ style: { display: "none" } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t("users.password.once")} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        {t("users.password.label")}{" "}
        <Typography.Text code copyable={{ text: password, tooltips: [t("users.password.copy"), t("users.password.copied")] }} data-testid="password-once">
          {password}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
