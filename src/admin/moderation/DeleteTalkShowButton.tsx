// Delete a complaint or a reply after a confirmation (spec 5: deleting a comment deletes its
// replies, and the confirmation says how many). Needs the roastList:delete button, the one the
// server checks for DELETE /talkShow on both screens.
import { CanAccess, useNotification } from "@refinedev/core";
import { Button } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { DeleteOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { useModerationRefresh } from "./useModerationRefresh";

type Props = {
  id: number;
  /** A complaint's reply count (deleted with it); undefined for a reply. */
  replyCount?: number;
  size?: "small" | "middle";
  onDeleted?: () => void;
};

export function DeleteTalkShowButton({ id, replyCount, size = "small", onDeleted }: Props) {
  const { t } = useTranslation("adminModeration");
  const operateSuccess = useOperateSuccess();
  const refresh = useModerationRefresh();
  const { open } = useNotification();
  const mutation = usePortalApi().useMutation("delete", "/talkShow");
  const isComplaint = replyCount !== undefined;

  const remove = () =>
    mutation
      .mutateAsync({ body: { ids: [id] } })
      .then(() => {
        open?.(operateSuccess());
        onDeleted?.();
        return refresh();
      })
      .catch(() => undefined);

  return (
    <CanAccess resource="roastList" action="delete">
      <ConfirmPopover
        title={t(isComplaint ? "delete.confirmComplaint" : "delete.confirmReply")}
        description={isComplaint ? t("delete.withReplies", { count: replyCount }) : t("delete.irreversible")}
        okText={t("common.ok")}
        cancelText={t("common.cancel")}
        okButtonProps={{ danger: true }}
        onConfirm={remove}
      >
        <Button size={size} danger icon={<DeleteOutlined />} loading={mutation.isPending}>
          {t("delete.button")}
        </Button>
      </ConfirmPopover>
    </CanAccess>
  );
}
