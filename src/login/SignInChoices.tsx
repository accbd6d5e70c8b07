// The two ways in offered by the pre-login pages: single sign-on (through /relogin) first, the
// account form second.
import { LoginOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useNavigateOnce } from "../navigation/useNavigateOnce";
import styles from "./login.module.css";

export function SignInChoices({ ssoLabel, ssoIcon, large }: { ssoLabel: string; ssoIcon?: ReactNode; large?: boolean }) {
  const { t } = useTranslation("login");
  const navigate = useNavigateOnce(); // the route shown already is not pushed again (spec 2.4)
  return (
    <Space direction="vertical" size="middle">
      <Button type="primary" size={large ? "large" : undefined} icon={ssoIcon} onClick={() => navigate("/relogin")}>
        {ssoLabel}
      </Button>
      <Link to="/baseLogin" className={styles.primaryLink}>
        <LoginOutlined /> {t("loginCopy.toBaseLogin")}
      </Link>
    </Space>
  );
}
