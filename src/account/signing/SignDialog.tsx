// The electronic signature (issue 24; 21 CFR 11.50, 11.100, 11.200): the person proves at the moment
// of signing that they are the session's person, and sees what the signature will say - their
// printed name, the meaning, and the fingerprint of the exact content. A password session types the
// password again (RSA-encrypted like the login's); an SSO session signs in again at the identity
// provider (a forced fresh login), comes back to `returnTo`, and signs with that login, once.
// The host does the signed action in onSign with the credential; the dialog stays open on a refusal
// (a wrong password: the toast says so) and closes only when the host closes it.
import { useEffect, useState } from "react";
import { Alert, Button, Form, Input, Modal, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import { unwrap } from "../../api/client";
import { usePortalClient } from "../../api/ClientProvider";
import { useIdentity } from "../../auth/hooks";
import { encryptPassword } from "../../shared/crypto";

export type SignatureMeaning = components["schemas"]["SignatureMeaning"];
export type SignatureCredential = components["schemas"]["SignatureCredential"];
type EsignStatus = components["schemas"]["EsignStatusOk"]["data"];

export interface SignDialogProps {
  open: boolean;
  meaning: SignatureMeaning;
  /** What is signed, as the person reads it (a policy's title and version, say). */
  subject: string;
  contentHash: string;
  /** The path to come back to after a fresh SSO login (this page, with what reopens the dialog). */
  returnTo: string;
  /** Does the signed action; rejects when it was refused (the dialog stays open). */
  onSign: (credential: SignatureCredential) => Promise<unknown>;
  onCancel: () => void;
}

export function SignDialog({ open, meaning, subject, contentHash, returnTo, onSign, onCancel }: SignDialogProps) {
  const { t } = useTranslation("esign");
  const client = usePortalClient();
  const { data: user } = useIdentity();
  const [status, setStatus] = useState<EsignStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [unencrypted, setUnencrypted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setStatus(null);
    setFailed(false);
    setUnencrypted(false);
    form.resetFields();
    unwrap(client.GET("/esign/status")).then(
      (s) => live && setStatus(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, client, form]);

  const sign = async (credential: SignatureCredential) => {
    setBusy(true);
    try {
      await onSign(credential);
    } catch {
      // refused (a wrong password, a lock): the toast said why; the person may try again
      form.setFieldValue("password", "");
    } finally {
      setBusy(false);
    }
  };

  const signWithPassword = async ({ password }: { password: string }) => {
    setBusy(true);
    setUnencrypted(false);
    let publicKey: string;
    try {
      ({ publicKey } = await unwrap(client.GET("/sysUserEx/getPublicKey")));
    } catch {
      setBusy(false); // the toast said why
      return;
    }
    let encrypted: string;
    try {
      encrypted = await encryptPassword(publicKey, password);
    } catch {
      // no WebCrypto here (an address that is not https, an old browser): say so, send nothing
      setUnencrypted(true);
      setBusy(false);
      return;
    }
    setBusy(false);
    await sign({ method: "password", password: encrypted });
  };

  const reauthenticate = async () => {
    setBusy(true);
    try {
      const { redirectUrl } = await unwrap(client.POST("/esign/sso/start", { body: { returnTo } }));
      window.location.assign(redirectUrl);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t("dialog.title")} onCancel={onCancel} footer={null} destroyOnHidden maskClosable={false}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph>{t("dialog.statement", { meaning: t(`meaning.${meaning}`), subject })}</Typography.Paragraph>
        <dl className="esign-manifest">
          <dt>{t("manifest.printedName")}</dt>
          <dd>{user?.realName ?? ""}</dd>
          <dt>{t("manifest.meaning")}</dt>
          <dd>{t(`meaning.${meaning}`)}</dd>
          <dt>{t("manifest.contentHash")}</dt>
          <dd>
            <Typography.Text code copyable={{ text: contentHash }}>{`${contentHash.slice(0, 16)}…`}</Typography.Text>
          </dd>
        </dl>
        {failed && <Alert type="error" showIcon message={t("dialog.statusFailed")} />}
        {unencrypted && <Alert type="error" showIcon message={t("dialog.encryptFailed")} />}
        {!status && !failed && <Typography.Text type="secondary">{t("dialog.loading")}</Typography.Text>}
        {status?.method === "password" && (
          <Form form={form} layout="vertical" onFinish={(v) => void signWithPassword(v)} disabled={busy}>
            <Form.Item name="password" label={t("dialog.password")} rules={[{ required: true, message: t("dialog.passwordRequired") }]}>
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t("dialog.sign")}
              </Button>
              <Button onClick={onCancel}>{t("dialog.cancel")}</Button>
            </Space>
          </Form>
        )}
        {status?.method === "sso" && status.ssoReady && (
          <>
            <Alert type="success" showIcon message={t("dialog.ssoReady")} />
            <Space>
              <Button type="primary" loading={busy} onClick={() => void sign({ method: "sso" })} autoFocus>
                {t("dialog.sign")}
              </Button>
              <Button onClick={onCancel}>{t("dialog.cancel")}</Button>
            </Space>
          </>
        )}
        {status?.method === "sso" && !status.ssoReady && (
          <>
            <Typography.Paragraph type="secondary">{t("dialog.ssoExplain")}</Typography.Paragraph>
            <Space>
              <Button type="primary" loading={busy} onClick={() => void reauthenticate()} autoFocus>
                {t("dialog.ssoStart")}
              </Button>
              <Button onClick={onCancel}>{t("dialog.cancel")}</Button>
            </Space>
          </>
        )}
      </Space>
    </Modal>
  );
}
