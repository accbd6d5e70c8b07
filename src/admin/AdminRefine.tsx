// refine and its providers, for the admin shell only (issue 9): refine (react-query, lodash, qs,
// papaparse ...) loads with this chunk, never on the login pages or in the user shell, which use
// the small hooks of src/auth/hooks.ts over the same auth provider.
import { useMemo, type ReactNode } from "react";
import { App as AntdApp } from "antd";
import { Refine, type NotificationProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";

import { accessControlProvider } from "../auth/accessControl";
import { usePortalClient } from "../api/ClientProvider";
import { useAppSession } from "../auth/SessionProvider";
import { toast } from "../api/toast";
import { createDataProvider } from "../dataProviders";
import { i18nProvider } from "../i18n";
import { useAdminResources } from "../shared/adminResourceStore";
import type { SessionExpiry } from "../auth/sessionExpiry";
import { adminQueryRetry } from "./AdminForbidden";

/**
 * refine's notifications (admin saves, failed queries) go through the portal's single toast, so
 * spec 8's "one message at a time" holds for them too.
 */
function useNotificationProvider(expiry: SessionExpiry): NotificationProvider {
  const { message } = AntdApp.useApp();
  return useMemo(
    () => ({
      open: ({ message: title, description, type }) => {
        // After a 4004 the expiry dialog speaks; a toast would only repeat it behind the mask.
        if (type === "error" && expiry.isExpiring()) return;
        const text = type === "error" ? description || title : title;
        toast(text, type === "progress" ? "loading" : type);
      },
      close: () => message.destroy(),
    }),
    [expiry, message],
  );
}

export function AdminRefine({ children }: { children: ReactNode }) {
  const adminResources = useAdminResources();
  const client = usePortalClient();
  const { authProvider, expiry } = useAppSession();
  const dataProvider = useMemo(() => createDataProvider(client), [client]);
  const notificationProvider = useNotificationProvider(expiry);
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      // Registered by the admin chunk when it loads (src/admin/crud/registry.tsx).
      resources={adminResources}
      // A 4xx answer is final: never retried (issue 22: a refused screen retried its 403 for ~9 s).
      options={{
        syncWithLocation: true,
        disableTelemetry: true,
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: adminQueryRetry } } } },
      }}
    >
      {children}
    </Refine>
  );
}
