// The app trunk: router, antd, i18n and the top-level routes. The user and admin shells are
// separate lazy chunks below /main; each shell routes its own pages. refine and its providers
// belong to the admin shell (src/admin/AdminRefine.tsx): the login pages and the user shell never
// load it (issue 9).
import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, type ReactNode } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { ConfigProvider, Spin } from "antd";
// The ESM locale files: the CommonJS ones (antd/locale/*) come through the bundler as
// { default: locale }, and antd silently falls back to English.
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { useTranslation } from "react-i18next";

import { ClientProvider } from "./api/ClientProvider";
import { createAppSession } from "./auth/appSession";
import { SessionProvider } from "./auth/SessionProvider";
import { loadAdminLocales } from "./i18n";
import { NavigationGuard } from "./navigation/NavigationGuard";
import { PageLoadBoundary } from "./shared/PageLoadBoundary";
import { lazyPage, retryingImport } from "./shared/lazyRetry";
import { hasLiveSession, isAdminSystem } from "./shared/session";
import { antdThemeOf, headerColoursOf, usePrefersReducedMotion, useTheme } from "./shared/theme";

// Each lazy page reloads once when its chunk fails to load (spec 2.4, shared/lazyRetry.ts).
const BaseLogin = lazyPage(() => import("./login/BaseLogin"));
const LoginCopy = lazyPage(() => import("./login/LoginCopy"));
const PortalEntry = lazyPage(() => import("./login/PortalEntry"));
const Redirect = lazyPage(() => import("./login/Redirect"));
const Relogin = lazyPage(() => import("./relogin/Relogin"));
const PortalShell = lazyPage(() => import("./portal/PortalShell"));
// The admin shell brings its own words (admin*.json) in the language in use, and dayjs in it
// (shared/dayjsLocale.ts; the user shell imports that itself).
const AdminShell = lazyPage(() =>
  Promise.all([import("./admin/AdminApp"), loadAdminLocales(), import("./shared/dayjsLocale")]).then(([shell]) => shell),
);

/** The page's one app session: its client's 4004 flow is its expiry flow; every screen takes it from the providers below. */
const appSession = createAppSession();

function PageLoading() {
  return <Spin size="large" fullscreen />;
}

const FirstLoginFlow = lazy(retryingImport(() => import("./portal/firstLogin/FirstLoginFlow")));

/**
 * Starts fetching the chunks of the page being opened while the trunk still loads its words
 * (main.tsx), instead of one lazy import after another as each level renders (issue 9: time to a
 * usable login form, workspace LCP). The lazy pages above import the same modules, so nothing
 * loads twice; a failure here is left to them (lazyRetry).
 */
export function preloadFirstPage(pathname: string): void {
  const chunks: Promise<unknown>[] = [];
  if (pathname === "/baseLogin") chunks.push(import("./login/BaseLogin"));
  else if (pathname === "/login" || pathname === "/loginCopy") chunks.push(import("./login/LoginCopy"));
  else if (pathname.startsWith("/main") && hasLiveSession()) {
    chunks.push(import("./portal/firstLogin/FirstLoginFlow"));
    if (isAdminSystem()) chunks.push(import("./admin/AdminApp"), loadAdminLocales());
    else {
      chunks.push(import("./portal/PortalShell"));
      if (pathname === "/main" || pathname === "/main/" || pathname === "/main/workingSpace") chunks.push(import("./portal/workingSpace/WorkingSpace"));
    }
  }
  for (const chunk of chunks) chunk.catch(() => undefined);
}

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
 * /main/* needs a session (spec 4): without one the person goes to /loginCopy. The auth provider's
 * check is exactly this (a live sid in session storage), read when the route renders.
 */
function RequireSession({ children }: { children: ReactNode }) {
  return hasLiveSession() ? children : <Navigate to="/loginCopy" replace />;
}

function PortalRoutes() {
  return (
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
                <RequireSession key="main">
                  <MainShell />
                </RequireSession>
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
  );
}

export default function App() {
  const { i18n } = useTranslation();
  const chinese = i18n.language === "cn";
  // Spec 9 / Dress Up: the chosen theme re-colours the whole UI at once through antd tokens.
  const portalTheme = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdThemeOf(portalTheme, { reducedMotion }), [portalTheme, reducedMotion]);
  // The same colours for the shell's own CSS (header tabs, title) as CSS variables; the header's
  // title, active tab and search button take the readable colours of their theme (issue 21).
  useEffect(() => {
    const root = document.documentElement.style;
    const header = headerColoursOf(portalTheme);
    root.setProperty("--portal-primary", portalTheme.themeColor);
    root.setProperty("--portal-head", portalTheme.themeHeadColor);
    root.setProperty("--portal-head-accent", header.accent);
    if (header.searchButton) root.setProperty("--portal-head-button", header.searchButton);
    else root.removeProperty("--portal-head-button");
  }, [portalTheme]);

  // dayjs follows the language from shared/dayjsLocale.ts, which the shells load (not the login pages).

  // antd's <App> (the hook message, modal and notification) is the admin shell's only: the login
  // pages and the user shell show toasts with antd's static message and confirms with the static
  // Modal.confirm, both loaded on first use (api/toast.ts, shared/confirm.ts; issue 9). They render
  // outside this tree, so they get the same theme and locale from here.
  const locale = chinese ? zhCN : enUS;
  useLayoutEffect(() => {
    ConfigProvider.config({
      theme,
      holderRender: (children) => (
        <ConfigProvider locale={locale} theme={theme}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, theme]);

  return (
    <ClientProvider client={appSession.client}>
      <SessionProvider session={appSession}>
        <BrowserRouter>
          <ConfigProvider locale={locale} theme={theme}>
            <PortalRoutes />
          </ConfigProvider>
        </BrowserRouter>
      </SessionProvider>
    </ClientProvider>
  );
}
