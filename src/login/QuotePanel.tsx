import { theme } from "antd";
import { useTranslation } from "react-i18next";

import styles from "./login.module.css";

/** Left side of the login page: a quote (spec 2.7, "login page whose left side shows a quote"). */
export function QuotePanel() {
  const { t } = useTranslation(["login", "common"]);
  const { token } = theme.useToken();
  return (
    <aside className={styles.quote}>
      {/* The product name as antd's Title level 3 draws it, from its tokens (LoginLayout says why);
          not a heading: the page's heading is the card's h1. */}
      <p
        className={styles.brand}
        style={{ margin: "0 0 0.5em", fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong }}
      >
        {t("common:productName")}
      </p>
      <figure className={styles.figure}>
        <blockquote>{t("login:baseLogin.quote.text")}</blockquote>
        <figcaption>— {t("login:baseLogin.quote.author")}</figcaption>
      </figure>
    </aside>
  );
}
