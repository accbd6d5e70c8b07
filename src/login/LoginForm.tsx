import { Button, Form, type FormInstance } from "antd";
// The input and the password input themselves: antd's Input export also brings TextArea, Search and
// OTP (with their resize observers) into the login page's first load (issue 9).
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { Captcha } from "./Captcha";
import styles from "./login.module.css";

export type LoginValues = { userName: string; password: string; verificationCode?: string };

type Props = {
  form: FormInstance<LoginValues>;
  /** null while the captcha setting is unknown or off. */
  challengeId: string | null;
  onRefreshCaptcha: () => void;
  submitting: boolean;
  onSubmit: (values: LoginValues) => void;
};

/** Spec 5: userName required on blur, password on change, message "pleaseEnter"; Enter submits. */
export function LoginForm({ form, challengeId, onRefreshCaptcha, submitting, onSubmit }: Props) {
  const { t } = useTranslation("login");
  const pleaseEnter = (field: string) =>
    t("baseLogin.form.pleaseEnter", { field: t(`baseLogin.form.${field}`) });

  return (
    <Form form={form} layout="vertical" size="large" onFinish={onSubmit} requiredMark={false}>
      <Form.Item
        name="userName"
        label={t("baseLogin.form.userName")}
        validateTrigger="onBlur"
        rules={[{ required: true, whitespace: true, message: pleaseEnter("userName") }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t("baseLogin.form.password")}
        validateTrigger="onChange"
        rules={[{ required: true, message: pleaseEnter("password") }]}
      >
        <Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {challengeId !== null && (
        <Form.Item label={t("baseLogin.form.verificationCode")} required>
          <div className={styles.captchaRow}>
            <Form.Item
              name="verificationCode"
              noStyle
              validateTrigger="onChange"
              rules={[{ required: true, whitespace: true, message: pleaseEnter("verificationCode") }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="off"
                aria-label={t("baseLogin.form.verificationCode")}
              />
            </Form.Item>
            <Captcha challengeId={challengeId} onRefresh={onRefreshCaptcha} />
          </div>
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t("baseLogin.form.submit")}
        </Button>
      </Form.Item>
    </Form>
  );
}
