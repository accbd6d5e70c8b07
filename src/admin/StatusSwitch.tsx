// Enable/disable a record from its list row: a switch that asks first, then calls the resource's
// status change (refine update with meta.operation "status"). Without the status button
// permission the row shows the status as a plain tag. The words come from admin.json under
// `<keys>.status` (enabled, disabled, switchLabel, confirmEnable, confirmDisable, their contents,
// ok, cancel).
//
// The switch shows what the server did: the row's status, or - once the server accepted a change -
// the status it accepted, until the row's status changes (a reload). A refused change (an error answer)
// leaves the row's status. (Issue 18: a change that cost the administrator his own permissions
// answered success, the list's reload was then refused, and the switch kept showing the old state.)
import { useEffect, useState } from "react";
import { CanAccess, useUpdate, type BaseKey, type HttpError } from "@refinedev/core";
import { Modal, Switch, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { STATUS_OPERATION } from "../dataProviders";
import { useOperateSuccess } from "./roles/useOperateSuccess";

/** The list owns one modal hook for all its rows (one context holder, not one per row). */
export type ModalApi = ReturnType<typeof Modal.useModal>[0];

export const STATUS = { enabled: 1, disabled: 0 } as const;

export function StatusTag({ status, keys }: { status: number; keys: string }) {
  const { t } = useTranslation("admin");
  return status === STATUS.enabled ? <Tag color="success">{t(`${keys}.status.enabled`)}</Tag> : <Tag>{t(`${keys}.status.disabled`)}</Tag>;
}

type Props = { resource: string; id: BaseKey; name: string; status: number; keys: string; modal: ModalApi };

export function StatusSwitch({ resource, id, name, status, keys, modal }: Props) {
  const { t } = useTranslation("admin");
  const operateSuccess = useOperateSuccess();
  const { mutateAsync, mutation } = useUpdate<{ id: BaseKey; status: number }, HttpError, { status: number }>();
  const [accepted, setAccepted] = useState<number>();
  // A reloaded row is the truth again.
  useEffect(() => setAccepted(undefined), [status]);
  const shown = accepted ?? status;
  const enabled = shown === STATUS.enabled;
  const next = enabled ? STATUS.disabled : STATUS.enabled;

  const confirm = () =>
    modal.confirm({
      title: t(`${keys}.status.${enabled ? "confirmDisable" : "confirmEnable"}`, { name }),
      content: t(`${keys}.status.${enabled ? "confirmDisableContent" : "confirmEnableContent"}`),
      okText: t(`${keys}.status.ok`),
      cancelText: t(`${keys}.status.cancel`),
      // A failure is shown by refine's error notification; the dialog closes either way.
      onOk: () =>
        mutateAsync({ resource, id, values: { status: next }, meta: { operation: STATUS_OPERATION }, successNotification: operateSuccess }).then(
          () => setAccepted(next),
          () => undefined,
        ),
    });

  return (
    <CanAccess resource={resource} action="status" fallback={<StatusTag status={shown} keys={keys} />}>
      <Switch
        checked={enabled}
        loading={mutation.isPending}
        onChange={confirm}
        aria-label={t(`${keys}.status.switchLabel`, { name })}
        checkedChildren={t(`${keys}.status.enabled`)}
        unCheckedChildren={t(`${keys}.status.disabled`)}
      />
    </CanAccess>
  );
}
