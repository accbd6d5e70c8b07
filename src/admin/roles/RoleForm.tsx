// The fields of a role, shared by the create and edit pages. Messages come from common's spec 5
// rules (required, length) and from admin.json for the role code's own format.
import { Form, Input, Radio, type FormProps } from "antd";
import { useTranslation } from "react-i18next";

import { createRules } from "../../shared/validators";
import { PermissionTree } from "./PermissionTree";
import { ROLE_CODE_PATTERN, ROLE_STATUS, type RoleFormValues } from "./types";
import { useRoleMenuTree } from "./useRoleMenuTree";

export function RoleForm({ formProps }: { formProps: FormProps<RoleFormValues> }) {
  const { t } = useTranslation("admin");
  const { t: tm } = useTranslation("adminMenus");
  const menuTree = useRoleMenuTree();
  const rules = createRules(t);
  const roleCodeRule = {
    pattern: ROLE_CODE_PATTERN,
    message: t("roles.validation.roleCodePattern"),
  };

  return (
    <Form<RoleFormValues> {...formProps} layout="vertical" initialValues={{ status: ROLE_STATUS.enabled, ...formProps.initialValues }}>
      <Form.Item name="roleName" label={t("roles.fields.roleName")} rules={[rules.required(), rules.maxLength(50)]}>
        <Input placeholder={t("roles.placeholders.roleName")} />
      </Form.Item>
      <Form.Item name="roleCode" label={t("roles.fields.roleCode")} rules={[rules.required(), roleCodeRule]}>
        <Input placeholder={t("roles.placeholders.roleCode")} />
      </Form.Item>
      <Form.Item name="description" label={t("roles.fields.description")} rules={[rules.maxLength(200)]}>
        <Input.TextArea rows={3} placeholder={t("roles.placeholders.description")} />
      </Form.Item>
      <Form.Item name="remark" label={t("roles.fields.remark")} rules={[rules.maxLength(200)]}>
        <Input.TextArea rows={2} placeholder={t("roles.placeholders.remark")} />
      </Form.Item>
      <Form.Item name="status" label={t("roles.fields.status")}>
        <Radio.Group
          options={[
            { value: ROLE_STATUS.enabled, label: t("roles.status.enabled") },
            { value: ROLE_STATUS.disabled, label: t("roles.status.disabled") },
          ]}
        />
      </Form.Item>
      <Form.Item name="menuIds" label={tm("roles.permissions")} extra={tm("roles.permissionsHelp")}>
        <PermissionTree {...menuTree} />
      </Form.Item>
    </Form>
  );
}
