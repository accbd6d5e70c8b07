// The user menu's entries (spec 2.6): the personal centre, change-Password and log out. The
// header's user menu holds them on a wide screen, its "more" menu on a narrow one. Log out asks
// first, through quitLogon, like the avatar's (issue 21), and ends on /loginCopy (spec 4).
import type { MenuProps } from "antd";
import { KeyOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { HEADER_LOGOUT_STATE } from "../../account/quitLogonDestination";
import { QUIT_LOGON_PATH } from "./header";

type Items = NonNullable<MenuProps["items"]>;

export const USER_ACTION_KEYS = ["people", "password", "logout"] as const;
export type UserActionKey = (typeof USER_ACTION_KEYS)[number];

export function isUserAction(key: string): key is UserActionKey {
  return (USER_ACTION_KEYS as readonly string[]).includes(key);
}

export function useUserActions(): { items: Items; run: (key: UserActionKey) => void } {
  const { t } = useTranslation("portal");
  const navigate = useNavigateOnce();
  return {
    items: [
      { key: "people", icon: <UserOutlined />, label: t("header.personalCenter") },
      { key: "password", icon: <KeyOutlined />, label: t("header.changePassword") },
      { type: "divider" },
      { key: "logout", icon: <LogoutOutlined />, label: t("header.logout") },
    ],
    run: (key) => {
      if (key === "people") navigate("/main/people");
      else if (key === "password") navigate("/main/change-Password");
      else navigate(QUIT_LOGON_PATH, { state: HEADER_LOGOUT_STATE });
    },
  };
}
