// Approve or reject a pending complaint or reply (spec 4, 7.5 checkTalkShow): approving publishes
// it at once; rejecting asks for a reason (1 to 200 characters) that its author then sees. Needs
// the roastList:check button; rows no longer pending offer nothing. When the e-sign setting
// complaintModeration is on (issue 24), the decision is signed in SignDialog on the exact text; a
// fresh SSO login for it comes back to this page and the dialog opens again with the decision.
import { CanAccess, useNotification } from "@refinedev/core";
import { Button, Form, Input, Modal, Space } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { SignDialog, type SignatureCredential } from "../../account/signing/SignDialog";
import { sha256Hex } from "../esign/contentHash";
import { EsignRefusedAlert } from "../esign/EsignRefusedAlert";
import { saveSignDraft, signReturnPath, useSignReturn } from "../esign/signReturn";
import { useEsignSetting } from "../esign/useEsignSetting";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { useModerationRefresh } from "./useModerationRefresh";
import type { ReviewStatus } from "./types";

/** The row's content exactly as stored: what a signed decision's content hash is of. */
type Props = { id: number; reviewStatus: ReviewStatus; content: string; size?: "small" | "middle" };
type Decision = { reviewStatus: 1 | 2; rejectReason?: string };

export function ReviewActions({ id, reviewStatus, content, size = "small" }: Props) {
  const { t } = useTranslation("adminModeration");
  const operateSuccess = useOperateSuccess();
  const refresh = useModerationRefresh();
  const { open } = useNotification();
  const mutation = usePortalApi().useMutation("post", "/talkShow/checkTalkShow");
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ rejectReason: string }>();
  const { t: te } = useTranslation("adminEsign");
  const esign = useEsignSetting("complaintModeration");
  const tag = `review-${id}`;
  const back = useSignReturn<Decision>((v) => v === tag);
  const [signing, setSigning] = useState<{ decision: Decision; contentHash: string } | null>(null);

  const openSigning = async (decision: Decision) => {
    saveSignDraft(tag, decision);
    setSigning({ decision, contentHash: await sha256Hex(content) });
  };
  // Back from the IdP with the decision being signed: the dialog again (not after a refusal).
  useEffect(() => {
    if (back.draft && !back.refused) void openSigning(back.draft);
    // once, with what came back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [back.draft, back.refused]);
  if (reviewStatus !== 0) return null;

  const check = (values: Decision, signature?: SignatureCredential) =>
    mutation.mutateAsync({ body: { id, ...values, ...(signature ? { signature } : {}) } }).then(() => {
      open?.(operateSuccess());
      setSigning(null);
      return refresh();
    });
  const decide = (decision: Decision) => (esign?.required ? openSigning(decision) : check(decision));

  const reject = async () => {
    const { rejectReason } = await form.validateFields();
    await decide({ reviewStatus: 2, rejectReason: rejectReason.trim() });
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
          onConfirm={() => decide({ reviewStatus: 1 }).catch(() => undefined)}
        >
          <Button size={size} type="primary" ghost loading={mutation.isPending}>
            {t("review.approve")}
          </Button>
        </ConfirmPopover>
        <Button size={size} danger onClick={() => setRejecting(true)}>
          {t("review.reject")}
        </Button>
      </Space>
      <EsignRefusedAlert reason={back.refused} />
      {signing && esign && (
        <SignDialog
          open
          meaning={esign.meaning}
          subject={te(signing.decision.reviewStatus === 1 ? "subject.approve" : "subject.reject", { id })}
          contentHash={signing.contentHash}
          returnTo={signReturnPath(tag)}
          onSign={(credential) => check(signing.decision, credential)}
          onCancel={() => setSigning(null)}
        />
      )}
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
