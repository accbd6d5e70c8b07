// Approve or reject a pending complaint or reply (spec 4, 7.5 checkTalkShow): approving publishes
// it at once; rejecting asks for a reason (1 to 200 characters) that its author then sees. Needs
// the roastList:check button; rows no longer pending offer nothing.
import { CanAccess, useNotification } from "@refinedev/core";
import { Button, Form, Input, Modal, Space } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { useModerationRefresh } from "./useModerationRefresh";
import type { ReviewStatus } from "./types";

type Props = { id: number; reviewStatus: ReviewStatus; size?: "small" | "middle" };

export function ReviewActions({ id, reviewStatus, size = "small" }: Props) {
  const { t } = useTranslation("adminModeration");
  const operateSuccess = useOperateSuccess();
  const refresh = useModerationRefresh();
  const { open } = useNotification();
  const mutation = usePortalApi().useMutation("post", "/talkShow/checkTalkShow");
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ rejectReason: string }>();
  if (reviewStatus !== 0) return null;

  const check = (values: { reviewStatus: 1 | 2; rejectReason?: string }) =>
    mutation.mutateAsync({ body: { id, ...values } }).then(() => {
      open?.(operateSuccess());
      return refresh();
    });

  const reject = async () => {
    const { rejectReason } = await form.validateFields();
    await check({ reviewStatus: 2, rejectReason: rejectReason.trim() });
    setRejecting(false);
    form.resetFields();
  };

  return (
    <CanAccess resource="roastList" action="check">
      <Space size={4}>
        <ConfirmPopover
          title={t("review.approveConfirm")}
          okText={t("common.ok")}
          cancelText={t("common.cancel")}
          onConfirm={() => check({ reviewStatus: 1 }).catch(() => undefined)}
        >
          <Button size={size} type="primary" ghost loading={mutation.isPending}>
            {t("review.approve")}
          </Button>
        </ConfirmPopover>
        <Button size={size} danger onClick={() => setRejecting(true)}>
          {t("review.reject")}
        </Button>
      </Space>
      <Modal
        open={rejecting}
        title={t("review.rejectTitle")}
        okText={t("review.reject")}
        cancelText={t("common.cancel")}
        okButtonProps={{ danger: true, loading: mutation.isPending }}
        onOk={() => reject().catch(() => undefined)}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="rejectReason"
            label={t("review.rejectReason")}
            rules={[
              { required: true, whitespace: true, message: t("review.rejectReasonRequired") },
              { max: 200, message: t("review.rejectReasonMax") },
            ]}
          >
            <Input.TextArea rows={4} maxLength={200} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </CanAccess>
  );
}
