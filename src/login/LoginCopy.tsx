// /login and /loginCopy (spec 2.1): the pre-login page, also where unknown addresses and ended
// sessions land. Single sign-on is the first way in; the account form is the second.
import { LoginOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useNavigateOnce } from "../navigation/useNavigateOnce";
import { LoginLayout } from "./LoginLayout";
import styles from "./login.module.css";

export default function LoginCopy() {
  const { t } = useTranslation("login");
  const navigate = useNavigateOnce(); // the route shown already is not pushed again (spec 2.4)
  return (
    <LoginLayout title={t("loginCopy.title")} subtitle={t("loginCopy.subtitle")}>
      <Space direction="vertical" size="middle">
        <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => navigate("/relogin")}>
          {t("loginCopy.sso")}
        </Button>
        <Link to="/baseLogin" className={styles.primaryLink}>
          <LoginOutlined /> {t("loginCopy.toBaseLogin")}
        </Link>
      </Space>
    </LoginLayout>
  );
}
