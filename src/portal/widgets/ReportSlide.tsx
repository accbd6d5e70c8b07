// One report of the my-data carousel: the frame of its dataUrl, with the spec 9 loading indicator
// for its first 600 ms. Mounted only while current, so a report off screen is never loaded.
import { useEffect, useState } from "react";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";

import type { PersonalChart } from "./api";
import { FRAME_LOADING_MS } from "./carousel";
import { reportFrame } from "../../shared/links";
import { WidgetEmpty } from "./WidgetFrame";

const fill = { position: "absolute", inset: 0 } as const;

export function ReportSlide({ report, editing }: { report: PersonalChart; editing: boolean }) {
  const { t } = useTranslation("widgets");
  const [pending, setPending] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPending(false), FRAME_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  const frame = reportFrame(report.dataUrl);
  if (!frame) return <WidgetEmpty text={t("chart.unsafe", { name: report.dataName })} />;
  return (
    <>
      <iframe
        src={frame.src}
        sandbox={frame.sandbox}
        title={report.dataName}
        referrerPolicy="no-referrer"
        style={{ ...fill, width: "100%", height: "100%", border: 0, pointerEvents: editing ? "none" : undefined }}
      />
      {pending && (
        <div style={{ ...fill, display: "flex", alignItems: "center", justifyContent: "center" }} role="status" aria-label={t("frame.loading")}>
          <Spin />
        </div>
      )}
    </>
  );
}
