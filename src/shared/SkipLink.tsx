// Issue 21 (WCAG 2.4.1): "跳到主要内容 / Skip to main content", the first thing a Tab reaches in
// both shells, shown only while it has the focus. It moves the focus to the page's main landmark
// (the element with MAIN_CONTENT_ID, else the first <main>) without touching the address (a
// #fragment would be a history entry and a route change of its own).
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

import styles from "./skipLink.module.css";

export const MAIN_CONTENT_ID = "main-content";

function toMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector<HTMLElement>("main");
  if (!main) return;
  event.preventDefault();
  // Focusable by script only, so the next Tab goes on from the start of the page's content.
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}

export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={toMain} data-testid="skip-link">
      {t("skipToMain")}
    </a>
  );
}
