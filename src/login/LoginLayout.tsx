import type { ReactNode } from "react";
import { theme } from "antd";

import { LoginLanguageToggle } from "./LoginLanguageToggle";
import { QuotePanel } from "./QuotePanel";
import styles from "./login.module.css";

type Props = { title: string; subtitle: string; children: ReactNode };

/**
 * The frame both pre-login pages share: the quote on the left, a card on the right. The card and
 * its headings are drawn from antd's tokens as antd's Card and Typography would draw them, without
 * those components: Card brings Tabs (and with them Menu and Dropdown) and Typography its copy /
 * edit / ellipsis machinery into the login page's first load (issue 9, /baseLogin budget).
 */
export function LoginLayout({ title, subtitle, children }: Props) {
  const { token } = theme.useToken();
  return (
    <main className={styles.page}>
      <QuotePanel />
      <section className={styles.panel}>
        <LoginLanguageToggle />
        <div
          className={styles.card}
          style={{
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          {/* The page's one h1 (the quote panel's product name is no heading). */}
          <h1
            style={{
              margin: "0 0 0.5em",
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {title}
          </h1>
          <p style={{ margin: "0 0 1em", color: token.colorTextSecondary }}>{subtitle}</p>
          {children}
        </div>
      </section>
    </main>
  );
}
