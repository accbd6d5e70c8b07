// The check-status switch (spec 7.5 getCheckTalkShowStatus / updateCheckTalkShowStatus): whether
// new complaints and replies wait for review before they are published. Changing it asks first;
// rows already pending stay pending. Without the roastList:status button it is shown read-only.
import { useCan, useNotification } from "@refinedev/core";
import { Modal, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { useOperateSuccess } from "../roles/useOperateSuccess";

export function ReviewSwitch() {
  const { t } = useTranslation("adminModeration");
  const operateSuccess = useOperateSuccess();
  const [modal, holder] = Modal.useModal();
  const { open } = useNotification();
  const api = usePortalApi();
  const query = api.useQuery("get", "/talkShow/getCheckTalkShowStatus");
  const mutation = api.useMutation("put", "/talkShow/updateCheckTalkShowStatus");
  const { data: can } = useCan({ resource: "roastList", action: "status" });
  const on = query.data?.data === true;

  const change = (next: boolean) =>
    modal.confirm({
      title: t(next ? "switch.confirmOn" : "switch.confirmOff"),
      content: t(next ? "switch.confirmOnContent" : "switch.confirmOffContent"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      onOk: () =>
        mutation
          .mutateAsync({ body: { checkStatus: next } })
          .then(() => {
            open?.(operateSuccess());
            return query.refetch();
          })
          .catch(() => undefined),
    });

  return (
    <Space>
      {holder}
      <Typography.Text id="review-switch-label">{t("switch.label")}</Typography.Text>
      <Switch
        aria-labelledby="review-switch-label"
        checked={on}
        loading={query.isLoading || mutation.isPending}
        disabled={can?.can === false || query.isError}
        checkedChildren={t("switch.on")}
        unCheckedChildren={t("switch.off")}
        onChange={change}
      />
    </Space>
  );
}
