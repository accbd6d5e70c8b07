// Complaints over time as a plain SVG bar chart (no chart library): one bar per day or week, the
// count above non-empty bars, a date label every few bars. The figure has a text alternative and
// each bar a title, so the numbers are readable without seeing the chart.
import { theme } from "antd";
import { useTranslation } from "react-i18next";

export interface TrendPoint {
  date: string;
  count: number;
}

const W = 720;
const H = 220;
const PAD = { top: 20, right: 8, bottom: 28, left: 32 };

export function TrendChart({ points, unit }: { points: TrendPoint[]; unit: "day" | "week" }) {
  const { t } = useTranslation("adminData");
  // The theme's readable description grey for the axis labels (issue 21: #8c8c8c was 3.4:1).
  const { token } = theme.useToken();
  const max = Math.max(1, ...points.map((p) => p.count));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, points.length);
  const bar = Math.max(2, slot * 0.7);
  const labelEvery = Math.ceil(points.length / 8);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const total = points.reduce((a, p) => a + p.count, 0);
  const label = `${t("home.chartLabel", { unit: t(`home.${unit}`) })} - ${t("home.total", { count: total })}`;

  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} data-testid="home-trend" style={{ maxHeight: 260 }}>
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#d9d9d9" />
      <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill={token.colorTextDescription}>
        {max}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill={token.colorTextDescription}>
        0
      </text>
      {points.map((p, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        return (
          <g key={p.date}>
            <title>{t("home.barLabel", { date: p.date, count: p.count })}</title>
            <rect x={x} y={y(p.count)} width={bar} height={Math.max(0, y(0) - y(p.count))} fill="#1677ff" rx={2} />
            {p.count > 0 && (
              <text x={x + bar / 2} y={y(p.count) - 4} textAnchor="middle" fontSize="10" fill={token.colorTextSecondary}>
                {p.count}
              </text>
            )}
            {i % labelEvery === 0 && (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" fontSize="10" fill={token.colorTextDescription}>
                {p.date.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
