// antd's <Result status="warning"> drawn from antd's tokens. Result itself carries the
// illustrations of its 403/404/500 states; where the warning is the only state shown and only on a
// failure (a page that cannot load, a card that crashed), this keeps Result out of the first load
// of every page (issue 9).
import type { ReactNode } from "react";
import { theme } from "antd";
import { ExclamationCircleFilled } from "@ant-design/icons";

export function WarningResult({ title, subTitle, extra, className }: { title?: ReactNode; subTitle?: ReactNode; extra?: ReactNode; className?: string }) {
  const { token } = theme.useToken();
  return (
    // A className brings its own padding (antd's default below otherwise).
    <div className={className} style={{ textAlign: "center", ...(className ? {} : { padding: `${token.paddingXL * 1.5}px ${token.paddingXL}px` }) }}>
      <div style={{ marginBottom: token.marginLG }}>
        <ExclamationCircleFilled style={{ fontSize: 72, color: token.colorWarning }} />
      </div>
      {title && (
        <div style={{ marginBlock: token.marginXS, color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
          {title}
        </div>
      )}
      {subTitle && <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: token.marginLG, textAlign: "center" }}>{extra}</div>}
    </div>
  );
}
