// Spec 2.6: the user shell's top bar. The logo by theme code (0 to 3), the header tabs 工作空间,
// 应用中心, 任务中心, the search box (Enter or the Search button goes to searchResult), the CN/EN
// toggle, the skin (Dress Up) and help-centre icons, the stage-admin link (a new window with the
// session), the role switcher and the user menu with log out.
// Issue 21: the bar always fits its width (useHeaderFit drops the stage-admin link's words, then
// the product name, then folds every control right of the search box into one "more" menu); on a
// phone it starts with the button of the navigation drawer, and the header tabs are in the drawer.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { AutoComplete, Button, Layout, Tooltip, Typography, type MenuProps } from "antd";
// The search box alone: antd's Input index brings TextArea, OTP and Password too (issue 9).
import Search from "antd/es/input/Search";
import { BgColorsOutlined, DownOutlined, MenuOutlined, QuestionCircleOutlined, SettingOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

import { useIdentity } from "../../auth/hooks";
import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { isDarkColor, useTheme } from "../../shared/theme";
import { HeaderWeatherButton } from "../weather/HeaderWeather";
import { useHeaderWeather } from "../weather/useHeaderWeather";
import { recentMatching, useRecentSearches } from "../search/recent";
import { enterSearchesTyped } from "../search/typedEnter";
import { LOGOS, openStageAdmin, searchPath } from "./header";
import { HeaderMoreMenu } from "./HeaderMoreMenu";
import { HeaderTabs } from "./HeaderTabs";
import { LanguageToggle } from "../../account/LanguageToggle";
import { NotificationBell } from "../notifications/NotificationBell";
import { HelpHeaderIcon } from "../help/toRead/ToReadBadge";
import { MenuButton } from "./MenuButton";
import { RoleSwitcher, useRoleSwitch } from "./RoleSwitcher";
import { useHeaderFit } from "./useHeaderFit";
import { isUserAction, useUserActions } from "./useUserActions";
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

/** The id of the navigation drawer (the menu button controls it). */
export const NAV_DRAWER_ID = "portal-nav-drawer";

export interface PortalHeaderProps {
  /** Narrower than antd's md breakpoint: the sider is a drawer opened from here. */
  phone: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
  /** The drawer's button, where the focus returns when the drawer closes. */
  navButton: RefObject<HTMLButtonElement | null>;
}

/** The search box of the top bar, with the recent searches under it. */
function HeaderSearch() {
  const { t } = useTranslation("portal");
  const navigate = useNavigateOnce();
  const { pathname, search } = useLocation();
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
    navigate(path);
  };
  return (
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
          aria-label={t("header.searchLabel")}
          placeholder={t("header.searchPlaceholder")}
          enterButton={t("header.search")}
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
  );
}

export function PortalHeader({ phone, navOpen, onOpenNav, navButton }: PortalHeaderProps) {
  const { t, i18n } = useTranslation(["portal", "common"]);
  const { data: user } = useIdentity();
  const navigate = useNavigateOnce();
  const theme = useTheme();
  const dark = isDarkColor(theme.themeHeadColor);
  const weather = useHeaderWeather();
  const roleSwitch = useRoleSwitch(user);
  const userActions = useUserActions();

  const bar = useRef<HTMLElement>(null);
  // What the bar holds: measured afresh when any of it changes.
  const content = [i18n.language, user?.id, user?.realName, user?.roleCode, roleSwitch.roles.length, user?.isAdmin].join("|");
  const level = useHeaderFit(bar, content, phone);
  const folded = level === "folded";

  const onUserMenu: MenuProps["onClick"] = ({ key }) => {
    if (isUserAction(key)) userActions.run(key);
  };

  return (
    <Layout.Header
      ref={bar}
      className={`${styles.header} ${dark ? styles.headerDark : ""} ${phone ? styles.headerPhone : ""}`}
      data-testid="portal-header"
      data-level={level}
    >
      {phone && (
        <Button
          ref={navButton}
          type="text"
          className={styles.headerIcon}
          icon={<MenuOutlined />}
          aria-label={t("portal:header.openNavigation")}
          aria-expanded={navOpen}
          aria-controls={NAV_DRAWER_ID}
          data-testid="header-nav-button"
          onClick={onOpenNav}
        />
      )}
      <button type="button" className={styles.brand} data-tour="logo" onClick={() => navigate("/main/workingSpace")}>
        <img src={LOGOS[theme.themeCode]} alt="" width={32} height={32} data-testid="header-logo" data-theme-code={theme.themeCode} />
        {/* Without room for it the product name stays the button's name, unseen. */}
        <Typography.Text className={level === "full" || level === "adminIcon" ? styles.title : styles.srOnly}>{t("portal:header.title")}</Typography.Text>
      </button>
      {!phone && <HeaderTabs className={styles.headerTabs} />}
      <HeaderSearch />
      {folded ? (
        <div className={styles.headerActions}>
          {user && <NotificationBell />}
          <HeaderMoreMenu weather={weather} roleSwitch={roleSwitch} realName={user?.realName ?? null} isAdmin={!!user?.isAdmin} />
        </div>
      ) : (
        <div className={styles.headerActions}>
          <HeaderWeatherButton weather={weather} />
          {user && <NotificationBell />}
          <span data-tour="language">
            <LanguageToggle />
          </span>
          <HeaderIcon name="skin" label={t("portal:header.skin")} icon={<BgColorsOutlined />} onClick={() => navigate("/main/skinPage")} />
          {/* Issue 24: the help icon carries the caller's pending read requests. */}
          <HelpHeaderIcon className={styles.headerIcon} label={t("portal:header.help")} icon={<QuestionCircleOutlined />} onClick={() => navigate("/main/helpCenter")} />
          {user?.isAdmin && (
            <Tooltip title={t("portal:header.stageAdminTip")}>
              <Button
                type="text"
                className={styles.headerIcon}
                data-testid="header-stage-admin"
                icon={<SettingOutlined />}
                aria-label={level === "full" ? undefined : t("portal:header.stageAdmin")}
                onClick={() => openStageAdmin()}
              >
                {level === "full" ? t("portal:header.stageAdmin") : null}
              </Button>
            </Tooltip>
          )}
          {user && (
            <span data-tour="role-switcher">
              <RoleSwitcher roleSwitch={roleSwitch} />
            </span>
          )}
          {user && (
            <MenuButton
              menu={{ items: userActions.items, onClick: onUserMenu, "aria-label": t("portal:header.userMenu") }}
              button={{ type: "text", className: `${styles.headerIcon} ${styles.userMenu}`, "data-tour": "user-menu", "data-testid": "header-user-menu" }}
            >
              <span data-testid="header-real-name" className={styles.realName}>
                {user.realName}
              </span>
              <DownOutlined />
            </MenuButton>
          )}
        </div>
      )}
      {weather.dialog}
      {roleSwitch.slowIndicator}
    </Layout.Header>
  );
}
