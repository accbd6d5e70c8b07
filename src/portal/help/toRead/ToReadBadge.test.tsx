// The workspace badge: the header's help icon carries the pending count (overdue distinct, and in
// its accessible name), the workspace line shows the figures with a link to the list, nothing shows
// with nothing pending or when the count cannot be read, and the count is read again on a read
// request or reminder from the live stream and after an acknowledgement in the tab.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../../i18n";
import { LiveProvider } from "../../../live/LiveProvider";
import { fakeLiveConnection } from "../../../live/testing";
import { answerBy, failed, net, ok, renderWidget, resetNet } from "../../widgets/testing";
import { PAGE_TIMEOUT } from "../testing";
import { HelpHeaderIcon, WorkspaceToRead } from "./ToReadBadge";
import { toReadChanged } from "./toReadChanged";

const COUNT = "/compliance/toRead/count";

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

const icon = (onClick = () => undefined) => <HelpHeaderIcon label="Help Center" icon={<span />} onClick={onClick} />;

describe("to-read badge", PAGE_TIMEOUT, () => {
  it("shows the pending count on the help icon, blue without overdue", async () => {
    net.answer = answerBy({ [COUNT]: () => ok({ pending: 3, overdue: 0 }) });
    renderWidget(icon());
    const button = await screen.findByRole("button", { name: "Help Center: 3 policies to read" });
    const badge = screen.getByTestId("to-read-badge");
    expect(badge.getAttribute("data-pending")).toBe("3");
    expect(badge.getAttribute("data-overdue")).toBe("0");
    expect(badge.textContent).toContain("3");
    expect(button).toBeTruthy();
  });

  it("marks overdue distinctly, in the name and the colour", async () => {
    net.answer = answerBy({ [COUNT]: () => ok({ pending: 2, overdue: 1 }) });
    renderWidget(icon());
    await screen.findByRole("button", { name: "Help Center: 2 policies to read, 1 overdue" });
    const count = screen.getByTestId("to-read-badge").querySelector(".ant-badge-count") as HTMLElement;
    expect(count.style.background).toBe("rgb(207, 19, 34)");
  });

  it("shows no figure and no workspace line with nothing pending", async () => {
    net.answer = answerBy({ [COUNT]: () => ok({ pending: 0, overdue: 0 }) });
    renderWidget(
      <>
        {icon()}
        <WorkspaceToRead />
      </>,
    );
    await waitFor(() => expect(net.calls(COUNT)).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole("button", { name: "Help Center" })).toBeTruthy();
    expect(screen.getByTestId("to-read-badge").getAttribute("data-pending")).toBe("0");
    expect(screen.queryByTestId("workspace-to-read")).toBeNull();
  });

  it("fails quietly: no toast, no figure", async () => {
    net.answer = answerBy({ [COUNT]: () => failed() });
    renderWidget(<WorkspaceToRead />);
    await waitFor(() => expect(net.calls(COUNT)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(net.notified).toEqual([]);
    expect(screen.queryByTestId("workspace-to-read")).toBeNull();
  });

  it("shows the workspace line with a keyboard-reachable link to the list", async () => {
    net.answer = answerBy({ [COUNT]: () => ok({ pending: 2, overdue: 1 }) });
    renderWidget(<WorkspaceToRead />);
    const line = await screen.findByTestId("workspace-to-read");
    expect(line.textContent).toContain("You are asked to read 2 policies; 1 past their due date.");
    const link = screen.getByRole("link", { name: "Open the list" });
    expect(link.getAttribute("href")).toBe("/main/helpCenter");
    fireEvent.click(link);
    expect(screen.getByTestId("address").textContent).toBe("/main/helpCenter");
  });

  it("reads the count again on a read request or reminder from the stream and after an acknowledgement", async () => {
    let pending = 1;
    net.answer = answerBy({ [COUNT]: () => ok({ pending, overdue: 0 }) });
    const live = fakeLiveConnection();
    renderWidget(<LiveProvider connection={live.connection}>{icon()}</LiveProvider>);
    await screen.findByRole("button", { name: "Help Center: 1 policy to read" });
    pending = 2;
    act(() => live.emit({ type: "notification", notification: { id: 1, kind: "readReminder", record: null, params: {}, createdAt: "2026-11-27 09:00:00" } }));
    await screen.findByRole("button", { name: "Help Center: 2 policies to read" });
    pending = 0;
    act(() => toReadChanged());
    await screen.findByRole("button", { name: "Help Center" });
    pending = 4;
    act(() => live.emit({ type: "notification", notification: { id: 2, kind: "complaintReplied", record: null, params: {}, createdAt: "2026-11-27 09:00:00" } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(net.calls(COUNT)).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Help Center" })).toBeTruthy();
  });
});
