// The bell (issue 23): the unread count from the server, capped like the task badge; news from the
// live stream moves it and is announced once, politely; the drawer lists the notifications in the
// language in use, leads to their record (marked read on the way) and marks all read.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { LiveProvider } from "../../live/LiveProvider";
import { fakeLiveConnection } from "../../live/testing";
import { answerBy, failed, net, ok, renderWidget, resetNet, SLOW } from "../widgets/testing";
import { NotificationBell } from "./NotificationBell";

const COUNT = "/notification/unreadCount";
const PAGE = "/notification/page";
const READ = "/notification/read";
const READ_ALL = "/notification/readAll";

const note = (id: number, kind: string, params: Record<string, unknown> = {}, readAt: string | null = null) => ({
  id,
  kind,
  record: { type: kind === "taskPending" ? "task" : "talkShow", id: 5 },
  params,
  createdAt: `2026-11-27 09:0${id % 10}:00`,
  readAt,
});

function renderBell() {
  const live = fakeLiveConnection();
  renderWidget(
    <LiveProvider connection={live.connection}>
      <NotificationBell />
    </LiveProvider>,
  );
  return live;
}

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("the notification bell", SLOW, () => {
  it("shows the unread count, capped at 99, in its name and badge", async () => {
    net.answer = answerBy({ [COUNT]: () => ok(150) });
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 150 unread" });
    await waitFor(() => expect(within(bell).getByTestId("notifications-badge").textContent).toContain("99+"));
  });

  it("moves with the live stream and announces news once, not on every change", async () => {
    let unread = 1;
    net.answer = answerBy({ [COUNT]: () => ok(unread) });
    const live = renderBell();
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const announcement = screen.getByTestId("notifications-announcement");
    expect(announcement.getAttribute("aria-live")).toBe("polite");
    expect(announcement.textContent).toBe(""); // the first count is not news

    unread = 3;
    act(() => {
      live.emit({ type: "notification", notification: { ...note(7, "taskPending"), record: { type: "task", id: 5 } } });
      live.emit({ type: "notification", notification: { ...note(8, "taskPending"), record: { type: "task", id: 6 } } });
    });
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeTruthy();
    await waitFor(() => expect(announcement.textContent).toBe("3 unread notifications"), { timeout: 5_000 });

    // A poll's tick (no stream) reads the count again, and a lower count is no news.
    unread = 0;
    act(() => live.emit({ type: "resync", reason: "poll" }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(announcement.textContent).toBe("3 unread notifications");
  });

  it("lists the notifications in the language in use, leads to the record and marks it read", async () => {
    const records = [note(3, "taskPending", { taskName: "Travel claim", taskSponsor: "Li Na" }), note(2, "complaintDecided", { reviewStatus: 2, rejectReason: "Off topic", isReply: false }, "2026-11-27 10:00:00")];
    net.answer = answerBy({
      [COUNT]: () => ok(1),
      [PAGE]: () => ok({ records, total: 2, page: 1, pageSize: 20 }),
      [READ]: () => ok(3),
      [READ_ALL]: () => ok(1),
    });
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    const drawer = await screen.findByTestId("notifications-drawer");
    const items = await within(drawer).findAllByTestId("notification-item");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Li Na sent you a task: Travel claim"),
      expect.stringContaining("Your complaint was rejected: Off topic"),
    ]);
    expect(items.map((i) => i.getAttribute("data-read"))).toEqual(["0", "1"]);

    fireEvent.click(within(items[0]).getByRole("button"));
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe("/main/missionCenterIndex"));
    await waitFor(() => expect(net.calls(READ)).toHaveLength(1));
    expect(await net.calls(READ)[0].clone().json()).toEqual({ id: 3 });
  });

  it("marks all read, and says when the list cannot be loaded with a way to try again", async () => {
    let fail = true;
    net.answer = answerBy({
      [COUNT]: () => ok(2),
      [PAGE]: () => (fail ? failed() : ok({ records: [note(4, "roleChanged"), note(5, "complaintReplied")], total: 2, page: 1, pageSize: 20 })),
      [READ_ALL]: () => ok(2),
    });
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const drawer = await screen.findByTestId("notifications-drawer");
    expect(await within(drawer).findByText("The notifications could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(within(drawer).getByRole("button", { name: "Try again" }));
    expect(await within(drawer).findByText("An administrator changed your roles")).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId("notifications-read-all"));
    await waitFor(() => expect(within(drawer).getAllByTestId("notification-item").map((i) => i.getAttribute("data-read"))).toEqual(["1", "1"]));
    expect(net.calls(READ_ALL)).toHaveLength(1);
  });

  it("says so when there is nothing yet", async () => {
    net.answer = answerBy({ [COUNT]: () => ok(0), [PAGE]: () => ok({ records: [], total: 0, page: 1, pageSize: 20 }) });
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});
