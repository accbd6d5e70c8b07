// The help centre's "to read" card: loading, empty, failed (with a retry), and the items in the
// server's order with their state marked and a link to the policy's detail view; it reads again
// when an acknowledgement is made in the tab or the live stream brings a read request.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../../i18n";
import { LiveProvider } from "../../../live/LiveProvider";
import { fakeLiveConnection } from "../../../live/testing";
import { answerBy, failed, net, ok, resetNet } from "../../widgets/testing";
import { PAGE_TIMEOUT, renderPage } from "../testing";
import { toReadItem } from "./fixtures";
import { toReadChanged } from "./toReadChanged";
import { ToReadList } from "./ToReadList";

const PAGE = "/compliance/toRead/page";
const page = (records: unknown[], total = records.length) => ({ records, total, page: 1, pageSize: 10 });

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("to-read list", PAGE_TIMEOUT, () => {
  it("shows a loading state until the answer, then the empty state", async () => {
    let release: (r: Response) => void = () => undefined;
    net.answer = answerBy({ [PAGE]: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderPage(<ToReadList />, "/main/helpCenter");
    expect(await screen.findByTestId("to-read-loading")).toBeTruthy();
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(1));
    release(ok(page([])));
    expect(await screen.findByText("Nothing to read: no campaign asks you to read a policy.")).toBeTruthy();
    expect(screen.queryByTestId("to-read-loading")).toBeNull();
    expect(await net.calls(PAGE)[0].clone().json()).toEqual({ page: 1, pageSize: 10 });
  });

  it("shows the failure with a retry that asks again", async () => {
    let fail = true;
    net.answer = answerBy({ [PAGE]: () => (fail ? failed() : ok(page([toReadItem(1)]))) });
    renderPage(<ToReadList />, "/main/helpCenter");
    const retry = await screen.findByRole("button", { name: "Retry" });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("link", { name: "Policy 1 (version 2.0)" })).toBeTruthy();
  });

  it("lists pending (overdue marked) before done, each opening the policy's detail view", async () => {
    net.answer = answerBy({
      [PAGE]: () =>
        ok(
          page([
            toReadItem(1, { state: "overdue", dueDate: "2026-11-01", signatureRequired: true }),
            toReadItem(2, { state: "pending", dueDate: "2026-12-24" }),
            toReadItem(3, { state: "done", doneAt: "2026-11-20 08:00:00" }),
            toReadItem(4, { state: "pending", policyId: null }),
          ]),
        ),
    });
    renderPage(<ToReadList />, "/main/helpCenter");
    const list = await screen.findByRole("region", { name: "To read" });
    const rows = await within(list).findAllByTestId(/^to-read-\d+$/);
    expect(rows.map((row) => row.getAttribute("data-state"))).toEqual(["overdue", "pending", "done", "pending"]);
    expect(within(rows[0]).getByText("Overdue since 2026-11-01")).toBeTruthy();
    expect(within(rows[0]).getByText("Signature required")).toBeTruthy();
    expect(within(rows[1]).getByText("Due by 2026-12-24")).toBeTruthy();
    expect(within(rows[2]).getByText("Done on 2026-11-20")).toBeTruthy();
    expect(within(rows[0]).getByRole("link", { name: "Policy 1 (version 2.0)" }).getAttribute("href")).toBe("/main/helpDetail?id=11");
    // A deleted policy has nothing to open.
    expect(within(rows[3]).queryByRole("link")).toBeNull();
    expect(within(rows[3]).getByText(/deleted since/)).toBeTruthy();
  });

  it("reads again after an acknowledgement in the tab and on a read request from the stream", async () => {
    net.answer = answerBy({ [PAGE]: () => ok(page([toReadItem(1)])) });
    const live = fakeLiveConnection();
    renderPage(
      <LiveProvider connection={live.connection}>
        <ToReadList />
      </LiveProvider>,
      "/main/helpCenter",
    );
    await screen.findByRole("link", { name: "Policy 1 (version 2.0)" });
    expect(net.calls(PAGE)).toHaveLength(1);
    act(() => toReadChanged());
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(2));
    act(() => live.emit({ type: "notification", notification: { id: 1, kind: "readRequested", record: null, params: {}, createdAt: "2026-11-27 09:00:00" } }));
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(3));
    // Another kind of notification is not about reading.
    act(() => live.emit({ type: "notification", notification: { id: 2, kind: "taskAssigned", record: null, params: {}, createdAt: "2026-11-27 09:00:00" } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.calls(PAGE)).toHaveLength(3);
  });
});
