import { useForm } from "@refinedev/antd";
import { Edit } from "../crud/pages";
import { useParsed, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { UserForm } from "./UserForm";
import type { SysUser, UserCreateValues } from "./types";

export function UserEdit() {
  const { t } = useTranslation("admin");
  const { id } = useParsed();
  const { formProps, saveButtonProps } = useForm<SysUser, HttpError, UserCreateValues>({
    resource: "sysUser",
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  return (
    <Edit title={t("users.titles.edit")} saveButtonProps={saveButtonProps} canDelete={false}>
      <UserForm formProps={formProps} creating={false} />
    </Edit>
  );
}
