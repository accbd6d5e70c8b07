// The fields of a user, shared by the create and edit pages: the account only when creating
// (spec 5 username rule), the real name, the roles in the order picked (the first is primary,
// spec 6), BU, email and mobile (spec 5 rules), and the status.
import { Form, Input, Radio, type FormProps } from "antd";
import { InFormSelect } from "../../shared/InFormSelect";
import { useTranslation } from "react-i18next";

import { createRules } from "../../shared/validators";
import { USER_STATUS, type UserCreateValues } from "./types";
import { useRoleOptions } from "./useRoleOptions";

/** Empty optional fields are sent as null (the contract's format checks would refuse ""). */
export function withNulls<T extends { bu?: string | null; email?: string | null; phone?: string | null }>(values: T): T {
  const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());
  return { ...values, bu: blank(values.bu), email: blank(values.email), phone: blank(values.phone) };
}

export function UserForm({ formProps, creating }: { formProps: FormProps<UserCreateValues>; creating: boolean }) {
  const { t } = useTranslation("admin");
  const rules = createRules(t);
  const roles = useRoleOptions();

  return (
    <Form<UserCreateValues>
      {...formProps}
      onFinish={(values) => formProps.onFinish?.(withNulls(values))}
      layout="vertical" initialValues={{ status: USER_STATUS.enabled, ...formProps.initialValues }}>
      {creating && (
        <Form.Item name="userName" label={t("users.fields.userName")} extra={t("users.hints.userName")} rules={[rules.required(), rules.username]}>
          <Input autoComplete="off" placeholder={t("users.placeholders.userName")} />
        </Form.Item>
      )}
      <Form.Item name="realName" label={t("users.fields.realName")} rules={[rules.required(), rules.maxLength(50)]}>
        <Input placeholder={t("users.placeholders.realName")} />
      </Form.Item>
      <Form.Item
        name="roleCodes"
        label={t("users.fields.roleCodes")}
        extra={t("users.hints.primaryRole")}
        rules={[{ required: true, type: "array", min: 1, message: t("users.validation.roleRequired") }]}
      >
        <InFormSelect mode="multiple" loading={roles.loading} options={roles.options} placeholder={t("users.placeholders.roleCodes")} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="bu" label={t("users.fields.bu")} rules={[rules.maxLength(100)]}>
        <Input placeholder={t("users.placeholders.bu")} />
      </Form.Item>
      <Form.Item name="email" label={t("users.fields.email")} rules={[rules.email, rules.maxLength(254)]}>
        <Input type="email" placeholder={t("users.placeholders.email")} />
      </Form.Item>
      <Form.Item name="phone" label={t("users.fields.phone")} rules={[rules.mobile]}>
        <Input inputMode="numeric" placeholder={t("users.placeholders.phone")} />
      </Form.Item>
      <Form.Item name="status" label={t("users.fields.status")}>
        <Radio.Group
          options={[
            { value: USER_STATUS.enabled, label: t("users.status.enabled") },
            { value: USER_STATUS.disabled, label: t("users.status.disabled") },
          ]}
        />
      </Form.Item>
    </Form>
  );
}
