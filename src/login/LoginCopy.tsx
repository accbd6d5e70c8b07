// /loginCopy (spec 2.1): the pre-login page, also where unknown addresses and ended sessions land.
import { LoginOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { LoginLayout } from "./LoginLayout";
import { useClearGuideInfo } from "./useClearGuideInfo";
import styles from "./login.module.css";

export default function LoginCopy() {
  useClearGuideInfo();
  const { t } = useTranslation("login");
  return (
    <LoginLayout title={t("loginCopy.title")} subtitle={t("loginCopy.subtitle")}>
      <Link to="/baseLogin" className={styles.primaryLink}>
        <LoginOutlined /> {t("loginCopy.toBaseLogin")}
      </Link>
    </LoginLayout>
  );
}
