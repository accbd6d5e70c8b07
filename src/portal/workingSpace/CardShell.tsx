// One card of the grid: the widget inside an error boundary, the edit-mode mask (which also
// shields report frames from the pointer while cards are dragged), the delete mark, the keyboard
// handle, and the remove-card selection mark.
import { Component, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "antd";
import { CheckOutlined, CloseOutlined, DragOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { WarningResult } from "../../shared/WarningResult";
import { WIDGETS } from "../widgets";
import type { ModelCode } from "./layoutModel";
import { masksCards, type Mode } from "./modes";
import styles from "./workspace.module.css";

/** Keeps a broken card from taking the page down (Backstage's habit); Retry remounts it. */
class CardErrorBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("workspace card failed", error);
  }
  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

export interface CardShellProps {
  modelCode: ModelCode;
  mode: Mode;
  selected: boolean;
  onHide: () => void;
  onToggleSelect: () => void;
  onKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

export function CardShell({ modelCode, mode, selected, onHide, onToggleSelect, onKey }: CardShellProps) {
  const { t } = useTranslation("workspace");
  const { titleKey, Component: Widget } = WIDGETS[modelCode];
  const title = t(titleKey, { ns: "widgets" });
  const masked = masksCards(mode);
  return (
    <section className={styles.card} aria-label={title} data-testid={`card-${modelCode}`}>
      <CardErrorBoundary
        fallback={(retry) => (
          <WarningResult
            className={styles.cardError}
            subTitle={t("card.failed", { title })}
            extra={<Button onClick={retry}>{t("card.retry")}</Button>}
          />
        )}
      >
        <Widget editing={masked} />
      </CardErrorBoundary>
      {masked && (
        <div
          className={`${styles.mask} ${selected ? styles.maskSelected : ""}`}
          data-testid={`card-mask-${modelCode}`}
          onClick={mode === "remove" ? onToggleSelect : undefined}
        />
      )}
      {mode === "edit" && (
        <div className={`${styles.marks} workspace-no-drag`}>
          <Button
            size="small"
            icon={<DragOutlined />}
            className={styles.keyHandle}
            aria-label={t("card.keyHandle", { title })}
            aria-describedby="workspace-key-help"
            data-testid={`card-key-${modelCode}`}
            onKeyDown={onKey}
          />
          <Button
            size="small"
            danger
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={t("card.hide", { title })}
            data-testid={`card-hide-${modelCode}`}
            onClick={onHide}
          />
        </div>
      )}
      {mode === "remove" && (
        <div className={`${styles.marks} workspace-no-drag`}>
          <Button
            size="small"
            shape="circle"
            type={selected ? "primary" : "default"}
            danger={selected}
            icon={<CheckOutlined />}
            aria-pressed={selected}
            aria-label={t("card.select", { title })}
            data-testid={`card-select-${modelCode}`}
            onClick={onToggleSelect}
          />
        </div>
      )}
    </section>
  );
}
