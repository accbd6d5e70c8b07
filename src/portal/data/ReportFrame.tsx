// A report in a sandboxed frame, as the my-data card shows it (src/portal/widgets/ReportSlide):
// http(s) or portal addresses only, the sandbox of links.reportFrame, no referrer, and a loading
// indicator for at least the spec 9 600 ms and until the frame has loaded. Frames below the fold
// load when scrolled to (loading="lazy").
import { useEffect, useState } from "react";
import { Empty, Spin } from "antd";
import { useTranslation } from "react-i18next";

import { FRAME_LOADING_MS } from "../widgets/carousel";
import { reportFrame } from "../../shared/links";
import type { PersonalChart } from "./api";

const fill = { position: "absolute", inset: 0 } as const;

export function ReportFrame({ report }: { report: Pick<PersonalChart, "dataName" | "dataUrl"> }) {
  const { t } = useTranslation("dataCentre");
  const frame = reportFrame(report.dataUrl);
  const [shortWait, setShortWait] = useState(true);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setShortWait(true);
    setLoaded(false);
    const timer = setTimeout(() => setShortWait(false), FRAME_LOADING_MS);
    return () => clearTimeout(timer);
  }, [frame?.src]);

  if (!frame)
    return (
      <div style={{ ...fill, display: "flex", alignItems: "center", justifyContent: "center" }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("frame.unsafe", { name: report.dataName })} />
      </div>
    );
  return (
    <>
      <iframe
        key={frame.src}
        src={frame.src}
        sandbox={frame.sandbox}
        title={report.dataName}
        referrerPolicy="no-referrer"
        loading="lazy"
        onLoad={() => setLoaded(true)}
        style={{ ...fill, width: "100%", height: "100%", border: 0 }}
      />
      {(shortWait || !loaded) && (
        <div style={{ ...fill, display: "flex", alignItems: "center", justifyContent: "center", background: "rgba(255,255,255,0.6)" }} role="status" aria-label={t("frame.loading", { name: report.dataName })}>
          <Spin />
        </div>
      )}
    </>
  );
}
