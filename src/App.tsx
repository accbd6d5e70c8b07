// The app trunk: router, antd, refine and its providers, and the top-level routes. The user and
// admin shells are separate lazy chunks below /main; each shell routes its own pages.
import { Suspense, lazy, useEffect, useMemo } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { App as AntdApp, ConfigProvider, Spin } from "antd";
// The ESM locale files: the CommonJS ones (antd/locale/*) come through the bundler as
// { default: locale }, and antd silently falls back to English.
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { Authenticated, Refine, type NotificationProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { useTranslation } from "react-i18next";

import { accessControlProvider } from "./accessControl";
import { toast, useToastBinding } from "./api/toast";
import { authProvider, portalClient, sessionExpiry } from "./authProvider";
import { createDataProvider } from "./dataProviders";
import { i18nProvider } from "./i18n";
import { NavigationGuard } from "./navigation/NavigationGuard";
import { PageLoadBoundary } from "./navigation/PageLoadBoundary";
import { lazyPage, retryingImport } from "./navigation/lazyRetry";
import { isAdminSystem } from "./shared/session";
import { useAdminResources } from "./shared/adminResourceStore";
import { antdThemeOf, usePrefersReducedMotion, useTheme } from "./shared/theme";

// Each lazy page reloads once when its chunk fails to load (spec 2.4, navigation/lazyRetry.ts).
const BaseLogin = lazyPage(() => import("./login/BaseLogin"));
const LoginCopy = lazyPage(() => import("./login/LoginCopy"));
const PortalEntry = lazyPage(() => import("./login/PortalEntry"));
const Redirect = lazyPage(() => import("./login/Redirect"));
const Relogin = lazyPage(() => import("./relogin/Relogin"));
const PortalShell = lazyPage(() => import("./portal/PortalShell"));
const AdminShell = lazyPage(() => import("./admin/AdminShell"));

const dataProvider = createDataProvider(portalClient);

function PageLoading() {
  return <Spin size="large" fullscreen />;
}

const FirstLoginFlow = lazy(retryingImport(() => import("./portal/firstLogin/FirstLoginFlow")));

/**
 * /main: the admin shell when the session says system=stageAdmin, else the user shell (spec 1).
 * Both ask for privacy consent first (spec 2.8; the server refuses other calls until then); the
 * guide tour belongs to the user shell.
 */
function MainShell() {
  const admin = isAdminSystem();
  return (
    <>
      {admin ? <AdminShell /> : <PortalShell />}
      <Suspense fallback={null}>
        <FirstLoginFlow withGuide={!admin} />
      </Suspense>
    </>
  );
}

/**
 * refine's notifications (admin saves, failed queries) go through the portal's single toast, so
 * spec 8's "one message at a time" holds for them too.
 */
function useNotificationProvider(): NotificationProvider {
  const { message } = AntdApp.useApp();
  return useMemo(
    () => ({
      open: ({ message: title, description, type }) => {
        // After a 4004 the expiry dialog speaks; a toast would only repeat it behind the mask.
        if (type === "error" && sessionExpiry.isExpiring()) return;
        const text = type === "error" ? description || title : title;
        toast(text, type === "progress" ? "loading" : type);
      },
      close: () => message.destroy(),
    }),
    [message],
  );
}

function PortalRefine() {
  const adminResources = useAdminResources();
  useToastBinding();
  const notificationProvider = useNotificationProvider();
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
      options={{ syncWithLocation: true, disableTelemetry: true }}
    >
      <PageLoadBoundary>
        <NavigationGuard>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {/* Spec 2.1: the routes without login. */}
              <Route path="/baseLogin" element={<BaseLogin />} />
              <Route path="/login" element={<LoginCopy />} />
              <Route path="/loginCopy" element={<LoginCopy />} />
              <Route path="/portal" element={<PortalEntry />} />
              <Route path="/relogin" element={<Relogin />} />
              <Route path="/redirect/*" element={<Redirect />} />
              <Route path="/index" element={<Navigate to="/main/workingSpace" replace />} />
              <Route
                path="/main/*"
                element={
                  <Authenticated
                    key="main"
                    fallback={<Navigate to="/loginCopy" replace />}
                    loading={<PageLoading />}
                  >
                    <MainShell />
                  </Authenticated>
                }
              />
              <Route index element={<Navigate to="/main/workingSpace" replace />} />
              {/* Spec 2.1: /loginCopy is the catch-all for unknown paths (a mobile browser with an h5
                  site configured has left for it in the guard). */}
              <Route path="*" element={<Navigate to="/loginCopy" replace />} />
            </Routes>
          </Suspense>
        </NavigationGuard>
      </PageLoadBoundary>
    </Refine>
  );
}

export default function App() {
  const { i18n } = useTranslation();
  const chinese = i18n.language === "cn";
  // Spec 9 / Dress Up: the chosen theme re-colours the whole UI at once through antd tokens.
  const portalTheme = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdThemeOf(portalTheme, { reducedMotion }), [portalTheme, reducedMotion]);
  // The same colours for the shell's own CSS (header tabs, title) as CSS variables.
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--portal-primary", portalTheme.themeColor);
    root.setProperty("--portal-head", portalTheme.themeHeadColor);
  }, [portalTheme]);

  useEffect(() => {
    dayjs.locale(chinese ? "zh-cn" : "en");
  }, [chinese]);

  return (
    <BrowserRouter>
      <ConfigProvider locale={chinese ? zhCN : enUS} theme={theme}>
        <AntdApp>
          <PortalRefine />
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
