import type { ReactNode } from "react";
import { Card, Typography } from "antd";

import { QuotePanel } from "./QuotePanel";
import styles from "./login.module.css";

type Props = { title: string; subtitle: string; children: ReactNode };

/** The frame both pre-login pages share: the quote on the left, a card on the right. */
export function LoginLayout({ title, subtitle, children }: Props) {
  return (
    <main className={styles.page}>
      <QuotePanel />
      <section className={styles.panel}>
        <Card className={styles.card}>
          <Typography.Title level={2}>{title}</Typography.Title>
          <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
          {children}
        </Card>
      </section>
    </main>
  );
}
