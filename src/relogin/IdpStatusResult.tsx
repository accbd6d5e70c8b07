// The identity provider's own reason (issue 19 item 6): it answered without signing the person in
// (a cancelled or failed sign-in). Its status in the current language, and a button that starts
// single sign-on again: never automatically, so a refusing IdP cannot make the page loop.
import { Button, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { IdpStatus } from "./handoff";

export function IdpStatusResult({ status, onTryAgain }: { status: IdpStatus; onTryAgain: () => void }) {
  const { t } = useTranslation("login");
  const [starting, setStarting] = useState(false);
  return (
    <Result
      status="warning"
      title={t("relogin.idpStatus.title")}
      subTitle={t(`relogin.idpStatus.${status}`)}
      extra={[
        <Button
          key="again"
          type="primary"
          loading={starting}
          onClick={() => {
            setStarting(true);
            onTryAgain();
          }}
        >
          {t("relogin.tryAgain")}
        </Button>,
        <Button key="back" href="/loginCopy">
          {t("relogin.back")}
        </Button>,
      ]}
    />
  );
}
