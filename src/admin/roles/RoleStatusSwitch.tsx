// Enable/disable a role from its list row: a switch that asks first, then calls the resource's
// status change (refine update with meta.operation "status"). Without the status button
// permission the row shows the status as a plain tag.
import { CanAccess, useUpdate, type HttpError } from "@refinedev/core";
import { Modal, Switch } from "antd";
import { useTranslation } from "react-i18next";

import { STATUS_OPERATION } from "../../dataProviders";
import { RoleStatusTag } from "./RoleStatusTag";
import { ROLE_STATUS, type SysRole } from "./types";
import { useOperateSuccess } from "./useOperateSuccess";

/** The list owns one modal hook for all its rows (one context holder, not one per row). */
export type ModalApi = ReturnType<typeof Modal.useModal>[0];

type Props = { role: SysRole; modal: ModalApi };

export function RoleStatusSwitch({ role, modal }: Props) {
  const { t } = useTranslation("admin");
  const operateSuccess = useOperateSuccess();
  const { mutateAsync, mutation } = useUpdate<SysRole, HttpError, Pick<SysRole, "status">>();
  const enabled = role.status === ROLE_STATUS.enabled;
  const next = enabled ? ROLE_STATUS.disabled : ROLE_STATUS.enabled;

  const confirm = () =>
    modal.confirm({
      title: t(enabled ? "roles.status.confirmDisable" : "roles.status.confirmEnable", { name: role.roleName }),
      content: t(enabled ? "roles.status.confirmDisableContent" : "roles.status.confirmEnableContent"),
      okText: t("roles.status.ok"),
      cancelText: t("roles.status.cancel"),
      // A failure is shown by refine's error notification; the dialog closes either way.
      onOk: () =>
        mutateAsync({
          resource: "sysRole",
          id: role.id,
          values: { status: next },
          meta: { operation: STATUS_OPERATION },
          successNotification: operateSuccess,
        }).catch(() => undefined),
    });

  return (
    <CanAccess resource="sysRole" action="status" fallback={<RoleStatusTag status={role.status} />}>
      <Switch
        checked={enabled}
        loading={mutation.isPending}
        onChange={confirm}
        aria-label={t("roles.status.switchLabel", { name: role.roleName })}
        checkedChildren={t("roles.status.enabled")}
        unCheckedChildren={t("roles.status.disabled")}
      />
    </CanAccess>
  );
}
