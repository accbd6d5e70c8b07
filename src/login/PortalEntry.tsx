// /portal (spec 2.1): the external portal page - a plain entry with a sign-in button that starts
// single sign-on (through /relogin), and the account form for those without it; below them the
// on-shelf portal applications when the browser holds a session (PortalApps).
import { useTranslation } from "react-i18next";

import { LoginLayout } from "./LoginLayout";
import { PortalApps } from "./PortalApps";
import { SignInChoices } from "./SignInChoices";

export default function PortalEntry() {
  const { t } = useTranslation("login");
  return (
    <LoginLayout title={t("portalEntry.title")} subtitle={t("portalEntry.subtitle")}>
      <SignInChoices ssoLabel={t("portalEntry.signIn")} large />
      <PortalApps />
    </LoginLayout>
  );
}
