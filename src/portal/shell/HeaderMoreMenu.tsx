// Issue 21: on a narrow top bar (a phone, 200% zoom, a tablet, or whenever the full bar does not
// fit) every control right of the search box is one entry of a "more" menu: the weather, the
// language, Dress Up, the help centre, the stage-admin link, the roles to switch to, and the user
// menu (personal centre, change-Password, log out). A menu button: keyboard like the user menu.
import type { MenuProps } from "antd";
import { BgColorsOutlined, CheckOutlined, EllipsisOutlined, QuestionCircleOutlined, SettingOutlined, TranslationOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { currentLanguage, type Language } from "../../i18n";
import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import type { HeaderWeatherState } from "../weather/useHeaderWeather";
import { openStageAdmin } from "./header";
import { useSwitchLanguage } from "../../account/LanguageToggle";
import { MenuButton } from "./MenuButton";
import type { RoleSwitch } from "./RoleSwitcher";
import { isUserAction, useUserActions } from "./useUserActions";
import styles from "../portal.module.css";

const ROLE_KEY = "role:";

export interface HeaderMoreMenuProps {
  weather: HeaderWeatherState;
  roleSwitch: RoleSwitch;
  realName: string | null;
  isAdmin: boolean;
}

export function HeaderMoreMenu({ weather, roleSwitch, realName, isAdmin }: HeaderMoreMenuProps) {
  const { t } = useTranslation(["portal", "common"]);
  const navigate = useNavigateOnce();
  const user = useUserActions();
  const switchLanguage = useSwitchLanguage();
  const other: Language = currentLanguage() === "cn" ? "en" : "cn";

  const items: MenuProps["items"] = [
    { key: "weather", icon: <span className={styles.menuIcon}>{weather.icon}</span>, label: weather.label },
    { key: "language", icon: <TranslationOutlined />, label: t("common:language.switchTo", { language: t(`common:language.${other}`) }) },
    { key: "skin", icon: <BgColorsOutlined />, label: t("portal:header.skin") },
    { key: "help", icon: <QuestionCircleOutlined />, label: t("portal:header.help") },
    ...(isAdmin ? [{ key: "stageAdmin", icon: <SettingOutlined />, label: t("portal:header.stageAdminTip") }] : []),
    ...(roleSwitch.roles.length > 0
      ? [
          { type: "divider" as const },
          {
            type: "group" as const,
            label: t("portal:header.switchRole"),
            children: roleSwitch.roles.map((role) => {
              const current = role.roleCode === roleSwitch.current;
              return {
                key: `${ROLE_KEY}${role.roleCode}`,
                icon: current ? <CheckOutlined /> : <span className={styles.menuIcon} />,
                label: current ? t("portal:header.currentRole", { role: role.label }) : role.label,
                disabled: current || roleSwitch.switching,
              };
            }),
          },
        ]
      : []),
    { type: "divider" },
    ...(realName ? [{ type: "group" as const, label: realName, children: user.items }] : user.items),
  ];

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "weather") weather.open();
    else if (key === "language") switchLanguage(other);
    else if (key === "skin") navigate("/main/skinPage");
    else if (key === "help") navigate("/main/helpCenter");
    else if (key === "stageAdmin") openStageAdmin();
    else if (key.startsWith(ROLE_KEY)) void roleSwitch.choose(key.slice(ROLE_KEY.length));
    else if (isUserAction(key)) user.run(key);
  };

  return (
    <MenuButton
      menu={{ items, onClick, "aria-label": t("portal:header.more") }}
      button={{
        type: "text",
        className: styles.headerIcon,
        icon: <EllipsisOutlined />,
        "aria-label": t("portal:header.more"),
        "data-testid": "header-more",
        "data-tour": "user-menu",
      }}
    />
  );
}
