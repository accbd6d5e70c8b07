// The admin shell's top bar (issue 22): the admin had no way to change language. It holds the
// portal's own CN/EN toggle (the same switch, saving the personal record's languageStatus as the
// user shell does) and the signed-in person's real name (refine's ThemedHeader looked for `name`,
// which the portal's identity does not carry, so it showed nothing).
import { useGetIdentity } from "@refinedev/core";
import { Layout, Space, Typography, theme } from "antd";

import { LanguageToggle } from "../account/LanguageToggle";

export function AdminHeader() {
  const { token } = theme.useToken();
  const { data: identity } = useGetIdentity<{ realName?: string }>();
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0 24px",
        height: 64,
        position: "sticky",
        top: 0,
        zIndex: 1,
      }}
    >
      <Space size="middle">
        <LanguageToggle />
        {identity?.realName ? <Typography.Text strong>{identity.realName}</Typography.Text> : null}
      </Space>
    </Layout.Header>
  );
}
