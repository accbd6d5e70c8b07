import { Button, Layout, Space, Typography } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import type { UserInfo } from "../../authProvider";
import { LanguageToggle } from "./LanguageToggle";
import { RoleSwitcher } from "./RoleSwitcher";
import styles from "../portal.module.css";

export function PortalHeader() {
  const { t } = useTranslation(["portal", "common"]);
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout, isPending } = useLogout();

  return (
    <Layout.Header className={styles.header}>
      <Typography.Title level={4} className={styles.title}>
        {t("portal:header.title")}
      </Typography.Title>
      <Space size="middle">
        {user && (
          <Typography.Text data-testid="header-real-name">
            <UserOutlined /> {user.realName}
          </Typography.Text>
        )}
        {user && <RoleSwitcher user={user} />}
        <LanguageToggle />
        {/* Spec 4: logout from the header clears the session and goes to /loginCopy. */}
        <Button icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
          {t("portal:header.logout")}
        </Button>
      </Space>
    </Layout.Header>
  );
}
