import { useForm } from "@refinedev/antd";
import { Create } from "../crud/pages";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { RoleForm } from "./RoleForm";
import type { RoleFormValues, SysRole } from "./types";
import { useOperateSuccess } from "./useOperateSuccess";

export function RoleCreate() {
  const { t } = useTranslation("admin");
  const { formProps, saveButtonProps } = useForm<SysRole, HttpError, RoleFormValues>({
    resource: "sysRole",
    action: "create",
    successNotification: useOperateSuccess(),
  });
  return (
    <Create title={t("roles.titles.create")} saveButtonProps={saveButtonProps}>
      <RoleForm formProps={formProps} />
    </Create>
  );
}
