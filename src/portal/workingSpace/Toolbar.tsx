// Spec 2.7: the workspace toolbar (only on /workingSpace): edit, remove-card, add-card and reset;
// edit and remove-card modes show Cancel and OK instead.
import { Button, Space, Typography } from "antd";
import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, UndoOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import type { Mode } from "./modes";
import styles from "./workspace.module.css";

export interface ToolbarProps {
  mode: Mode;
  busy: boolean;
  selectedCount: number;
  onEnter: (mode: "edit" | "remove" | "add" | "revert") => void;
  onCancel: () => void;
  onOk: () => void;
}

export function Toolbar({ mode, busy, selectedCount, onEnter, onCancel, onOk }: ToolbarProps) {
  const { t } = useTranslation("workspace");
  const arranging = mode === "edit" || mode === "remove";
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t("toolbar.label")} data-testid="ws-toolbar" data-mode={mode}>
      {arranging ? (
        <Space wrap>
          <Typography.Text data-testid="ws-hint">
            {mode === "edit" ? t("toolbar.editHint") : t("toolbar.removeHint", { count: selectedCount })}
          </Typography.Text>
          <Button onClick={onCancel} disabled={busy} data-testid="ws-cancel">
            {t("common:actions.cancel")}
          </Button>
          <Button type="primary" onClick={onOk} loading={busy} data-testid="ws-ok">
            {t("common:actions.ok")}
          </Button>
        </Space>
      ) : (
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => onEnter("edit")} disabled={busy} data-testid="ws-edit">
            {t("toolbar.edit")}
          </Button>
          <Button icon={<DeleteOutlined />} onClick={() => onEnter("remove")} disabled={busy} data-testid="ws-remove">
            {t("toolbar.remove")}
          </Button>
          <Button
            icon={<AppstoreAddOutlined />}
            type={mode === "add" ? "primary" : "default"}
            onClick={() => onEnter("add")}
            disabled={busy}
            data-testid="ws-add"
          >
            {t("toolbar.add")}
          </Button>
          <Button icon={<UndoOutlined />} onClick={() => onEnter("revert")} disabled={busy} data-testid="ws-reset">
            {t("toolbar.reset")}
          </Button>
        </Space>
      )}
    </div>
  );
}
