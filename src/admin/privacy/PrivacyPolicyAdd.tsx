// /privacyPolicyAdd: publish a new privacy-policy version (spec 2.3, 7.1 POST /bscPrivacyPolicy).
// The form starts from the current text and suggests the next version; the version must be x.y.z
// and higher than the current one. Publishing asks first: every user, the publisher included, must
// read and accept the new version before going on. When the e-sign setting privacyPublish is on
// (issue 24), the publisher signs the exact text in SignDialog; a fresh SSO login for it comes back
// here with the draft (esign/signReturn.ts) and the dialog opens again.
import { Create } from "../crud/pages";
import { useCreate } from "@refinedev/core";
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { usePortalApi } from "../../api/ClientProvider";
import { SignDialog, type SignatureCredential } from "../../account/signing/SignDialog";
import { sha256Hex } from "../esign/contentHash";
import { EsignRefusedAlert } from "../esign/EsignRefusedAlert";
import { saveSignDraft, signReturnPath, useSignReturn } from "../esign/signReturn";
import { useEsignSetting } from "../esign/useEsignSetting";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { isHigher, nextVersion, PRIVACY, PRIVACY_LIST_PATH, versionParts } from "./types";

type Values = { policyVersion: string; policyContent: string };
const SIGN_TAG = "privacyPublish";

export function PrivacyPolicyAdd() {
  const { t } = useTranslation("adminModeration");
  const navigate = useNavigate();
  const operateSuccess = useOperateSuccess();
  const [modal, holder] = Modal.useModal();
  const [form] = Form.useForm<Values>();
  // The current version, or null before the first one is published.
  const query = usePortalApi().useQuery("get", "/bscPrivacyPolicy");
  const current = query.data?.data ?? null;
  const { mutateAsync, mutation } = useCreate();
  const { t: te } = useTranslation("adminEsign");
  const esign = useEsignSetting("privacyPublish");
  const back = useSignReturn<Values>((tag) => tag === SIGN_TAG);
  // What is being signed: the trimmed values and the SHA-256 of the content as the server stores it.
  const [signing, setSigning] = useState<{ values: Values; contentHash: string } | null>(null);

  useEffect(() => {
    if (back.draft) form.setFieldsValue(back.draft);
    else if (query.isSuccess && !form.isFieldsTouched())
      form.setFieldsValue({ policyVersion: nextVersion(current?.policyVersion), policyContent: current?.policyContent ?? "" });
  }, [query.isSuccess, current, form, back.draft]);

  const openSigning = async (values: Values) => {
    const trimmed = { policyVersion: values.policyVersion.trim(), policyContent: values.policyContent.trim() };
    saveSignDraft(SIGN_TAG, trimmed);
    setSigning({ values: trimmed, contentHash: await sha256Hex(trimmed.policyContent) });
  };

  // Back from the IdP with what was being published: the dialog again (not after a refusal: the alert says why).
  useEffect(() => {
    if (back.draft && !back.refused) void openSigning(back.draft);
  }, [back.draft, back.refused]);

  const send = (values: Values, signature?: SignatureCredential) =>
    mutateAsync({
      resource: PRIVACY,
      values: { policyVersion: values.policyVersion.trim(), policyContent: values.policyContent.trim(), ...(signature ? { signature } : {}) },
      successNotification: operateSuccess,
    }).then(() => navigate(PRIVACY_LIST_PATH));

  const publish = (values: Values) =>
    modal.confirm({
      title: t("privacy.confirmTitle", { version: values.policyVersion.trim() }),
      content: t("privacy.confirmContent"),
      okText: t("privacy.confirmOk"),
      cancelText: t("common.cancel"),
      onOk: () => (esign?.required ? openSigning(values) : send(values).catch(() => undefined)),
    });

  return (
    <Create
      title={t("privacy.addTitle")}
      resource={PRIVACY}
      isLoading={query.isLoading}
      saveButtonProps={{ onClick: () => form.submit(), loading: mutation.isPending, children: t("privacy.publishButton") }}
    >
      {holder}
      <EsignRefusedAlert reason={back.refused} />
      {signing && esign && (
        <SignDialog
          open
          meaning={esign.meaning}
          subject={te("subject.privacyPublish", { version: signing.values.policyVersion })}
          contentHash={signing.contentHash}
          returnTo={signReturnPath(SIGN_TAG)}
          onSign={(credential) => send(signing.values, credential)}
          onCancel={() => setSigning(null)}
        />
      )}
      <Alert type="warning" showIcon message={t("privacy.reacceptNotice")} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={publish} style={{ maxWidth: 900 }}>
        <Form.Item
          name="policyVersion"
          label={t("privacy.fields.policyVersion")}
          extra={current ? t("privacy.versionHelpCurrent", { version: current.policyVersion }) : t("privacy.versionHelp")}
          rules={[
            { required: true, whitespace: true, message: t("privacy.versionRequired") },
            {
              validator: (_r, v: string | undefined) => {
                if (!v?.trim()) return Promise.resolve();
                if (!versionParts(v)) return Promise.reject(new Error(t("privacy.versionFormat")));
                if (current && !isHigher(v, current.policyVersion)) return Promise.reject(new Error(t("privacy.versionHigher", { version: current.policyVersion })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input style={{ width: 200 }} maxLength={11} placeholder="1.0.1" />
        </Form.Item>
        <Form.Item
          name="policyContent"
          label={t("privacy.fields.policyContent")}
          rules={[
            { required: true, whitespace: true, message: t("privacy.contentRequired") },
            { max: 200000, message: t("privacy.contentMax") },
          ]}
        >
          <Input.TextArea rows={15} maxLength={200000} showCount />
        </Form.Item>
      </Form>
    </Create>
  );
}
