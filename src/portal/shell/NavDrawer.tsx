// Issue 21: on a phone (narrower than antd's md breakpoint) the sider is this drawer, opened by the
// header's menu button: the header tabs, the avatar menu, the greeting and the side menu. Opened,
// the focus goes to the entry of the page shown (else the first control in it) and Tab stays
// inside (antd's Drawer; its own focus goes to its outer frame, outside the dialog); Escape, the
// mask and the close button close it, and so does choosing a page; the focus then goes back to the
// menu button.
import type { RefObject } from "react";
import { Drawer } from "antd";
import { useTranslation } from "react-i18next";

import { HeaderTabs } from "./HeaderTabs";
import { NAV_DRAWER_ID } from "./PortalHeader";
import { SiderContent } from "./Sider";
import styles from "../portal.module.css";

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Where the focus returns once the drawer has closed. */
  opener: RefObject<HTMLButtonElement | null>;
}

export function NavDrawer({ open, onClose, opener }: NavDrawerProps) {
  const { t } = useTranslation("portal");
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width={280}
      title={t("header.navigation")}
      rootClassName={styles.navDrawer}
      data-testid="nav-drawer"
      afterOpenChange={(visible) => {
        const panel = document.getElementById(NAV_DRAWER_ID);
        if (visible) {
          const target =
            panel?.querySelector<HTMLElement>(".ant-menu-item-selected") ??
            panel?.closest<HTMLElement>('[role="dialog"]')?.querySelector<HTMLElement>("button, [href], [tabindex]:not([tabindex='-1'])");
          target?.focus();
          return;
        }
        const active = document.activeElement;
        if (!active || active === document.body || active.closest(`.${styles.navDrawer}`)) opener.current?.focus();
      }}
    >
      <div id={NAV_DRAWER_ID} className={styles.navDrawerBody} data-testid="portal-sider">
        <HeaderTabs className={styles.drawerTabs} onNavigate={onClose} />
        <SiderContent onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
