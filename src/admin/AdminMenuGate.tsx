// The admin shell's menus (issue 18, item 6): before the shell renders, the session's own menu
// tree is loaded (getRoleMenuVOByRoles for the session's roles) and stored as the spec 6 maps the
// side menu and buttons read. A window opened by the stage-admin link or an outside caller's
// /main?system=stageAdmin has no maps yet, and spec 6's "empty map shows everything" would list
// every admin screen to anyone. A session that holds no admin menu gets a clear "no permission"
// page; a failed load gets its reason and a retry, never a full menu of failing screens.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../api/ClientProvider";
import { SILENT, unwrap, type PortalClient } from "../api/client";
import { isSessionExpired } from "../auth/sessionExpiry";
import { WORKING_SPACE_PATH } from "../navigation/routes";
import { buildMenuPermissionMap, storeMenuPermissions } from "../shared/permissions";
import { removeSession } from "../shared/session";
import { grantedAdminDefinitions } from "./adminAccess";
import { adminDefinitions } from "./crud/registry";
import type { AdminResourceDef } from "./crud/types";

type GateState =
  | { kind: "loading" }
  | { kind: "failed"; reason: string }
  | { kind: "ready"; granted: AdminResourceDef[] };

async function loadGranted(client: PortalClient): Promise<AdminResourceDef[]> {
  const menus = await unwrap(client.POST("/api/RoleMenuController/getRoleMenuVOByRoles", { body: {}, headers: SILENT }));
  storeMenuPermissions(menus);
  return grantedAdminDefinitions(adminDefinitions, buildMenuPermissionMap(menus));
}

/** Leaves the admin shell for the user shell in this window (the session stays). */
function backToPortal(): void {
  removeSession("system");
  window.location.assign(WORKING_SPACE_PATH);
}

export interface AdminMenuGateProps {
  children: (granted: AdminResourceDef[]) => ReactNode;
  /** Loads the session's menus and answers the granted screens (tests pass their own). */
  loadMenus?: () => Promise<AdminResourceDef[]>;
}

export function AdminMenuGate({ children, loadMenus }: AdminMenuGateProps) {
  const { t } = useTranslation("admin");
  const client = usePortalClient();
  const [state, setState] = useState<GateState>({ kind: "loading" });

  const load = useCallback(() => {
    let live = true;
    setState({ kind: "loading" });
    (loadMenus ? loadMenus() : loadGranted(client))
      .then((granted) => live && setState({ kind: "ready", granted }))
      .catch((error: unknown) => {
        // An expired session: the client's expiry dialog takes the person to sign in again.
        if (!live || isSessionExpired(error)) return;
        setState({ kind: "failed", reason: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [client, loadMenus]);
  useEffect(load, [load]);

  if (state.kind === "loading") return <Spin size="large" fullscreen />;
  if (state.kind === "failed") {
    return (
      <div data-testid="admin-menus-failed">
        <Result
          status="error"
          title={t("access.loadFailed")}
          subTitle={state.reason}
          extra={
            <Button type="primary" onClick={load}>
              {t("access.retry")}
            </Button>
          }
        />
      </div>
    );
  }
  if (state.granted.length === 0) {
    return (
      <div data-testid="admin-forbidden">
        <Result
          status="403"
          title={t("access.forbidden.title")}
          subTitle={t("access.forbidden.description")}
          extra={
            <Button type="primary" onClick={backToPortal}>
              {t("access.backToPortal")}
            </Button>
          }
        />
      </div>
    );
  }
  return children(state.granted);
}
