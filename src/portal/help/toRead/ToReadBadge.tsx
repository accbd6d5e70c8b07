// Where staff see their read requests every morning (issue 24): the help-centre icon of the header
// carries the number pending (red when some are overdue, blue otherwise), and the workspace shows
// one line with the figures and a link to the list. Both lead to the help centre's home, whose
// first card is the "to read" list.
import type { ReactNode } from "react";
import { Alert, Badge, Button, Tooltip } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

import type { ToReadCount } from "./api";
import { useToReadCount } from "./useToReadCount";

/** The help centre's home: its first card is the list. */
export const TO_READ_PATH = "/main/helpCenter";
const OVERDUE_COLOR = "#cf1322";
const PENDING_COLOR = "#1677ff";

/** The accessible name of the help icon: the page, then the figures when there are any. */
export function helpIconLabel(help: string, count: ToReadCount | null, t: TFunction<"compliance">): string {
  if (!count || count.pending === 0) return help;
  return `${help}: ${count.overdue > 0 ? t("badge.pendingOverdue", { count: count.pending, overdue: count.overdue }) : t("badge.pending", { count: count.pending })}`;
}

export interface HelpHeaderIconProps {
  label: string;
  icon: ReactNode;
  className?: string;
  onClick: () => void;
}

/** The header's help-centre icon with the number of pending read requests. */
export function HelpHeaderIcon({ label, icon, className, onClick }: HelpHeaderIconProps) {
  const { t } = useTranslation("compliance");
  const count = useToReadCount();
  const name = helpIconLabel(label, count, t);
  const pending = count?.pending ?? 0;
  return (
    <Tooltip title={name}>
      <Badge
        count={pending}
        size="small"
        offset={[-6, 6]}
        color={count && count.overdue > 0 ? OVERDUE_COLOR : PENDING_COLOR}
        data-testid="to-read-badge"
        data-pending={pending}
        data-overdue={count?.overdue ?? 0}
      >
        <Button type="text" className={className} data-tour="help" data-testid="header-help" aria-label={name} icon={icon} onClick={onClick} />
      </Badge>
    </Tooltip>
  );
}

/** The workspace's line: shown only while something is pending. */
export function WorkspaceToRead() {
  const { t } = useTranslation("compliance");
  const count = useToReadCount();
  if (!count || count.pending === 0) return null;
  const overdue = count.overdue > 0;
  return (
    <Alert
      type={overdue ? "error" : "info"}
      showIcon
      data-testid="workspace-to-read"
      style={{ marginBottom: 12 }}
      message={overdue ? t("badge.workspaceOverdue", { count: count.pending, overdue: count.overdue }) : t("badge.workspace", { count: count.pending })}
      action={<Link to={TO_READ_PATH}>{t("badge.open")}</Link>}
    />
  );
}
