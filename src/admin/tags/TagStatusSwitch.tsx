// Enable/disable a tag from its row. The tag contract has no single-record status operation: the
// status button's operation is saveBatchById, so this switch calls it with one item, then refreshes
// the list. Without the status button the row shows a plain tag (spec 6 hides refused buttons).
import { CanAccess, useInvalidate, useNotification } from "@refinedev/core";
import { App, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { StatusTag } from "../StatusSwitch";
import { saveTagStatus } from "./api";
import { usePortalClient } from "../../api/ClientProvider";

type Props = { id: number; name: string; status: number };

export function TagStatusSwitch({ id, name, status }: Props) {
  const client = usePortalClient();
  const { t } = useTranslation("admin");
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const operateSuccess = useOperateSuccess();
  const [busy, setBusy] = useState(false);
  const enabled = status === 1;

  const change = async () => {
    setBusy(true);
    try {
      await saveTagStatus(client, id, enabled ? 0 : 1);
      open?.(operateSuccess());
      await invalidate({ resource: "bscLabel", invalidates: ["list", "detail"] });
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t(`crud.status.${enabled ? "confirmDisable" : "confirmEnable"}`, { name }),
      content: t(`adminTags:status.${enabled ? "confirmDisableContent" : "confirmEnableContent"}`),
      okText: t("crud.status.ok"),
      cancelText: t("crud.status.cancel"),
      onOk: change,
    });

  return (
    <CanAccess resource="bscLabel" action="status" fallback={<StatusTag status={status} keys="crud" />}>
      <Switch
        checked={enabled}
        loading={busy}
        onChange={confirm}
        aria-label={t("crud.status.switchLabel", { name })}
        checkedChildren={t("crud.status.enabled")}
        unCheckedChildren={t("crud.status.disabled")}
      />
    </CanAccess>
  );
}
