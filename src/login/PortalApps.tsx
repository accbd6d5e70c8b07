// /portal's list of portal applications (spec 2.1's external portal; the admin's /outAppList
// manages them): the on-shelf ones, each a link opening in a new tab, so taking one off the shelf
// takes it off this page (issue 22 item 6). bscPortalApp/listAll is for signed-in callers only (the
// contract answers 401 otherwise, and the list names internal systems' addresses), so the list is
// asked for when the browser holds a live session; a visitor without one sees the sign-in choices
// alone (docs/decisions.md, "Issue 22: admin defects").
import { Alert, List, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { components } from "../api/schema";
import { SILENT, unwrap, type PortalClient } from "../api/client";
import { AppIcon } from "../shared/AppIcon";
import { safeHref } from "../shared/links";
import { hasLiveSession } from "../shared/session";
import { usePortalClient } from "../api/ClientProvider";

type BscPortalApp = components["schemas"]["BscPortalApp"];
type State = { apps: BscPortalApp[] } | "loading" | "failed" | "anonymous";

/** The on-shelf portal applications (GET /bscPortalApp/listAll); quiet: the page says it in place. */
export async function fetchPortalApps(client: PortalClient): Promise<BscPortalApp[]> {
  return (await unwrap(client.GET("/bscPortalApp/listAll", { headers: SILENT }))) ?? [];
}

export function PortalApps() {
  const client = usePortalClient();
  const { t } = useTranslation("login");
  const [state, setState] = useState<State>(() => (hasLiveSession() ? "loading" : "anonymous"));
  useEffect(() => {
    if (state !== "loading") return;
    let live = true;
    fetchPortalApps(client).then(
      (apps) => live && setState({ apps }),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [client, state]);

  if (state === "anonymous") return null;
  return (
    <section aria-labelledby="portal-apps-title" style={{ marginTop: 24 }} data-testid="portal-apps">
      <Typography.Title level={2} id="portal-apps-title" style={{ fontSize: 18 }}>
        {t("portalEntry.apps.title")}
      </Typography.Title>
      {state === "failed" ? (
        <Alert type="warning" showIcon message={t("portalEntry.apps.failed")} />
      ) : (
        <List<BscPortalApp>
          loading={state === "loading"}
          dataSource={state === "loading" ? [] : state.apps}
          locale={{ emptyText: t("portalEntry.apps.empty") }}
          renderItem={(app) => {
            const href = safeHref(app.url);
            return (
              <List.Item key={app.id}>
                <List.Item.Meta
                  avatar={<AppIcon url={app.image} size={32} />}
                  title={
                    href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t("portalEntry.apps.open", { name: app.name })}>
                        {app.name}
                      </a>
                    ) : (
                      app.name
                    )
                  }
                  description={app.description ?? undefined}
                />
              </List.Item>
            );
          }}
        />
      )}
    </section>
  );
}
