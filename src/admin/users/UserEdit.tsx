import { Edit } from "../crud/pages";
import { useParsed } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { StaleRecordAlert, useVersionedForm } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { UserForm } from "./UserForm";
import type { SysUser, UserCreateValues } from "./types";

export function UserEdit() {
  const { t } = useTranslation("admin");
  const { id } = useParsed();
  // The save carries the version read; a user changed by someone else since offers to reload (issue 20).
  const { formProps, saveButtonProps, stale, reload, reloading } = useVersionedForm<SysUser, UserCreateValues>({
    resource: "sysUser",
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  return (
    <Edit title={t("users.titles.edit")} saveButtonProps={saveButtonProps} canDelete={false}>
      {stale && <StaleRecordAlert onReload={() => void reload()} reloading={reloading} />}
      <UserForm formProps={formProps} creating={false} />
    </Edit>
  );
}
