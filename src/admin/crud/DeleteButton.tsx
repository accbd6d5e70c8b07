// refine's DeleteButton (same props, same refine hook: access control, the delete mutation, its
// notifications) with a confirmation a keyboard user can answer: ConfirmPopover takes the focus on
// open and gives it back on close (issue 21). refine's own button renders a plain Popconfirm and
// passes nothing through to it.
import { Button } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { useDeleteButton } from "@refinedev/core";
import type { DeleteButtonProps } from "@refinedev/antd";

import { ConfirmPopover } from "../../shared/ConfirmPopover";

export function DeleteButton({
  resource,
  recordItemId,
  onSuccess,
  mutationMode,
  children,
  successNotification,
  errorNotification,
  hideText = false,
  accessControl,
  meta,
  dataProviderName,
  confirmTitle,
  confirmOkText,
  confirmCancelText,
  invalidates,
  ...rest
}: DeleteButtonProps) {
  const deletion = useDeleteButton({
    resource,
    id: recordItemId,
    dataProviderName,
    invalidates,
    meta,
    onSuccess,
    mutationMode,
    errorNotification,
    successNotification,
    accessControl,
  });
  const disabled = deletion.disabled || rest.disabled;
  if (deletion.hidden || rest.hidden) return null;
  return (
    <ConfirmPopover
      okText={confirmOkText ?? deletion.confirmOkLabel}
      cancelText={confirmCancelText ?? deletion.cancelLabel}
      okType="danger"
      title={confirmTitle ?? deletion.confirmTitle}
      okButtonProps={{ disabled: deletion.loading }}
      onConfirm={deletion.onConfirm}
      disabled={disabled}
    >
      <Button danger loading={deletion.loading} icon={<DeleteOutlined />} title={deletion.title} disabled={disabled} {...rest}>
        {!hideText && (children ?? deletion.label)}
      </Button>
    </ConfirmPopover>
  );
}
