// /login and /loginCopy (spec 2.1): the pre-login page, also where unknown addresses and ended
// sessions land. Single sign-on is the first way in; the account form is the second.
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { LoginLayout } from "./LoginLayout";
import { SignInChoices } from "./SignInChoices";

export default function LoginCopy() {
  const { t } = useTranslation("login");
  return (
    <LoginLayout title={t("loginCopy.title")} subtitle={t("loginCopy.subtitle")}>
      <SignInChoices ssoLabel={t("loginCopy.sso")} ssoIcon={<SafetyCertificateOutlined />} />
    </LoginLayout>
  );
}
