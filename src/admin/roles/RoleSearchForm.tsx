import { Button, Form, Input, Select, Space, type FormProps } from "antd";
import { useTranslation } from "react-i18next";

import { ROLE_STATUS, type RoleSearch } from "./types";

/** Filters of the role list: part of the name or code, and status. */
export function RoleSearchForm({ formProps }: { formProps: FormProps<RoleSearch> }) {
  const { t } = useTranslation("admin");
  const reset = () => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };
  return (
    <Form<RoleSearch> {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="roleName" label={t("roles.fields.roleName")}>
        <Input allowClear placeholder={t("roles.placeholders.search")} />
      </Form.Item>
      <Form.Item name="status" label={t("roles.fields.status")}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t("roles.placeholders.status")}
          options={[
            { value: ROLE_STATUS.enabled, label: t("roles.status.enabled") },
            { value: ROLE_STATUS.disabled, label: t("roles.status.disabled") },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t("roles.filters.search")}
        </Button>
        <Button onClick={reset}>{t("roles.filters.reset")}</Button>
      </Space>
    </Form>
  );
}
