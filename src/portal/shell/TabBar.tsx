// Spec 2.6: the tab bar of visited views above the page content. Each tab has its route's
// localised title (following the language toggle); affix tabs have no close. A right click (or
// Shift+F10 / the context-menu key) opens the menu (width 105): Refresh, Close current, Close
// others, Close left, Close right, Close all; Escape closes it with the focus back on its tab.
// Keyboard: the tabs are one tab stop (arrows, Home and End move between them), Enter or Space
// opens a tab, Delete or Backspace closes it. Too many tabs for the width scroll sideways, the
// active one scrolled into view, and an "all tabs" menu button beside them lists every tab.
// Issue 21: a tab holds no other control (WCAG 4.1.2, axe nested-interactive): its close cross is
// for the pointer only, the keyboard closes with Delete or the context menu, as the WAI-ARIA tabs
// pattern has it for deletable tabs.
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from "react";
import { Dropdown, theme, type MenuProps } from "antd";
import { CheckOutlined, CloseOutlined, DownOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

import { routeMetaOf, routeNameOfPath } from "../../navigation/routes";
import { MenuButton } from "./MenuButton";
import { focusPopupWhenPlaced, wholeMenu } from "./popupFocus";
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

/** Whether the tabs are wider than the bar (then the "all tabs" menu shows), followed on resize. */
function useOverflowing(bar: RefObject<HTMLElement | null>, deps: readonly unknown[]): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // The caller names what changes the tabs' width (their number, the language).
  }, deps);
  return overflowing;
}

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

  // The open menu takes the focus once it has been placed beside the tab, and without scrolling
  // (a context menu closes on any scroll: popupFocus.ts).
  useEffect(() => {
    if (menuPath === null) return;
    return focusPopupWhenPlaced(styles.menuRoot, wholeMenu);
  }, [menuPath]);

  const overflowing = useOverflowing(barRef, [views.length, i18n.language]);

  /** A closed context menu leaves the focus on its tab (Escape, a pick, a click elsewhere in it). */
  const closeMenu = (path: string) => {
    setMenuPath((current) => (current === path ? null : current));
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest(`.${styles.menuRoot}`)) {
        tabRefs.current.get(path)?.focus({ preventScroll: true });
      }
    });
  };

  // Focus follows a keyboard close to the neighbouring tab.
  useEffect(() => {
    if (focusRequest === null) return;
    tabRefs.current.get(focusRequest)?.focus();
    setFocusRequest(null);
  }, [focusRequest, views]);

  const runAction = (path: string, action: MenuAction) => {
    closeMenu(path);
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

  const allTabs: MenuProps["items"] = views.map((view) => ({
    key: view.path,
    icon: view.path === activePath ? <CheckOutlined /> : <span className={styles.menuIcon} />,
    label: tabTitle(view.path, t),
  }));

  return (
    <div className={styles.strip} style={barStyle} data-testid="tab-strip">
      <div ref={barRef} className={styles.bar} role="tablist" aria-label={t("tabs:label")} data-testid="tab-bar" data-tour="tab-bar">
        {views.map((view, index) => {
          const title = tabTitle(view.path, t);
          const active = view.path === activePath;
          const closable = !isAffix(view.path);
          return (
            <Dropdown
              key={view.path}
              trigger={["contextMenu"]}
              open={menuPath === view.path}
              onOpenChange={(open) => (open ? setMenuPath(view.path) : closeMenu(view.path))}
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
                aria-keyshortcuts={closable ? "Delete" : undefined}
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
                  // For the pointer (the keyboard has Delete and the menu): no control inside the tab.
                  <span
                    className={styles.close}
                    aria-hidden="true"
                    data-testid="tab-close"
                    title={t("tabs:close", { title })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onClose(view.path, "current");
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {overflowing && (
        <MenuButton
          menu={{ items: allTabs, onClick: ({ key }) => onActivate(key), "aria-label": t("tabs:all") }}
          button={{ type: "text", size: "small", icon: <DownOutlined />, className: styles.allTabs, "aria-label": t("tabs:all"), "data-testid": "tab-all" }}
        />
      )}
    </div>
  );
}
