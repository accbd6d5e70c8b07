import { Typography } from "antd";
import { useTranslation } from "react-i18next";

import styles from "./login.module.css";

/** Left side of the login page: a quote (spec 2.7, "login page whose left side shows a quote"). */
export function QuotePanel() {
  const { t } = useTranslation(["login", "common"]);
  return (
    <aside className={styles.quote}>
      <Typography.Title level={3} className={styles.brand}>
        {t("common:productName")}
      </Typography.Title>
      <figure className={styles.figure}>
        <blockquote>{t("login:baseLogin.quote.text")}</blockquote>
        <figcaption>— {t("login:baseLogin.quote.author")}</figcaption>
      </figure>
    </aside>
  );
}
