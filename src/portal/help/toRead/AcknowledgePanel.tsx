// The read-and-acknowledge panel under a policy's detail (issue 24). It shows what the caller is
// asked about the policy's current version: when a campaign asks, "I have read and understood"
// records the acknowledgement - signed (SignDialog: the password again, or a fresh SSO login) when
// the campaign asks for a signature; once done, the acknowledgement and its signature are shown.
// A version superseded while the page was open (409) tells the person to read the new one.
// After a fresh SSO login for signing the IdP sends the person back here with ?sign=1, which
// reopens the dialog once (the flag leaves the address at once).
import { useEffect, useState } from "react";
import { Alert, Button, Card, Space, Typography } from "antd";
import { CheckCircleOutlined, EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

import { ApiError } from "../../../api/client";
import { usePortalClient } from "../../../api/ClientProvider";
import { SignDialog } from "../../../account/signing/SignDialog";
import { SignatureLine } from "../../../account/signing/SignatureLine";
import { LoadFailed } from "../parts";
import { useLoad } from "../useLoad";
import { acknowledgePolicy, fetchAcknowledgementStatus, type AcknowledgementStatus, type SignatureCredential } from "./api";
import { toReadChanged } from "./toReadChanged";

/** The address flag that reopens the signature dialog after the SSO round trip. */
export const SIGN_FLAG = "sign";

/** The address the IdP sends the person back to: this policy, with the flag. */
export const signReturnTo = (policyId: number) => `/main/helpDetail?id=${policyId}&${SIGN_FLAG}=1`;

/** 409: the version is no longer the current one, its content changed, or the campaign did. */
const isStale = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.code === 4090 || error.code === 4091);
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.code === 404);

export interface AcknowledgePanelProps {
  policyId: number;
  policyTitle: string;
  /** Reads the policy again (its content), for the new version after a 409. */
  onReloadPolicy: () => void;
}

export function AcknowledgePanel({ policyId, policyTitle, onReloadPolicy }: AcknowledgePanelProps) {
  const client = usePortalClient();
  const { t } = useTranslation("compliance");
  const [params, setParams] = useSearchParams();
  const status = useLoad(() => fetchAcknowledgementStatus(policyId, client), [policyId, client]);
  const [signing, setSigning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);

  const data = status.state.status === "ready" ? status.state.data : null;
  const asked = data && data.requested && !data.acknowledgement ? data : null;
  const wantsDialog = params.get(SIGN_FLAG) === "1";

  // Back from the fresh SSO login: reopen the dialog once, and take the flag out of the address.
  useEffect(() => {
    if (!wantsDialog || status.state.status === "loading") return;
    if (asked?.signatureRequired) setSigning(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGN_FLAG);
        return next;
      },
      { replace: true },
    );
  }, [wantsDialog, status.state.status, asked, setParams]);

  const acknowledge = async (current: AcknowledgementStatus, signature?: SignatureCredential) => {
    try {
      const acknowledgement = await acknowledgePolicy(current, signature, client);
      status.setData((previous) => ({ ...previous, acknowledgement }));
      setSigning(false);
      toReadChanged();
    } catch (error) {
      if (!isStale(error)) throw error; // the toast said why; a signing person may try again
      setSigning(false);
      setStale(true);
    }
  };

  const acknowledgeUnsigned = async (current: AcknowledgementStatus) => {
    setBusy(true);
    try {
      await acknowledge(current);
    } catch {
      // the toast said why
    } finally {
      setBusy(false);
    }
  };

  const reloadNewVersion = () => {
    setStale(false);
    onReloadPolicy();
    status.reload();
  };

  const { state } = status;
  if (state.status === "failed" && isMissing(state.error)) return null; // never published: nothing to acknowledge
  if (state.status === "failed" && !state.data)
    return (
      <Card size="small" data-testid="ack-panel">
        <LoadFailed onRetry={status.reload} title={t("panel.loadFailed")} />
      </Card>
    );
  if (!data) return null; // loading: the page shows its content first
  if (stale)
    return (
      <Card size="small" data-testid="ack-panel">
        <Alert
          type="warning"
          showIcon
          data-testid="ack-stale"
          message={t("panel.staleTitle")}
          description={t("panel.staleText")}
          action={
            <Button type="primary" onClick={reloadNewVersion}>
              {t("panel.reload")}
            </Button>
          }
        />
      </Card>
    );

  const ack = data.acknowledgement;
  if (ack)
    return (
      <Card size="small" data-testid="ack-panel" data-state="done">
        <Space direction="vertical">
          <Typography.Text>
            <CheckCircleOutlined style={{ color: "#389e0d" }} /> {t("panel.done", { version: data.versionNumber, at: ack.acknowledgedAt })}
          </Typography.Text>
          {ack.signature && <SignatureLine signature={ack.signature} />}
        </Space>
      </Card>
    );
  if (!asked) return null; // no campaign asks: nothing to do here

  const subject = t("panel.subject", { title: policyTitle, version: asked.versionNumber });
  return (
    <Card size="small" data-testid="ack-panel" data-state="asked">
      <Space direction="vertical" style={{ display: "flex" }}>
        <Typography.Text>
          {asked.dueDate ? t("panel.askedBy", { version: asked.versionNumber, date: asked.dueDate }) : t("panel.asked", { version: asked.versionNumber })}
        </Typography.Text>
        {asked.signatureRequired && <Typography.Text type="secondary">{t("panel.signatureNote")}</Typography.Text>}
        <div>
          <Button
            type="primary"
            icon={asked.signatureRequired ? <EditOutlined /> : <CheckCircleOutlined />}
            loading={busy}
            onClick={() => (asked.signatureRequired ? setSigning(true) : void acknowledgeUnsigned(asked))}
          >
            {asked.signatureRequired ? t("panel.readAndSign") : t("panel.readUnderstood")}
          </Button>
        </div>
      </Space>
      {asked.signatureRequired && (
        <SignDialog
          open={signing}
          meaning={asked.meaning}
          subject={subject}
          contentHash={asked.contentHash}
          returnTo={signReturnTo(policyId)}
          onSign={(credential) => acknowledge(asked, credential)}
          onCancel={() => setSigning(false)}
        />
      )}
    </Card>
  );
}
