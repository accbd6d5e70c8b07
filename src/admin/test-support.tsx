// Renders the admin shell as the app mounts it (refine + react-router at /main/*), over the real
// data provider and the real API client with an injected fetch that plays a small role service
// (the same client the typed call hooks get from the client context).
// Nothing global is replaced except matchMedia, which jsdom lacks and antd's grid needs.
import type { ComponentProps } from "react";
import { Refine, type AccessControlProvider, type NotificationProvider, type OpenNotificationParams } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { App as AntdApp } from "antd";
import { StyleProvider } from "@ant-design/cssinjs";
import { MemoryRouter, Route, Routes } from "react-router";

import { AppTestProviders } from "../auth/test-support";
import { envelope, json, testClient } from "../api/test-support";
import { createDataProvider } from "../dataProviders";
import { i18nProvider, setLanguage } from "../i18n";
import AdminShell from "./AdminShell";
import { useAdminResources } from "../shared/adminResourceStore";
import type { SysRole } from "./roles/types";

export const seededRoles = (): SysRole[] => [
  { id: 1, roleName: "Administrator", roleCode: "admin", description: "Everything", remark: null, status: 1, createTime: "2024-01-01 09:00:00", version: 1 },
  { id: 2, roleName: "Staff", roleCode: "staff", description: "Ordinary staff", remark: null, status: 1, createTime: "2024-01-02 09:00:00", version: 1 },
  { id: 3, roleName: "Editor", roleCode: "editor", description: "Edits content", remark: "help centre", status: 0, createTime: "2024-01-03 09:00:00", version: 1 },
];

type PageBody = { page?: number; pageSize?: number; roleName?: string; status?: number; sortField?: keyof SysRole; sortOrder?: "asc" | "desc" };

/**
 * A role service as the contract describes it, enough for the screens: page (filter, sort, page),
 * getById, create, update (from the current version only) and status change. Every Request is kept
 * for assertions.
 */
export function roleService(roles: SysRole[] = seededRoles()) {
  const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/portal-api/, ""); // the test client's hosts end in /portal-api
    if (path === "/sysRole/page") {
      const body = (await request.clone().json()) as PageBody;
      let rows = roles.filter(
        (role) =>
          (!body.roleName || role.roleName.includes(body.roleName) || role.roleCode.includes(body.roleName)) &&
          (body.status === undefined || role.status === body.status),
      );
      if (body.sortField) {
        const field = body.sortField;
        const sign = body.sortOrder === "desc" ? -1 : 1;
        rows = [...rows].sort((a, b) => sign * String(a[field]).localeCompare(String(b[field])));
      }
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 10;
      return ok({ records: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize });
    }
    if (path === "/sysRole/getById") {
      const role = roles.find((r) => r.id === Number(url.searchParams.get("id")));
      return role ? ok(role) : json(404, envelope(404, "不存在", "Not found"));
    }
    if (path === "/sysRole" && request.method === "POST") {
      const body = (await request.clone().json()) as SysRole;
      const id = Math.max(0, ...roles.map((r) => r.id)) + 1;
      roles.push({ ...body, id, createTime: "2024-02-01 09:00:00", version: 1 });
      return ok(id);
    }
    if (path === "/sysRole" && request.method === "PUT") {
      const body = (await request.clone().json()) as SysRole;
      const index = roles.findIndex((r) => r.id === body.id);
      // As the server (issue 20): only from the version the role has now, which then moves on.
      if (body.version !== roles[index].version) return json(409, envelope(4090, "该记录已被他人修改", "This record was changed by someone else since you opened it"));
      roles[index] = { ...roles[index], ...body, version: roles[index].version + 1 };
      return ok(body.id);
    }
    if (path === "/sysUserEx/changeRoleStatus") {
      const role = roles.find((r) => r.id === Number(url.searchParams.get("id")))!;
      role.status = Number(url.searchParams.get("status")) as SysRole["status"];
      role.version += 1;
      return ok(role.id);
    }
    return json(404, envelope(404, "不存在", "Not found"));
  };
}

/**
 * Hooks every admin screen test shares: English by default (a test may switch), a clean session
 * afterwards, and time for a whole shell (layout, menu, refine, react-query) to render in slow CI.
 */
export function setUpAdminTests() {
  // Each wait has the suite's budget (asyncUtilTimeout, src/test/setup.ts); a whole screen's test
  // makes many of them.
  vi.setConfig({ testTimeout: 90_000 });
  beforeEach(async () => {
    await setLanguage("en");
  });
  afterEach(async () => {
    cleanup();
    sessionStorage.clear();
    await setLanguage("cn");
  });
}

const detachedStyles = document.createElement("div");

type RenderOptions = {
  path?: string;
  roles?: SysRole[];
  /** The service the client talks to (the role service of `roles` by default). */
  service?: (request: Request) => Promise<Response>;
  accessControlProvider?: AccessControlProvider;
  /** Answers a request before the role service does (a refusal, a failing reload); undefined passes it on. */
  intercept?: (request: Request) => Response | undefined | Promise<Response | undefined>;
  /** refine's list state in the address, as the app sets it (AdminRefine.tsx); off by default. */
  syncWithLocation?: boolean;
};

/** refine as the app mounts it: the admin resources are those the admin chunk registered. */
function RefineWithAdminResources(props: Omit<ComponentProps<typeof Refine>, "resources">) {
  return <Refine {...props} resources={useAdminResources()} />;
}

export function renderAdmin({ path = "/main/sys/role", roles, service, accessControlProvider, intercept, syncWithLocation }: RenderOptions = {}) {
  const answer = service ?? roleService(roles);
  const harness = testClient(async (request) => (await intercept?.(request)) ?? answer(request));
  const notifications: OpenNotificationParams[] = [];
  const notificationProvider: NotificationProvider = {
    open: (params) => void notifications.push(params),
    close: () => undefined,
  };
  const view = render(
    // antd injects half a megabyte of CSS; jsdom would match every role query against all of it.
    // Styles go to a detached node instead: the DOM, roles and names are the same.
    <StyleProvider container={detachedStyles}>
      <AppTestProviders client={harness.client}>
        <AntdApp>
          <MemoryRouter initialEntries={[path]}>
            <RefineWithAdminResources
              dataProvider={createDataProvider(harness.client, { language: () => "en" })}
              routerProvider={routerProvider}
              i18nProvider={i18nProvider}
              notificationProvider={notificationProvider}
              accessControlProvider={accessControlProvider}
              options={{ disableTelemetry: true, syncWithLocation }}
            >
              <Routes>
                <Route path="/main/*" element={<AdminShell />} />
              </Routes>
            </RefineWithAdminResources>
          </MemoryRouter>
        </AntdApp>
      </AppTestProviders>
    </StyleProvider>,
  );
  /** Bodies of the page requests sent so far, in order. */
  const pageBodies = () =>
    Promise.all(harness.requests.filter((r) => r.url.endsWith("/sysRole/page")).map((r) => r.clone().json()));
  return { ...view, requests: harness.requests, notifications, notified: harness.notified, pageBodies };
}
