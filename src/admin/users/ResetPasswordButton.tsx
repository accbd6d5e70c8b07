// Reset a user's password (spec 7.9 resetPassword): asks first (the user is signed out
// everywhere), then shows the generated password once. Needs the sys:user:resetPassword button.
import { CanAccess } from "@refinedev/core";
import { KeyOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import type { components } from "../../api/schema";
import type { ModalApi } from "../StatusSwitch";
import { PasswordOnce } from "./PasswordOnce";

/** A row action of the user list (the definition's rowActions). */
export function ResetPasswordButton({ record, modal }: { record: components["schemas"]["SysUser"]; modal: ModalApi }) {
  const { id: userId, userName } = record;
  const { t } = useTranslation("admin");
  const mutation = usePortalApi().useMutation("post", "/api/user/resetPassword");
  const [password, setPassword] = useState<string | null>(null);

  const confirm = () =>
    modal.confirm({
      title: t("users.password.confirmReset", { userName }),
      content: t("users.password.confirmResetContent"),
      okText: t("users.status.ok"),
      cancelText: t("users.status.cancel"),
      onOk: () =>
        mutation
          .mutateAsync({ body: { userId: Number(userId) } })
          .then(({ data }) => setPassword(data.password))
          .catch(() => undefined),
    });

  return (
    <CanAccess resource="sysUser" action="resetPassword">
      <Button size="small" icon={<KeyOutlined />} loading={mutation.isPending} onClick={confirm}>
        {t("users.password.reset")}
      </Button>
      <PasswordOnce
        open={password !== null}
        title={t("users.password.resetTitle", { userName })}
        password={password ?? ""}
        onClose={() => setPassword(null)}
      />
    </CanAccess>
  );
}
