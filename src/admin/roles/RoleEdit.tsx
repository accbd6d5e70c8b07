import { Edit, useForm } from "@refinedev/antd";
import { useParsed, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { RoleForm } from "./RoleForm";
import type { RoleFormValues, SysRole } from "./types";
import { useOperateSuccess } from "./useOperateSuccess";

export function RoleEdit() {
  const { t } = useTranslation("admin");
  // refine reads the id from the route only when it also infers the resource; naming the
  // resource means naming the id too.
  const { id } = useParsed();
  const { formProps, saveButtonProps } = useForm<SysRole, HttpError, RoleFormValues>({
    resource: "sysRole",
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  return (
    <Edit title={t("roles.titles.edit")} saveButtonProps={saveButtonProps} canDelete={false}>
      <RoleForm formProps={formProps} />
    </Edit>
  );
}
