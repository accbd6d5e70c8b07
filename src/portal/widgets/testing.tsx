// Shared by the cards' and pages' component tests: a test client whose fetch the test answers (the
// real middleware stays, so SILENT and the toast are exercised), provided to the rendered tree
// through the client context, and a router around the card that shows where a header link went.
import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";

import { AppTestProviders } from "../../auth/test-support";
import { envelope, json, testClient } from "../../api/test-support";

// A card renders antd (CSS-in-JS) and awaits a call: each wait has the suite's budget for a busy
// machine (asyncUtilTimeout, src/test/setup.ts).
/** For the cards' describe blocks: the first render of an antd Table can take seconds under load. */
export const SLOW = { timeout: 60_000 };

type Answer = (request: Request) => Response | Promise<Response>;

let answer: Answer = () => json(404, envelope(404, "", ""));
const client = testClient((request) => answer(request));

export const net = {
  get answer(): Answer {
    return answer;
  },
  set answer(next: Answer) {
    answer = next;
  },
  client,
  get requests(): Request[] {
    return net.client.requests;
  },
  get notified(): string[] {
    return net.client.notified;
  },
  /** Requests to one path, in order. */
  calls(path: string): Request[] {
    return net.requests.filter((request) => new URL(request.url).pathname.endsWith(path));
  },
};

export function resetNet(): void {
  net.client.requests.splice(0);
  net.client.notified.splice(0);
  net.answer = () => json(404, envelope(404, "", ""));
}

export const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
export const failed = () => json(500, envelope(500, "服务器错误", "Server error"));

/** Answers by path; a path without an answer gets 404. */
export function answerBy(routes: Record<string, (request: Request) => Response | Promise<Response>>): Answer {
  return (request) => {
    const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
    return routes[path]?.(request) ?? json(404, envelope(404, "", ""));
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

export function renderWidget(ui: ReactElement) {
  return render(widgetTree(ui));
}

/** The element renderWidget renders (for a rerender with other props). */
export function widgetTree(ui: ReactElement) {
  return (
    <AppTestProviders client={net.client.client}>
      <MemoryRouter initialEntries={["/main/workingSpace"]}>
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
    </AppTestProviders>
  );
}
