// Spec 2.6: the tab bar of visited views above the page content. Each tab has its route's
// localised title (following the language toggle); affix tabs have no close. A right click (or
// Shift+F10 / the context-menu key) opens the menu (width 105): Refresh, Close current, Close
// others, Close left, Close right, Close all. Keyboard: the tabs are one tab stop (arrows, Home and
// End move between them), Enter or Space opens a tab, Delete or Backspace closes it. Too many tabs
// for the width scroll sideways; the active one is scrolled into view.
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Dropdown, theme, type MenuProps } from "antd";
import { CloseOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

import { routeMetaOf, routeNameOfPath } from "../../navigation/routes";
import { CLOSE_ACTIONS, canClose, isAffix, type CloseAction, type VisitedView } from "./visitedViews";
import styles from "./tabBar.module.css";

/** Spec 2.6: the context menu's width. */
export const TAB_MENU_WIDTH = 105;

type MenuAction = "refresh" | CloseAction;

const MENU_LABELS: Readonly<Record<MenuAction, string>> = {
  refresh: "tabs:menu.refresh",
  current: "tabs:menu.closeCurrent",
  others: "tabs:menu.closeOthers",
  left: "tabs:menu.closeLeft",
  right: "tabs:menu.closeRight",
  all: "tabs:menu.closeAll",
};

/** A tab's title: the route's card title (with its extra line for the help sub pages). */
export function tabTitle(path: string, t: TFunction): string {
  const name = routeNameOfPath(path);
  const { cardTitle, cardExtra } = routeMetaOf(name);
  if (!cardTitle) return name ?? path;
  return cardExtra ? t("tabs:titleWithExtra", { title: t(cardTitle), extra: t(cardExtra) }) : t(cardTitle);
}

export interface TabBarProps {
  views: readonly VisitedView[];
  activePath: string | null;
  onActivate: (path: string) => void;
  onClose: (path: string, action: CloseAction) => void;
  onRefresh: (path: string) => void;
}

/** How many frames the open menu may take to be placed before it gets the focus (about a second). */
const MENU_FOCUS_FRAMES = 60;

export function TabBar({ views, activePath, onActivate, onClose, onRefresh }: TabBarProps) {
  const { t, i18n } = useTranslation(["tabs", "portal"]);
  const { token } = theme.useToken();
  const barRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLDivElement>());
  const [menuPath, setMenuPath] = useState<string | null>(null);
  /** The tab that holds the bar's tab stop (the last focused, else the active, else the first). */
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<string | null>(null);

  const stopPath = views.some((v) => v.path === focusPath)
    ? focusPath
    : views.some((v) => v.path === activePath)
      ? activePath
      : (views[0]?.path ?? null);

  // The active tab is scrolled into the bar's view (only the bar scrolls, never the page), also
  // when a language change makes the titles wider or narrower.
  useEffect(() => {
    const bar = barRef.current;
    const tab = activePath ? tabRefs.current.get(activePath) : undefined;
    if (!bar || !tab) return;
    const left = tab.getBoundingClientRect().left - bar.getBoundingClientRect().left + bar.scrollLeft;
    const right = left + tab.offsetWidth;
    if (left < bar.scrollLeft) bar.scrollLeft = Math.max(0, left - 8);
    else if (right > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = right - bar.clientWidth + 8;
  }, [activePath, views.length, i18n.language]);

  // The open menu takes the focus once it has been placed beside the tab, and without scrolling.
  // (antd's own autoFocus focuses it after three frames wherever it is: before it is aligned, that
  // scrolled the page, and a context menu closes on any scroll, so it closed by itself with
  // reduced motion or on a slow machine.)
  useEffect(() => {
    if (menuPath === null) return;
    let frame = 0;
    let frames = 0;
    const focusWhenPlaced = () => {
      const menu = document.querySelector<HTMLElement>(`.${styles.menuRoot}:not(.ant-dropdown-hidden) [role="menu"]`);
      const box = menu?.getBoundingClientRect();
      const placed = !!box && box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
      if (menu && placed) menu.focus({ preventScroll: true });
      else if (++frames < MENU_FOCUS_FRAMES) frame = requestAnimationFrame(focusWhenPlaced);
    };
    frame = requestAnimationFrame(focusWhenPlaced);
    return () => cancelAnimationFrame(frame);
  }, [menuPath]);

  // Focus follows a keyboard close to the neighbouring tab.
  useEffect(() => {
    if (focusRequest === null) return;
    tabRefs.current.get(focusRequest)?.focus();
    setFocusRequest(null);
  }, [focusRequest, views]);

  const runAction = (path: string, action: MenuAction) => {
    setMenuPath(null);
    if (action === "refresh") onRefresh(path);
    else onClose(path, action);
  };

  const menuItems = (path: string): MenuProps["items"] => [
    { key: "refresh", label: t(MENU_LABELS.refresh) },
    ...CLOSE_ACTIONS.map((action) => ({
      key: action,
      label: t(MENU_LABELS[action]),
      disabled: !canClose(views, path, action),
    })),
  ];

  /** Opens the tab's context menu from the keyboard, placed under the tab as a right click would. */
  const openMenuFromKeyboard = (element: HTMLElement) => {
    const rect = element.getBoundingClientRect();
    element.dispatchEvent(
      new MouseEvent("contextmenu", { bubbles: true, cancelable: true, clientX: rect.left, clientY: rect.bottom }),
    );
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const view = views[index];
    const move = (to: number) => {
      const target = views[(to + views.length) % views.length];
      setFocusPath(target.path);
      tabRefs.current.get(target.path)?.focus();
    };
    switch (event.key) {
      case "Enter":
      case " ":
        event.preventDefault();
        onActivate(view.path);
        break;
      case "Delete":
      case "Backspace":
        if (isAffix(view.path)) break;
        event.preventDefault();
        setFocusRequest((views[index + 1] ?? views[index - 1])?.path ?? null);
        onClose(view.path, "current");
        break;
      case "ArrowRight":
        event.preventDefault();
        move(index + 1);
        break;
      case "ArrowLeft":
        event.preventDefault();
        move(index - 1);
        break;
      case "Home":
        event.preventDefault();
        move(0);
        break;
      case "End":
        event.preventDefault();
        move(views.length - 1);
        break;
      case "ContextMenu":
        event.preventDefault();
        openMenuFromKeyboard(event.currentTarget);
        break;
      case "F10":
        if (!event.shiftKey) break;
        event.preventDefault();
        openMenuFromKeyboard(event.currentTarget);
        break;
    }
  };

  const barStyle = {
    "--tab-primary": token.colorPrimary,
    "--tab-border": token.colorBorder,
    "--tab-text": token.colorText,
    "--tab-bg": token.colorBgContainer,
    "--tab-hover-bg": token.colorFillSecondary,
  } as CSSProperties;

  return (
    <div ref={barRef} className={styles.bar} style={barStyle} role="tablist" aria-label={t("tabs:label")} data-testid="tab-bar" data-tour="tab-bar">
      {views.map((view, index) => {
        const title = tabTitle(view.path, t);
        const active = view.path === activePath;
        const closable = !isAffix(view.path);
        return (
          <Dropdown
            key={view.path}
            trigger={["contextMenu"]}
            open={menuPath === view.path}
            onOpenChange={(open) => setMenuPath(open ? view.path : (current) => (current === view.path ? null : current))}
            rootClassName={styles.menuRoot}
            menu={{
              "aria-label": t("tabs:menu.label", { title }),
              items: menuItems(view.path),
              style: { width: TAB_MENU_WIDTH },
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                runAction(view.path, key as MenuAction);
              },
            }}
          >
            <div
              ref={(element) => {
                if (element) tabRefs.current.set(view.path, element);
                else tabRefs.current.delete(view.path);
              }}
              role="tab"
              aria-selected={active}
              aria-label={title}
              tabIndex={view.path === stopPath ? 0 : -1}
              title={title}
              data-path={view.path}
              className={active ? `${styles.tab} ${styles.active}` : styles.tab}
              onClick={() => onActivate(view.path)}
              onFocus={() => setFocusPath(view.path)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              onAuxClick={(event) => {
                // A middle click closes a closable tab, as in browsers.
                if (event.button === 1 && closable) onClose(view.path, "current");
              }}
            >
              <span className={styles.title}>{title}</span>
              {closable && (
                <CloseOutlined
                  className={styles.close}
                  role="button"
                  aria-label={t("tabs:close", { title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onClose(view.path, "current");
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
