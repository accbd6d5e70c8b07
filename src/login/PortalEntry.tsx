// /portal (spec 2.1): the external portal page - a plain entry with a sign-in button that starts
// single sign-on (through /relogin), and the account form for those without it.
import { LoginOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useNavigateOnce } from "../navigation/useNavigateOnce";
import { LoginLayout } from "./LoginLayout";
import styles from "./login.module.css";

export default function PortalEntry() {
  const { t } = useTranslation("login");
  const navigate = useNavigateOnce(); // the route shown already is not pushed again (spec 2.4)
  return (
    <LoginLayout title={t("portalEntry.title")} subtitle={t("portalEntry.subtitle")}>
      <Space direction="vertical" size="middle">
        <Button type="primary" size="large" onClick={() => navigate("/relogin")}>
          {t("portalEntry.signIn")}
        </Button>
        <Link to="/baseLogin" className={styles.primaryLink}>
          <LoginOutlined /> {t("loginCopy.toBaseLogin")}
        </Link>
      </Space>
    </LoginLayout>
  );
}
