// The help and complaints pages' component tests: a page rendered inside antd's App (for confirm
// dialogs), the test client of widgets/testing (net) as the client context, and a router at a
// chosen address, with an output showing where the page navigated.
import type { ReactElement } from "react";
import { configure, render } from "@testing-library/react";
import { App } from "antd";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";

import { AppTestProviders } from "../../auth/test-support";
import { net } from "../widgets/testing";

// antd pages on a machine shared by many test runs: allow for slow renders.
configure({ asyncUtilTimeout: 15_000 });
export const PAGE_TIMEOUT = { timeout: 90_000 };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export function renderPage(ui: ReactElement, at: string | { pathname: string; search?: string; state?: unknown }) {
  return render(
    <AppTestProviders client={net.client.client}>
      <App>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {ui}
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </App>
    </AppTestProviders>,
  );
}

export const policyBrief = (id: number, extra: object = {}) => ({
  id,
  title: `Policy ${id}`,
  keyword: `p${id}`,
  folderId: 1,
  folderName: "HR rules",
  labels: [{ id: 7, labelName: "人事", labelEnName: "HR" }],
  versionNumber: "1.0.0",
  deptName: "Human Resources",
  createTime: "2026-03-02 09:00:00",
  ...extra,
});

export const policyPage = (records: unknown[], total: number, page = 1) => ({ records, total, page, pageSize: 10 });
