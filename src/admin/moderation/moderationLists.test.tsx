// The complaint and reply moderation lists from their definitions (issue 22): the search form's
// filters as the page request sends them, the review status shown in words, each row's actions
// (open, approve or reject a pending item, delete) and a reply's link to its complaint.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const base = { userId: 2, userName: "Zhang Wei", likes: 3, dislikes: 1, rejectReason: null, createTime: "2026-11-20 09:00:00" };
const COMPLAINTS = [
  { ...base, id: 7, content: "The canteen closes too early", parentId: null, reviewStatus: 0, replyCount: 2 },
  { ...base, id: 6, content: "Parking is full", parentId: null, reviewStatus: 1, replyCount: 0 },
];
const REPLIES = [{ ...base, id: 8, content: "Same here", parentId: 7, reviewStatus: 1 }];

async function service(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
  const paged = (records: unknown[]) => ok({ records, total: records.length, page: 1, pageSize: 10 });
  if (path === "/talkShow/pageTalkShowList") return paged(COMPLAINTS);
  if (path === "/talkShow/pageTalkShow") return paged(REPLIES);
  if (path === "/talkShow/getCheckTalkShowStatus") return ok(true);
  return json(404, envelope(404, "不存在", "Not found"));
}

const bodies = (requests: Request[], url: string) =>
  Promise.all(requests.filter((r) => r.url.endsWith(url)).map((r) => r.clone().json() as Promise<Record<string, unknown>>));

describe("the moderation lists", () => {
  it("lists complaints with their review actions and sends the search as the page request's filters", async () => {
    const { requests } = renderAdmin({ path: "/main/roastList", service });
    const pending = (await screen.findByRole("link", { name: "The canteen closes too early" })).closest("tr")!;
    expect(pending.querySelector("a")!.getAttribute("href")).toBe("/main/firstRoast/7");
    expect(within(pending).getByText("Pending review")).toBeTruthy();
    expect(within(pending).getByRole("button", { name: /Approve/ })).toBeTruthy();
    expect(within(pending).getByRole("button", { name: /Reject/ })).toBeTruthy();
    expect(within(pending).getByRole("button", { name: /Delete/ })).toBeTruthy();
    expect(within(pending).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/main/firstRoast/7");
    const approved = screen.getByRole("link", { name: "Parking is full" }).closest("tr")!;
    expect(within(approved).queryByRole("button", { name: /Approve/ })).toBeNull();
    // The header's review switch beside the export.
    expect(await screen.findByRole("switch", { name: "Review new complaints and replies" })).toBeTruthy();

    const search = screen.getByRole("search");
    fireEvent.change(within(search).getByLabelText("Content"), { target: { value: " canteen " } });
    fireEvent.change(within(search).getByLabelText("Posted by"), { target: { value: "Zhang" } });
    fireEvent.mouseDown(within(search).getByRole("combobox", { name: /Review status/ }));
    fireEvent.click(await screen.findByTitle("Pending review"));
    const sent = (await bodies(requests, "/talkShow/pageTalkShowList")).length;
    fireEvent.click(within(search).getByRole("button", { name: /Search/ }));
    await waitFor(async () => expect((await bodies(requests, "/talkShow/pageTalkShowList")).length).toBeGreaterThan(sent));
    const last = (await bodies(requests, "/talkShow/pageTalkShowList")).at(-1)!;
    expect(last).toMatchObject({ content: "canteen", userName: "Zhang", reviewStatus: 0 });
  });

  it("lists replies with a link to their complaint and to their own detail", async () => {
    renderAdmin({ path: "/main/commentList", service });
    const row = (await screen.findByRole("link", { name: "Same here" })).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Complaint #7" }).getAttribute("href")).toBe("/main/firstRoast/7");
    expect(within(row).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/main/commentDetail/8");
    expect(within(row).getByText("Approved")).toBeTruthy();
    expect(within(row).getByRole("button", { name: /Delete/ })).toBeTruthy();
    // Replies have no date filter (the contract's pageTalkShow takes none).
    expect(within(screen.getByRole("search")).queryByText("Posted at")).toBeNull();
  });
});
