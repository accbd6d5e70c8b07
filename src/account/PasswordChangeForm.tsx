// The change of one's own password (updatepwd): the current password, the new one twice, checked as
// the server checks them; both travel RSA-OAEP encrypted under the getPublicKey key. Used by the
// change-Password page and by the first-login step that asks to replace a password an
// administrator gave (issue 21); each brings its own second button (Cancel, Log out).
import { useState, type ReactNode } from "react";
import { Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";

import { unwrap } from "../api/client";
import { DIALOG_GUARD_MS, useClickGuard } from "../shared/clickGuard";
import { encryptPassword } from "../shared/crypto";
import { createRules } from "../shared/validators";
import { passwordProblem } from "./password";
import styles from "./personal.module.css";
import { usePortalClient } from "../api/ClientProvider";

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type Props = {
  /** The label of the current password (at sign-in: the one the administrator gave). */
  oldLabel?: string;
  /** After the server has changed it; the form is emptied first. */
  onChanged: () => void;
  /** The button beside submit (Cancel on the page, Log out at sign-in). */
  secondary: ReactNode;
};

export function PasswordChangeForm({ oldLabel, onChanged, secondary }: Props) {
  const client = usePortalClient();
  const { t } = useTranslation(["personal", "common"]);
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [blocked, guard] = useClickGuard(DIALOG_GUARD_MS);
  const rules = createRules(t);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const { publicKey } = await unwrap(client.GET("/sysUserEx/getPublicKey"));
      const [oldPassword, newPassword] = await Promise.all([
        encryptPassword(publicKey, values.oldPassword),
        encryptPassword(publicKey, values.newPassword),
      ]);
      await unwrap(client.POST("/api/user/updatepwd", { body: { oldPassword, newPassword } }));
      form.resetFields();
      onChanged();
    } catch {
      // the toast named the problem (a wrong old password, too many tries); the form keeps its values
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" className={styles.passwordForm} onFinish={guard((values: PasswordForm) => void submit(values))}>
      <Form.Item name="oldPassword" label={oldLabel ?? t("personal:password.old")} rules={[rules.required()]}>
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
              !value || value === getFieldValue("newPassword") ? Promise.resolve() : Promise.reject(new Error(t("personal:password.rules.mismatch"))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} data-testid="password-confirm" />
      </Form.Item>
      <Space>
        {secondary}
        <Button type="primary" htmlType="submit" loading={saving} disabled={blocked && !saving} data-testid="password-submit">
          {t("personal:password.submit")}
        </Button>
      </Space>
    </Form>
  );
}
