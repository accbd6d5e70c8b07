// Spec 2.7 and 5: the add-card dialog "选择您要添加的卡片" with "完成"; 1 to 5 cards chosen from the
// card types not on the workspace.
import { useEffect, useState } from "react";
import { Checkbox, Empty, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { useClickGuard, DIALOG_GUARD_MS } from "../../shared/clickGuard";
import { WIDGETS } from "../widgets";
import type { ModelCode } from "./layoutModel";
import { ADD_CARD_MAX, canFinishAdding } from "./modes";
import styles from "./workspace.module.css";

export interface AddCardDialogProps {
  open: boolean;
  /** The card types that are not shown now. */
  available: ModelCode[];
  onDone: (chosen: ModelCode[]) => void;
  onClose: () => void;
}

export function AddCardDialog({ open, available, onDone, onClose }: AddCardDialogProps) {
  const { t } = useTranslation("workspace");
  const [chosen, setChosen] = useState<ModelCode[]>([]);
  const [blocked, guard] = useClickGuard(DIALOG_GUARD_MS);
  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);

  return (
    <Modal
      open={open}
      title={t("addDialog.title")}
      okText={t("addDialog.done")}
      cancelText={t("common:actions.cancel")}
      okButtonProps={{ disabled: !canFinishAdding(chosen.length) || blocked, "data-testid": "ws-add-done" }}
      onOk={guard(() => onDone(chosen))}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ws-add-dialog"
    >
      {available.length === 0 ? (
        <Empty description={t("addDialog.allShown")} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t("addDialog.hint", { max: ADD_CARD_MAX })}</Typography.Paragraph>
          <Checkbox.Group
            className={styles.addChoices}
            value={chosen}
            onChange={(values) => setChosen((values as ModelCode[]).slice(0, ADD_CARD_MAX))}
            options={available.map((code) => ({
              value: code,
              label: <span data-testid={`ws-add-choice-${code}`}>{t(WIDGETS[code].titleKey, { ns: "widgets" })}</span>,
            }))}
          />
        </>
      )}
    </Modal>
  );
}
