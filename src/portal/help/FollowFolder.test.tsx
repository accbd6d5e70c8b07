// Issue 23: the help centre's follow toggle per folder: the follows read once, a toggle saved with
// followFolder (its state shown at once, put back when the save fails), both languages, and no
// toggle while the follows are unknown.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, resetNet } from "../widgets/testing";
import HelpCenter from "./HelpCenter";
import { PAGE_TIMEOUT, policyBrief, renderPage } from "./testing";

const FOLLOWED = "/helpCenter/followedFolders";
const FOLLOW = "/helpCenter/followFolder";

const tree = [
  {
    id: 1,
    folderName: "HR rules",
    parentId: null,
    sort: 0,
    policies: [policyBrief(1)],
    children: [{ id: 2, folderName: "Leave", parentId: 1, sort: 0, policies: [policyBrief(2, { folderId: 2 })], children: [] }],
  },
];
const home = {
  "/helpCenter/getLabelList": () => ok([]),
  "/helpCenter/getHelpCenterList": () => ok(tree),
  "/helpCenter/getSearchHistoryList": () => ok([]),
  // the home's "to read" card (issue 24)
  "/compliance/toRead/page": () => ok({ records: [], total: 0, page: 1, pageSize: 10 }),
};

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("following a help-centre folder", PAGE_TIMEOUT, () => {
  it("shows each folder's follow state and saves a change with followFolder", async () => {
    let followed = [2];
    net.answer = answerBy({
      ...home,
      [FOLLOWED]: () => ok(followed),
      [FOLLOW]: async (request) => {
        const { folderId, follow } = (await request.clone().json()) as { folderId: number; follow: boolean };
        followed = follow ? [...followed, folderId].sort() : followed.filter((id) => id !== folderId);
        return ok(followed);
      },
    });
    renderPage(<HelpCenter />, "/main/helpCenter");
    const root = await screen.findByTestId("follow-folder-1");
    const leave = screen.getByTestId("follow-folder-2");
    expect(root.getAttribute("aria-pressed")).toBe("false");
    expect(root.textContent).toBe("Follow");
    expect(root.getAttribute("aria-label")).toBe("Follow HR rules");
    expect(leave.getAttribute("aria-pressed")).toBe("true");
    expect(leave.textContent).toBe("Following");

    fireEvent.click(root);
    await waitFor(() => expect(screen.getByTestId("follow-folder-1").getAttribute("aria-pressed")).toBe("true"));
    await waitFor(() => expect(net.calls(FOLLOW)).toHaveLength(1));
    expect(await net.calls(FOLLOW)[0].clone().json()).toEqual({ folderId: 1, follow: true });
    expect(net.calls(FOLLOW)[0].method).toBe("PUT");
    fireEvent.click(await within(screen.getByTestId("help-folders")).findByRole("button", { name: "Following Leave", pressed: true }));
    await waitFor(() => expect(net.calls(FOLLOW)).toHaveLength(2));
    expect(await net.calls(FOLLOW)[1].clone().json()).toEqual({ folderId: 2, follow: false });
    await waitFor(() => expect(screen.getByTestId("follow-folder-2").getAttribute("aria-pressed")).toBe("false"));
    expect(followed).toEqual([1]);
    // read once: the saves answer the new follows, no second read
    expect(net.calls(FOLLOWED)).toHaveLength(1);
  });

  it("puts the toggle back when the save fails (the client's toast says why)", async () => {
    net.answer = answerBy({ ...home, [FOLLOWED]: () => ok([]), [FOLLOW]: () => failed() });
    renderPage(<HelpCenter />, "/main/helpCenter");
    fireEvent.click(await screen.findByTestId("follow-folder-1"));
    await waitFor(() => expect(net.notified).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("follow-folder-1").getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByTestId("follow-folder-1").textContent).toBe("Follow");
  });

  it("shows no toggle while the follows are unknown (their read failed)", async () => {
    net.answer = answerBy({ ...home, [FOLLOWED]: () => failed() });
    renderPage(<HelpCenter />, "/main/helpCenter");
    expect(await within(screen.getByTestId("help-folders")).findByRole("link", { name: "HR rules" })).toBeTruthy();
    await waitFor(() => expect(net.calls(FOLLOWED)).toHaveLength(1));
    await waitFor(() => expect(net.notified).toHaveLength(1));
    expect(screen.queryByTestId("follow-folder-1")).toBeNull();
  });

  it("speaks Chinese in cn", async () => {
    setLanguage("cn");
    net.answer = answerBy({ ...home, [FOLLOWED]: () => ok([1]) });
    renderPage(<HelpCenter />, "/main/helpCenter");
    expect((await screen.findByTestId("follow-folder-1")).textContent).toBe("已关注");
    expect(screen.getByTestId("follow-folder-2").textContent).toBe("关注");
    expect(screen.getByTestId("follow-folder-2").getAttribute("aria-label")).toBe("关注“Leave”");
  });
});
