// A campaign's figures as one compact cell: done / pending / overdue with a small progress bar
// (done of all; overdue in red). Used by the list and the show page's department table.
import { Progress, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { CampaignFigures } from "./api";

/** Done as a whole percentage of all (0 when nobody is asked). */
export const donePercent = (f: CampaignFigures) => (f.total === 0 ? 0 : Math.floor((f.done * 100) / f.total));

export function FiguresCell({ figures }: { figures: CampaignFigures }) {
  const { t } = useTranslation("adminCompliance");
  const text = t("figures.line", { done: figures.done, pending: figures.pending, overdue: figures.overdue, total: figures.total });
  return (
    <Space direction="vertical" size={0} style={{ width: "100%" }} data-testid="campaign-figures">
      <Typography.Text>
        {t("figures.done", { count: figures.done })} · {t("figures.pending", { count: figures.pending })} ·{" "}
        <Typography.Text type={figures.overdue > 0 ? "danger" : undefined}>{t("figures.overdue", { count: figures.overdue })}</Typography.Text>
      </Typography.Text>
      <Progress
        percent={donePercent(figures)}
        success={{ percent: donePercent(figures) }}
        size="small"
        status={figures.overdue > 0 ? "exception" : "normal"}
        aria-label={text}
      />
    </Space>
  );
}
