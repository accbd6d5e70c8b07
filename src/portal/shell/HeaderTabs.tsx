// Spec 2.6 header tabs: 工作空间, 应用中心, 任务中心, the one of the page shown marked as current. In
// the top bar on a wide screen, at the top of the navigation drawer on a phone (issue 21).
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { HEADER_TABS } from "./header";
import styles from "../portal.module.css";

export function HeaderTabs({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { t } = useTranslation("portal");
  const navigate = useNavigateOnce();
  const { pathname } = useLocation();
  return (
    <nav className={className} data-tour="header-tabs" aria-label={t("header.tabsLabel")}>
      {HEADER_TABS.map((tab) => {
        const active = pathname === tab.path || pathname.startsWith(`${tab.path}/`);
        return (
          <button
            key={tab.name}
            type="button"
            className={`${styles.headerTab} ${active ? styles.headerTabActive : ""}`}
            aria-current={active ? "page" : undefined}
            data-testid={`header-tab-${tab.name}`}
            onClick={() => {
              navigate(tab.path);
              onNavigate?.();
            }}
          >
            {t(`header.tabs.${tab.name}`)}
          </button>
        );
      })}
    </nav>
  );
}
