// change-Password (spec 2.3 names the navigation; the user shell has it too, from the header's
// user menu and the personal centre). Both passwords travel RSA-OAEP encrypted under the
// getPublicKey key; success keeps this session and ends the user's other sessions (server).
import { useState } from "react";
import { Alert, Button, Card, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { unwrap } from "../../api/client";
import { toast } from "../../api/toast";
import { portalClient } from "../../authProvider";
import { DIALOG_GUARD_MS, useClickGuard } from "../../shared/clickGuard";
import { encryptPassword } from "../../shared/crypto";
import { createRules } from "../../shared/validators";
import { passwordProblem } from "../personal/password";
import styles from "../personal/personal.module.css";

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ChangePassword() {
  const { t } = useTranslation(["personal", "common"]);
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [blocked, guard] = useClickGuard(DIALOG_GUARD_MS);
  const rules = createRules(t);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const { publicKey } = await unwrap(portalClient.GET("/sysUserEx/getPublicKey"));
      const [oldPassword, newPassword] = await Promise.all([
        encryptPassword(publicKey, values.oldPassword),
        encryptPassword(publicKey, values.newPassword),
      ]);
      await unwrap(portalClient.POST("/api/user/updatepwd", { body: { oldPassword, newPassword } }));
      form.resetFields();
      toast(t("personal:password.changed"), "success");
    } catch {
      // the toast named the problem (a wrong old password, too many tries); the form keeps its values
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("personal:password.title")} data-testid="password-page">
      <Alert type="info" showIcon message={t("personal:password.hint")} style={{ marginBottom: 16, maxWidth: 420 }} />
      <Form form={form} layout="vertical" className={styles.passwordForm} onFinish={guard((values: PasswordForm) => void submit(values))}>
        <Form.Item name="oldPassword" label={t("personal:password.old")} rules={[rules.required()]}>
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t("personal:password.new")}
          dependencies={["oldPassword"]}
          rules={[
            rules.required(),
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => {
                const problem = value ? passwordProblem(value, getFieldValue("oldPassword")) : null;
                return problem ? Promise.reject(new Error(t(`personal:password.rules.${problem}`))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t("personal:password.confirm")}
          dependencies={["newPassword"]}
          rules={[
            rules.required(),
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue("newPassword")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("personal:password.rules.mismatch"))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} data-testid="password-confirm" />
        </Form.Item>
        <Space>
          <Button onClick={() => void navigate(-1)}>{t("common:actions.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={blocked && !saving} data-testid="password-submit">
            {t("personal:password.submit")}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
