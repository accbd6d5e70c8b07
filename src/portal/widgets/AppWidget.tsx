// My apps (app_model, spec 2.7, 8, 9): the first 15 of the user's apps as tiles; each opens its
// address in a new tab. A missing or broken icon shows the default one.
import { useState } from "react";
import { theme } from "antd";
import { AppstoreOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { fetchWidgetApps, type WidgetApp } from "./api";
import { usePortalClient } from "../../api/ClientProvider";
import { safeHref } from "../../shared/links";
import type { WidgetProps } from "./types";
import { useQuietLoad } from "./useQuietLoad";
import { WidgetEmpty, WidgetFailed, WidgetFrame, WidgetLoading } from "./WidgetFrame";
import styles from "./widgets.module.css";

export const APP_CENTER_PATH = "/main/appCenterIndex";
const ICON = 36;

function AppIcon({ app }: { app: WidgetApp }) {
  const { token } = theme.useToken();
  const [broken, setBroken] = useState(false);
  if (!app.appIconUrl || broken)
    return <AppstoreOutlined data-testid="widget-app-default-icon" style={{ fontSize: ICON - 6, color: token.colorPrimary }} />;
  return <img src={app.appIconUrl} alt="" width={ICON} height={ICON} style={{ objectFit: "contain" }} onError={() => setBroken(true)} />;
}

function AppTile({ app }: { app: WidgetApp }) {
  const { t } = useTranslation("widgets");
  const { token } = theme.useToken();
  const href = safeHref(app.appUrl);
  const tile = { color: token.colorText };
  const content = (
    <>
      <AppIcon app={app} />
      <span className={styles.appName} style={{ fontSize: token.fontSizeSM }} title={app.appName}>
        {app.appName}
      </span>
    </>
  );
  if (!href)
    return (
      <div className={styles.tile} style={tile}>
        {content}
      </div>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.tile} style={tile} aria-label={t("apps.opensInNewTab", { name: app.appName })}>
      {content}
    </a>
  );
}

export function AppWidget({ editing }: WidgetProps) {
  const client = usePortalClient();
  const { t } = useTranslation("widgets");
  const { data: apps, loading, failed, retry } = useQuietLoad<WidgetApp[]>(() => fetchWidgetApps(client), []);

  let body;
  if (loading) body = <WidgetLoading />;
  else if (failed) body = <WidgetFailed onRetry={retry} />;
  else if (apps.length === 0) body = <WidgetEmpty text={t("apps.empty")} />;
  else
    body = (
      <ul className={styles.list} style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(76px, 1fr))", gap: 4 }}>
        {apps.map((app) => (
          <li key={app.id} style={{ minWidth: 0 }}>
            <AppTile app={app} />
          </li>
        ))}
      </ul>
    );

  return (
    <WidgetFrame modelCode="app_model" editing={editing} moreTo={APP_CENTER_PATH}>
      {body}
    </WidgetFrame>
  );
}
