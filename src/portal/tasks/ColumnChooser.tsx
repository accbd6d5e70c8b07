// The task centre's column chooser (issue 21): which of the optional columns show. The title and
// the two statuses are always shown and not offered. A popover of checkboxes, reachable by
// keyboard, with a way back to the default set.
import { useState } from "react";
import { Button, Checkbox, Popover, Space } from "antd";
import { SettingOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { DEFAULT_OPTIONAL, OPTIONAL, type ColumnKey } from "./taskColumns";

export function ColumnChooser({ chosen, onChange }: { chosen: readonly ColumnKey[]; onChange: (next: ColumnKey[]) => void }) {
  const { t } = useTranslation("taskCentre");
  const [open, setOpen] = useState(false);
  const content = (
    <Space direction="vertical" data-testid="task-column-chooser">
      <Checkbox.Group
        aria-label={t("columnChooser.title")}
        value={[...chosen]}
        onChange={(values) => onChange(OPTIONAL.filter((key) => values.includes(key)))}
        style={{ display: "grid", gap: 6 }}
        options={OPTIONAL.map((key) => ({ value: key, label: t(`columns.${key}`) }))}
      />
      <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onChange([...DEFAULT_OPTIONAL])}>
        {t("columnChooser.reset")}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t("columnChooser.title")} content={content} open={open} onOpenChange={setOpen}>
      <Button icon={<SettingOutlined />} aria-expanded={open} data-testid="task-column-button">
        {t("columnChooser.button")}
      </Button>
    </Popover>
  );
}
