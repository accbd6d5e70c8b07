// Spec 2.6: the user shell's top bar. The logo by theme code (0 to 3), the header tabs 工作空间,
// 应用中心, 任务中心, the search box (Enter or the Search button goes to searchResult), the CN/EN
// toggle, the skin (Dress Up) and help-centre icons, the stage-admin link (a new window with the
// sid), the role switcher and the user menu with log out.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AutoComplete, Button, Dropdown, Layout, Tooltip, Typography, type MenuProps } from "antd";
// The search box alone: antd's Input index brings TextArea, OTP and Password too (issue 9).
import Search from "antd/es/input/Search";
import {
  BgColorsOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

import { useIdentity, useLogout } from "../../auth/hooks";
import { isDarkColor, useTheme } from "../../shared/theme";
import { HEADER_TABS, LOGOS, openStageAdmin, searchPath } from "./header";
import { LanguageToggle } from "./LanguageToggle";
import { RoleSwitcher } from "./RoleSwitcher";
import { HeaderWeather } from "../weather/HeaderWeather";
import { recentMatching, useRecentSearches } from "../search/recent";
import { enterSearchesTyped } from "../search/typedEnter";
import styles from "../portal.module.css";

/** An icon button of the top bar with its tooltip (the label is also its accessible name). */
function HeaderIcon({ name, label, icon, onClick }: { name: string; label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={styles.headerIcon}
        data-tour={name}
        data-testid={`header-${name}`}
        aria-label={label}
        icon={icon}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export function PortalHeader() {
  const { t } = useTranslation(["portal", "common"]);
  const { data: user } = useIdentity();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const theme = useTheme();
  const dark = isDarkColor(theme.themeHeadColor);
  // The box shows the text of the search on screen (spec 3 store flag searchVal).
  const searching = pathname === "/main/searchResult" ? (new URLSearchParams(search).get("searchVal") ?? "") : null;
  const [text, setText] = useState(searching ?? "");
  // A search started here is in the box already; the router shows it a moment later and must not
  // overwrite what the person typed meanwhile. Only a search opened another way fills the box.
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    if (searching !== null && searching !== submitted.current) setText(searching);
  }, [searching]);
  // Recent searches offered under the box (asked again on focus). Enter on an option fires the
  // box's own search first (with the typed text) and then the option's select: the typed search
  // waits a microtask and yields to a select of the same key press.
  const recentSearches = useRecentSearches();
  const selected = useRef(false);
  const go = (value: string) => {
    const path = searchPath(value);
    if (!path) return;
    submitted.current = value.trim().slice(0, 100);
    void navigate(path);
  };

  const userItems: MenuProps["items"] = [
    { key: "people", icon: <UserOutlined />, label: t("portal:header.personalCenter") },
    { key: "password", icon: <KeyOutlined />, label: t("portal:header.changePassword") },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: t("portal:header.logout") },
  ];
  const onUserMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "people") void navigate("/main/people");
    else if (key === "password") void navigate("/main/change-Password");
    // Spec 4: logout from the header clears the session and goes to /loginCopy.
    else if (key === "logout") logout();
  };

  return (
    <Layout.Header className={`${styles.header} ${dark ? styles.headerDark : ""}`} data-testid="portal-header">
      <button type="button" className={styles.brand} data-tour="logo" onClick={() => void navigate("/main/workingSpace")}>
        <img src={LOGOS[theme.themeCode]} alt="" width={32} height={32} data-testid="header-logo" data-theme-code={theme.themeCode} />
        <Typography.Text className={styles.title}>{t("portal:header.title")}</Typography.Text>
      </button>
      <nav className={styles.headerTabs} data-tour="header-tabs" aria-label={t("portal:header.tabsLabel")}>
        {HEADER_TABS.map((tab) => {
          const active = pathname === tab.path || pathname.startsWith(`${tab.path}/`);
          return (
            <button
              key={tab.name}
              type="button"
              className={`${styles.headerTab} ${active ? styles.headerTabActive : ""}`}
              aria-current={active ? "page" : undefined}
              data-testid={`header-tab-${tab.name}`}
              onClick={() => void navigate(tab.path)}
            >
              {t(`portal:header.tabs.${tab.name}`)}
            </button>
          );
        })}
      </nav>
      <div data-tour="search" data-testid="header-search" className={styles.search} onKeyDownCapture={enterSearchesTyped(go)}>
        <AutoComplete
          value={text}
          onChange={setText}
          options={recentMatching(recentSearches.recent, text).map((value) => ({ value }))}
          onFocus={recentSearches.refresh}
          onSelect={(value: string) => {
            selected.current = true;
            go(value);
          }}
          defaultActiveFirstOption={false}
          style={{ width: "100%" }}
        >
          <Search
            aria-label={t("portal:header.searchLabel")}
            placeholder={t("portal:header.searchPlaceholder")}
            enterButton={t("portal:header.search")}
            maxLength={100}
            allowClear
            onSearch={(value, _event, info) => {
              if (info?.source === "clear") return;
              selected.current = false;
              queueMicrotask(() => selected.current || go(value));
            }}
          />
        </AutoComplete>
      </div>
      <div className={styles.headerActions}>
        <HeaderWeather />
        <span data-tour="language">
          <LanguageToggle />
        </span>
        <HeaderIcon name="skin" label={t("portal:header.skin")} icon={<BgColorsOutlined />} onClick={() => void navigate("/main/skinPage")} />
        <HeaderIcon name="help" label={t("portal:header.help")} icon={<QuestionCircleOutlined />} onClick={() => void navigate("/main/helpCenter")} />
        {user?.isAdmin && (
          <Tooltip title={t("portal:header.stageAdminTip")}>
            <Button
              type="text"
              className={styles.headerIcon}
              data-testid="header-stage-admin"
              icon={<SettingOutlined />}
              onClick={() => openStageAdmin()}
            >
              {t("portal:header.stageAdmin")}
            </Button>
          </Tooltip>
        )}
        {user && (
          <span data-tour="role-switcher">
            <RoleSwitcher user={user} />
          </span>
        )}
        {user && (
          <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={["click"]}>
            <Button type="text" className={styles.headerIcon} data-tour="user-menu" data-testid="header-user-menu">
              <span data-testid="header-real-name">{user.realName}</span> <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
    </Layout.Header>
  );
}
