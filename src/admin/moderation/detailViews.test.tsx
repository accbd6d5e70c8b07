// The complaint and reply detail views from their definitions (issue 22: the generic show view of
// firstRoast, secondRoast and commentDetail) in the admin shell, over the real data provider and
// client with an injected fetch that plays the talkShow operations: review with a required reason,
// delete with its replies, a reply with its complaint, and an item that is not there.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";
import type { TalkShow } from "./types";

setUpAdminTests();

const complaint = (): TalkShow => ({
  id: 7,
  content: "The canteen closes too early",
  parentId: null,
  userId: 2,
  userName: "Zhang Wei",
  likes: 3,
  dislikes: 1,
  reviewStatus: 0,
  rejectReason: null,
  createTime: "2026-11-20 09:00:00",
  replyCount: 2,
  replies: [
    { id: 8, content: "Same here", parentId: 7, userId: 3, userName: "Li Na", likes: 0, dislikes: 0, reviewStatus: 1, rejectReason: null, createTime: "2026-11-20 10:00:00" },
    { id: 9, content: "Agreed", parentId: 7, userId: 3, userName: "Li Na", likes: 0, dislikes: 0, reviewStatus: 0, rejectReason: null, createTime: "2026-11-20 11:00:00" },
  ],
});

function renderDetail(path = "/main/firstRoast/7") {
  let row: TalkShow | null = complaint();
  const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
  const notFound = () => json(404, envelope(404, "不存在", "Not found"));
  const service = async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/portal-api/, "");
    if (path === "/talkShow/getById") {
      const id = Number(url.searchParams.get("id"));
      const reply = row?.replies.find((r) => r.id === id);
      return row && id === row.id ? ok(row) : reply ? ok(reply) : notFound();
    }
    if (path === "/talkShow/checkTalkShow") {
      const body = (await request.clone().json()) as { id: number; reviewStatus: 1 | 2; rejectReason?: string };
      if (row && body.id === 7) row = { ...row, reviewStatus: body.reviewStatus, rejectReason: body.rejectReason ?? null };
      return ok(body.id);
    }
    if (path === "/talkShow" && request.method === "DELETE") {
      row = null;
      return ok(null);
    }
    if (path === "/talkShow/pageTalkShowList") return ok({ records: [], total: 0, page: 1, pageSize: 10 });
    if (path === "/talkShow/getCheckTalkShowStatus") return ok(true);
    return notFound();
  };
  const { requests, notifications } = renderAdmin({ path, service });
  const bodiesOf = (path: string, method: string) =>
    Promise.all(requests.filter((r) => r.url.includes(path) && r.method === method).map((r) => r.clone().json()));
  return { bodiesOf, notifications: { includes: (m: string) => notifications.some((n) => String(n.message) === m) } };
}

describe("complaint detail (/firstRoast/:id)", () => {
  it("shows the complaint with every reply and its review state", async () => {
    renderDetail();
    expect(await screen.findByText("The canteen closes too early")).toBeTruthy();
    expect(screen.getByText("Replies (2)")).toBeTruthy();
    expect(screen.getByText("Same here")).toBeTruthy();
    expect(screen.getAllByText("Pending review").length).toBe(2); // the complaint and one reply
  });

  it("rejects only with a reason, then says operateSuccess", async () => {
    const { bodiesOf, notifications } = renderDetail();
    await screen.findByText("The canteen closes too early");
    // The header's Reject is the first (the complaint), then the pending reply's.
    fireEvent.click(screen.getAllByRole("button", { name: "Reject" })[0]);
    const dialog = await screen.findByRole("dialog", { name: "Reject item" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Please enter the reason for the rejection")).toBeTruthy();
    expect(await bodiesOf("/talkShow/checkTalkShow", "POST")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "  Please add details  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(async () => expect(await bodiesOf("/talkShow/checkTalkShow", "POST")).toEqual([{ id: 7, reviewStatus: 2, rejectReason: "Please add details" }]));
    await waitFor(() => expect(notifications.includes("Operation successful")).toBe(true));
    expect(await screen.findByText("Rejected")).toBeTruthy();
  });

  it("deletes the complaint with its replies after a confirmation naming how many", async () => {
    const { bodiesOf } = renderDetail();
    await screen.findByText("The canteen closes too early");
    fireEvent.click(screen.getAllByRole("button", { name: /Delete/ })[0]);
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("Delete this complaint?")).toBeTruthy();
    expect(within(confirm).getByText("Its 2 replies are deleted with it. This cannot be undone.")).toBeTruthy();
    expect(await bodiesOf("/talkShow", "DELETE")).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "OK" }));
    await waitFor(async () => expect(await bodiesOf("/talkShow", "DELETE")).toEqual([{ ids: [7] }]));
    // Back on the complaint list.
    expect(await screen.findByRole("heading", { name: "Complaints" })).toBeTruthy();
  });
});

describe("reply detail (/commentDetail/:id, /secondRoast/:id)", () => {
  it("shows the reply, then the complaint it answers, with the way back to where it was opened", async () => {
    renderDetail("/main/commentDetail/9");
    expect(await screen.findByRole("heading", { name: "Comment details" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("talkshow-content").map((e) => e.textContent)).toEqual(["Agreed", "The canteen closes too early"]));
    expect(screen.getByRole("link", { name: "Back to comments" }).getAttribute("href")).toBe("/main/commentList");
    expect(screen.getByRole("link", { name: "Open complaint" }).getAttribute("href")).toBe("/main/firstRoast/7");
    // Pending: it can be approved or rejected.
    expect(screen.getByRole("button", { name: /Approve/ })).toBeTruthy();
  });

  it("goes back to the complaint when opened from it", async () => {
    renderDetail("/main/secondRoast/8");
    expect(await screen.findByRole("link", { name: "Back to the complaint" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the complaint" }).getAttribute("href")).toBe("/main/firstRoast/7");
    // Approved: no review buttons.
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
  });

  it("says so when there is no such item, with the way back", async () => {
    renderDetail("/main/commentDetail/99");
    expect(await screen.findByText("This item does not exist or was deleted")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to comments" })).toBeTruthy();
  });
});
