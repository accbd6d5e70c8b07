// The account and password form (spec 5), without antd's Form: its field engine (rc-field-form and
// the async validator) and Form.Item's grid and tooltip were a fifth of the login page's first load
// (issue 9, /baseLogin budget). The three rules are simple, so the fields, their checks and their
// messages live here; the form is drawn from antd's tokens as a vertical, large antd Form draws it
// (label above, the message under the field in the item's bottom margin, the field's error state).
import { useState, type FormEvent, type ReactNode } from "react";
import { Button, theme } from "antd";
// The input and the password input themselves: antd's Input export also brings TextArea, Search and
// OTP (with their resize observers) into the login page's first load (issue 9).
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { Captcha } from "./Captcha";
import styles from "./login.module.css";

export type LoginValues = { userName: string; password: string; verificationCode?: string };
type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/** The form's values and messages, owned by the page (a failed login clears the code). */
export function useLoginFields() {
  const [values, setValues] = useState<LoginValues>({ userName: "", password: "", verificationCode: "" });
  const [errors, setErrors] = useState<Errors>({});
  return { values, setValues, errors, setErrors };
}
export type LoginFields = ReturnType<typeof useLoginFields>;

type Props = {
  fields: LoginFields;
  /** null while the captcha setting is unknown or off. */
  challengeId: string | null;
  onRefreshCaptcha: () => void;
  submitting: boolean;
  onSubmit: (values: LoginValues) => void;
};

/** Spec 5: the message of a field's rule, or undefined when it holds. */
function check(field: Field, value: string | undefined, message: string): string | undefined {
  // userName and the code must hold more than white space; the password only must not be empty.
  const present = field === "password" ? !!value : !!value?.trim();
  return present ? undefined : message;
}

/** Spec 5: userName required on blur, password on change, message "pleaseEnter"; Enter submits. */
export function LoginForm({ fields, challengeId, onRefreshCaptcha, submitting, onSubmit }: Props) {
  const { t } = useTranslation("login");
  const { token } = theme.useToken();
  const { values, setValues, errors, setErrors } = fields;
  const pleaseEnter = (field: Field) => t("baseLogin.form.pleaseEnter", { field: t(`baseLogin.form.${field}`) });
  const validate = (field: Field, value: string | undefined) => setErrors((e) => ({ ...e, [field]: check(field, value, pleaseEnter(field)) }));
  const change = (field: Field, value: string, validateNow: boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (validateNow) validate(field, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted: Field[] = challengeId !== null ? ["userName", "password", "verificationCode"] : ["userName", "password"];
    const found: Errors = {};
    for (const field of wanted) found[field] = check(field, values[field], pleaseEnter(field));
    setErrors(found);
    if (wanted.some((field) => found[field])) return;
    onSubmit(challengeId !== null ? values : { userName: values.userName, password: values.password });
  };

  /** One item: the label, the field, and under it the message in the room of the item's margin. */
  const item = (label: ReactNode, field: Field | null, control: ReactNode, labelFor?: string) => {
    const error = field ? errors[field] : undefined;
    return (
      <div style={{ marginBottom: error ? 0 : token.marginLG }}>
        <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
          <label
            htmlFor={labelFor}
            style={{ display: "inline-flex", alignItems: "center", height: token.controlHeightLG, color: token.colorTextHeading, fontSize: token.fontSize }}
          >
            {label}
          </label>
        </div>
        {control}
        {error && (
          <div id={`${field}_help`} role="alert" style={{ color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight, minHeight: token.marginLG }}>
            {error}
          </div>
        )}
      </div>
    );
  };
  const fieldProps = (field: Field) => ({
    id: field,
    size: "large" as const,
    value: values[field] ?? "",
    status: errors[field] ? ("error" as const) : undefined,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${field}_help` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate>
      {item(
        t("baseLogin.form.userName"),
        "userName",
        <Input
          {...fieldProps("userName")}
          prefix={<UserOutlined />}
          autoComplete="username"
          // The contract's bound for account text (an e-mail, a Chinese name: issue 21).
          maxLength={50}
          autoFocus
          onChange={(e) => change("userName", e.target.value, false)}
          onBlur={(e) => validate("userName", e.target.value)}
        />,
        "userName",
      )}
      {item(
        t("baseLogin.form.password"),
        "password",
        <Password {...fieldProps("password")} prefix={<LockOutlined />} autoComplete="current-password" onChange={(e) => change("password", e.target.value, true)} />,
        "password",
      )}
      {challengeId !== null &&
        item(
          t("baseLogin.form.verificationCode"),
          "verificationCode",
          <div className={styles.captchaRow}>
            <Input
              {...fieldProps("verificationCode")}
              prefix={<SafetyOutlined />}
              autoComplete="off"
              aria-label={t("baseLogin.form.verificationCode")}
              onChange={(e) => change("verificationCode", e.target.value, true)}
            />
            <Captcha challengeId={challengeId} onRefresh={onRefreshCaptcha} />
          </div>,
        )}
      <div style={{ marginBottom: token.marginLG }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t("baseLogin.form.submit")}
        </Button>
      </div>
    </form>
  );
}
