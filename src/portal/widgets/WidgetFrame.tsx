// The frame every card shares: title, an optional header link to a route, optional header extra,
// and a body that fills the rest of the card and scrolls inside itself. The header row is the
// grid's drag handle (class widget-drag-handle). While editing, the body is inert (no pointer, no
// focus) and the header link is out of the way of a drag.
import type { ReactNode } from "react";
import { Button, Empty, Spin, theme } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

import { TITLE_KEYS, type ModelCode } from "./types";
import styles from "./widgets.module.css";

export interface WidgetFrameProps {
  modelCode: ModelCode;
  editing: boolean;
  /** A route the header link opens (react-router navigation); no link when absent. */
  moreTo?: string;
  /** Shown at the right of the header, after the title (a badge, carousel controls). */
  extra?: ReactNode;
  children: ReactNode;
}

export function WidgetFrame({ modelCode, editing, moreTo, extra, children }: WidgetFrameProps) {
  const { t } = useTranslation("widgets");
  const { token } = theme.useToken();
  const title = t(TITLE_KEYS[modelCode]);
  return (
    <div
      className={styles.frame}
      data-testid={`widget-${modelCode}`}
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, color: token.colorText }}
    >
      <div className={`${styles.header} widget-drag-handle`}>
        <h2 className={styles.title} style={{ borderLeft: `3px solid ${token.colorPrimary}`, paddingLeft: 8 }}>
          {title}
        </h2>
        {extra && <div className={styles.extra}>{extra}</div>}
        {moreTo && (
          <Link
            to={moreTo}
            data-testid={`widget-more-${modelCode}`}
            aria-label={t("frame.moreLabel", { title })}
            tabIndex={editing ? -1 : undefined}
            aria-disabled={editing || undefined}
            style={{ color: token.colorPrimary, pointerEvents: editing ? "none" : undefined, flex: "none" }}
          >
            {t("frame.more")}
          </Link>
        )}
      </div>
      <div className={styles.body} inert={editing}>
        {children}
      </div>
    </div>
  );
}

/** The loading state of a card body. */
export function WidgetLoading() {
  const { t } = useTranslation("widgets");
  return (
    <div className={styles.centered} role="status" aria-label={t("frame.loading")}>
      <Spin />
    </div>
  );
}

/** The empty state of a card body, with its own text. */
export function WidgetEmpty({ text }: { text: string }) {
  return (
    <div className={styles.centered}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ margin: 0 }} />
    </div>
  );
}

/**
 * A card body whose call failed (issue 21): quiet, inside the card, no toast (spec 8), but never the
 * "no data" of the empty state, and with a way to try again.
 */
export function WidgetFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("widgets");
  const { token } = theme.useToken();
  return (
    <div className={styles.centered} data-testid="widget-failed">
      <div className={styles.failed}>
        <span role="status" style={{ color: token.colorTextSecondary }}>
          {t("frame.failed")}
        </span>
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          {t("frame.retry")}
        </Button>
      </div>
    </div>
  );
}
