import { Button, Form, Input, Select, Space, type FormProps } from "antd";
import { useTranslation } from "react-i18next";

import { USER_STATUS, type UserSearch } from "./types";
import { useRoleOptions } from "./useRoleOptions";

/** Filters of the user list: part of the account or name, a role, part of the BU, and status. */
export function UserSearchForm({ formProps }: { formProps: FormProps<UserSearch> }) {
  const { t } = useTranslation("admin");
  const roles = useRoleOptions();
  const reset = () => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };
  return (
    <Form<UserSearch> {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="userName" label={t("users.fields.userName")}>
        <Input allowClear placeholder={t("users.placeholders.search")} />
      </Form.Item>
      <Form.Item name="roleCode" label={t("users.fields.roleCodes")}>
        <Select allowClear style={{ width: 180 }} loading={roles.loading} options={roles.options} placeholder={t("users.placeholders.allRoles")} />
      </Form.Item>
      <Form.Item name="bu" label={t("users.fields.bu")}>
        <Input allowClear style={{ width: 140 }} placeholder={t("users.placeholders.bu")} />
      </Form.Item>
      <Form.Item name="status" label={t("users.fields.status")}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t("users.placeholders.status")}
          options={[
            { value: USER_STATUS.enabled, label: t("users.status.enabled") },
            { value: USER_STATUS.disabled, label: t("users.status.disabled") },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t("users.filters.search")}
        </Button>
        <Button onClick={reset}>{t("users.filters.reset")}</Button>
      </Space>
    </Form>
  );
}
