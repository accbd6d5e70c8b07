// Create a user. The server generates the first password; it is shown once, in a dialog the
// administrator closes before going back to the list (it cannot be read again, only reset).
import { useForm } from "@refinedev/antd";
import { Create } from "../crud/pages";
import { useNavigation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { PasswordOnce } from "./PasswordOnce";
import { UserForm } from "./UserForm";
import type { SysUser, UserCreateValues } from "./types";

export function UserCreate() {
  const { t } = useTranslation("admin");
  const { list } = useNavigation();
  const [created, setCreated] = useState<{ userName: string; password: string } | null>(null);
  const { formProps, saveButtonProps } = useForm<SysUser & { initialPassword?: string | null }, HttpError, UserCreateValues>({
    resource: "sysUser",
    action: "create",
    redirect: false,
    successNotification: useOperateSuccess(),
    onMutationSuccess: ({ data }, variables) => {
      if (data.initialPassword) setCreated({ userName: variables.userName, password: data.initialPassword });
      else list("sysUser");
    },
  });
  return (
    <Create title={t("users.titles.create")} saveButtonProps={saveButtonProps}>
      <UserForm formProps={formProps} creating />
      <PasswordOnce
        open={created !== null}
        title={t("users.password.createdTitle", { userName: created?.userName ?? "" })}
        password={created?.password ?? ""}
        onClose={() => {
          setCreated(null);
          list("sysUser");
        }}
      />
    </Create>
  );
}
