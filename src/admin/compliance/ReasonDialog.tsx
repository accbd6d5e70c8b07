// A dialog that asks why before a campaign is closed or restarted (issue 24: the reason goes into
// the audit trail). It says what will happen, takes a reason (required, up to 500 characters) and
// calls `onConfirm`; it stays open when the call is refused (the toast said why). Esc and Cancel
// close it; the reason field has the focus when it opens.
import { useState } from "react";
import { Alert, Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";

export const REASON_MAX = 500;

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in full. */
  consequence: string;
  okText: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

export function ReasonDialog({ open, title, consequence, okText, danger, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useTranslation("adminCompliance");
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch {
      // refused: the toast said why; the dialog stays for another try or Cancel
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t("actions.cancel")}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Alert type={danger ? "warning" : "info"} showIcon message={consequence} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item
          name="reason"
          label={t("actions.reason")}
          extra={t("actions.reasonHint")}
          rules={[
            { required: true, whitespace: true, message: t("actions.reasonRequired") },
            { max: REASON_MAX, message: t("actions.reasonMax", { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
