// The dialogs of the first-login flow (spec 2.8 and 4): privacy (read-only text of 15 rows,
// Refuse and Accept), the change of a password an administrator gave (issue 21) and the guide
// ("need", "no need", "never notify"). What they decide lives in
// FirstLoginFlow.tsx; this module is loaded only when one of them is to be shown (issue 9: the
// workspace does not download antd's Modal, TextArea and Checkbox for a person who has consented).
import { Button, Checkbox, Modal, Space, Typography } from "antd";
import TextArea from "antd/es/input/TextArea";
import { useTranslation } from "react-i18next";

import { PasswordChangeForm } from "../../account/PasswordChangeForm";
import type { FirstLoginStep } from "./firstLogin";

export interface Policy {
  policyContent: string;
  policyVersion: string;
}

export interface FirstLoginDialogsProps {
  step: FirstLoginStep;
  policy: Policy | null;
  saving: boolean;
  loggingOut: boolean;
  neverNotify: boolean;
  onNeverNotify: (value: boolean) => void;
  refuseBlocked: boolean;
  noNeedBlocked: boolean;
  onRefuse: () => void;
  onAccept: () => void;
  onNoNeed: () => void;
  onNeed: () => void;
  /** The password an administrator gave was replaced (issue 21). */
  onPasswordChanged: () => void;
}

export function FirstLoginDialogs({
  step,
  policy,
  saving,
  loggingOut,
  neverNotify,
  onNeverNotify,
  refuseBlocked,
  noNeedBlocked,
  onRefuse,
  onAccept,
  onNoNeed,
  onNeed,
  onPasswordChanged,
}: FirstLoginDialogsProps) {
  const { t } = useTranslation("personal");
  return (
    <>
      <Modal
        open={step === "privacy" && policy !== null}
        title={t("privacy.title", { version: policy?.policyVersion ?? "" })}
        closable={false}
        maskClosable={false}
        keyboard={false}
        width={720}
        footer={
          <Space>
            <Button data-testid="privacy-refuse" disabled={refuseBlocked || saving} loading={loggingOut} onClick={onRefuse}>
              {t("privacy.refuse")}
            </Button>
            <Button data-testid="privacy-accept" type="primary" loading={saving} onClick={onAccept}>
              {t("privacy.accept")}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t("privacy.intro")}</Typography.Paragraph>
        <TextArea data-testid="privacy-text" aria-label={t("privacy.textLabel")} readOnly rows={15} value={policy?.policyContent ?? ""} />
      </Modal>
      {/* Issue 21: a password an administrator gave is replaced before the portal (the server
          allows nothing else); logging out is the way out, as Refuse is for the privacy policy. */}
      <Modal
        open={step === "password"}
        title={t("passwordAtSignIn.title")}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={null}
        destroyOnHidden
      >
        <Typography.Paragraph>{t("passwordAtSignIn.intro")}</Typography.Paragraph>
        <PasswordChangeForm
          oldLabel={t("passwordAtSignIn.old")}
          onChanged={onPasswordChanged}
          secondary={
            <Button data-testid="password-at-sign-in-logout" disabled={refuseBlocked} loading={loggingOut} onClick={onRefuse}>
              {t("passwordAtSignIn.logout")}
            </Button>
          }
        />
      </Modal>
      <Modal
        open={step === "guide"}
        title={t("guide.title")}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Space style={{ width: "100%", justifyContent: "space-between" }}>
            <Checkbox data-testid="guide-never" checked={neverNotify} onChange={(e) => onNeverNotify(e.target.checked)}>
              {t("guide.neverNotify")}
            </Checkbox>
            <Space>
              <Button data-testid="guide-no-need" disabled={noNeedBlocked} onClick={onNoNeed}>
                {t("guide.noNeed")}
              </Button>
              <Button data-testid="guide-need" type="primary" onClick={onNeed}>
                {t("guide.need")}
              </Button>
            </Space>
          </Space>
        }
      >
        <Typography.Paragraph>{t("guide.text")}</Typography.Paragraph>
      </Modal>
    </>
  );
}
export default FirstLoginDialogs;
