// My data (chart_model, spec 2.7, 9): a carousel of the user's embedded reports, at most 10,
// turning by itself and wrapping only with more than one. Hovering or focusing the report, or the
// pause button, holds the rotation (WCAG 2.2.2).
import { useEffect, useState } from "react";
import { Button } from "antd";
import { LeftOutlined, PauseOutlined, CaretRightOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { fetchReports, type PersonalChart } from "./api";
import { usePortalClient } from "../../api/ClientProvider";
import { AUTOPLAY_MS, clampSlide, loops, stepSlide } from "./carousel";
import { ReportSlide } from "./ReportSlide";
import type { WidgetProps } from "./types";
import { useQuietLoad } from "./useQuietLoad";
import { WidgetEmpty, WidgetFailed, WidgetFrame, WidgetLoading } from "./WidgetFrame";

export const DATA_CENTER_PATH = "/main/myDataCenter";

export function ChartWidget({ editing }: WidgetProps) {
  const client = usePortalClient();
  const { t } = useTranslation("widgets");
  const { data: reports, loading, failed, retry } = useQuietLoad<PersonalChart[]>(() => fetchReports(client), []);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const total = reports.length;
  const current = clampSlide(index, total);
  const rotating = loops(total) && !paused && !held;

  // Restarts on every step, so a report shown by hand stays its full time too.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex(stepSlide(current, 1, total)), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, total]);

  const step = (delta: number) => setIndex(stepSlide(current, delta, total));
  const controls = total > 0 && (
    <>
      {loops(total) && (
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t("chart.previous")} onClick={() => step(-1)} />
      )}
      <span aria-live={rotating ? "off" : "polite"} data-testid="widget-chart-position">
        {t("chart.position", { current: current + 1, total })}
      </span>
      {loops(total) && (
        <>
          <Button size="small" type="text" icon={<RightOutlined />} aria-label={t("chart.next")} onClick={() => step(1)} />
          <Button
            size="small"
            type="text"
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            aria-label={t(paused ? "chart.play" : "chart.pause")}
            onClick={() => setPaused(!paused)}
          />
        </>
      )}
    </>
  );

  let body;
  if (loading) body = <WidgetLoading />;
  else if (failed) body = <WidgetFailed onRetry={retry} />;
  else if (total === 0) body = <WidgetEmpty text={t("chart.empty")} />;
  else
    body = (
      <div
        style={{ position: "absolute", inset: "0 12px 12px" }}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        <ReportSlide key={reports[current].id} report={reports[current]} editing={editing} />
      </div>
    );

  return (
    <WidgetFrame modelCode="chart_model" editing={editing} moreTo={DATA_CENTER_PATH} extra={controls}>
      {body}
    </WidgetFrame>
  );
}
