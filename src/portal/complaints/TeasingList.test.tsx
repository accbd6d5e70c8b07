// The complaints board with a fake client: pending rows of the author, votes that toggle (aria-pressed
// and counts), posting with the contract's limit, replying, and deleting only after confirming.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, net, ok, resetNet } from "../widgets/testing";
import { json } from "../../api/test-support";
import { PAGE_TIMEOUT, renderPage } from "../help/testing";
import TeasingList from "./TeasingList";

const PAGE = "/helpcenterTalkShow/pageTalkShow";
const POST = "/helpcenterTalkShow";
const VOTE = "/helpcenterTalkShow/thumbsOrStomp";

const complaint = (id: number, extra: object = {}) => ({
  id,
  content: `Complaint ${id}`,
  userId: 2,
  userName: "李娜",
  likes: 2,
  dislikes: 1,
  myVote: 0,
  reviewStatus: 1,
  rejectReason: null,
  isMine: false,
  createTime: "2026-03-02 09:00:00",
  replies: [],
  ...extra,
});
const page = (records: unknown[], total = records.length) => ok({ records, total, page: 1, pageSize: 10 });
const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("user complaints", PAGE_TIMEOUT, () => {
  it("lists published complaints and the author's pending one, newest first", async () => {
    net.answer = answerBy({
      [PAGE]: () =>
        page([
          complaint(3, { isMine: true, reviewStatus: 0, userName: "张伟", content: "My pending one" }),
          complaint(4, { isMine: true, reviewStatus: 2, rejectReason: "Please be specific", content: "Rude one" }),
          complaint(1, { replies: [{ ...complaint(2, { content: "A reply" }), parentId: 1, replies: undefined }] }),
        ]),
    });
    renderPage(<TeasingList />, "/main/teasingList");
    const mine = await screen.findByTestId("complaint-3");
    expect(within(mine).getByTestId("pending-3").textContent).toBe("Pending review");
    // The name holds the count shown, as a word of its own (WCAG 2.5.3, issue 21: axe's
    // label-content-name-mismatch drops a parenthesised "(2)").
    expect(within(mine).getByRole("button", { name: "Like 2" }).hasAttribute("disabled")).toBe(true);
    expect(within(mine).getByRole("button", { name: /Delete/ })).toBeTruthy();
    const rejected = screen.getByTestId("complaint-4");
    expect(within(rejected).getByTestId("rejected-4").textContent).toBe("Rejected");
    expect(within(rejected).getByTestId("reject-reason-4").textContent).toBe("Not published: Please be specific");
    expect(within(rejected).queryByRole("button", { name: /Reply/ })).toBeNull();
    const other = screen.getByTestId("complaint-1");
    expect(within(other).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(within(other).getByText("A reply")).toBeTruthy();
    expect(await bodyOf(net.calls(PAGE)[0])).toEqual({ page: 1, pageSize: 10, sortField: "createTime", sortOrder: "desc" });
  });

  it("toggles one vote: like, like again removes it, dislike switches", async () => {
    let state = { likes: 2, dislikes: 1, myVote: 0 };
    net.answer = answerBy({
      [PAGE]: () => page([complaint(1, state)]),
      [VOTE]: async (request) => {
        const { type } = await bodyOf(request);
        const t = type as 1 | 2;
        let { likes, dislikes } = state;
        if (state.myVote === 1) likes -= 1;
        if (state.myVote === 2) dislikes -= 1;
        const myVote = state.myVote === t ? 0 : t;
        if (myVote === 1) likes += 1;
        if (myVote === 2) dislikes += 1;
        state = { likes, dislikes, myVote };
        return ok({ id: 1, ...state });
      },
    });
    renderPage(<TeasingList />, "/main/teasingList");
    const like = await screen.findByTestId("like-1");
    const dislike = screen.getByTestId("dislike-1");
    expect(like.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId("like-1").getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByTestId("like-1").textContent).toContain("3");
    await waitFor(() => expect(net.calls(VOTE)).toHaveLength(1));

    fireEvent.click(screen.getByTestId("like-1"));
    await waitFor(() => expect(screen.getByTestId("like-1").getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByTestId("like-1").textContent).toContain("2");

    fireEvent.click(dislike);
    await waitFor(() => expect(screen.getByTestId("dislike-1").getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByTestId("dislike-1").textContent).toContain("2");
    await waitFor(() => expect(net.calls(VOTE)).toHaveLength(3));
    expect(await Promise.all(net.calls(VOTE).map(bodyOf))).toEqual([{ id: 1, type: 1 }, { id: 1, type: 1 }, { id: 1, type: 2 }]);
  });

  it("puts the vote back when the server refuses it", async () => {
    net.answer = answerBy({
      [PAGE]: () => page([complaint(1)]),
      [VOTE]: () => json(404, { code: 404, data: null, resultMessage: "不存在", resultEnMessage: "Not found" }),
    });
    renderPage(<TeasingList />, "/main/teasingList");
    fireEvent.click(await screen.findByTestId("like-1"));
    await waitFor(() => expect(net.calls(VOTE)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("like-1").getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByTestId("like-1").textContent).toContain("2");
    expect(net.notified).toEqual(["Provider path does not exist"]); // spec 8: one toast for the failure
  });

  it("posts a complaint trimmed and says it waits for review; refuses empty text", async () => {
    net.answer = answerBy({
      [PAGE]: () => page([]),
      [POST]: () => ok({ id: 9, reviewStatus: 0 }),
    });
    renderPage(<TeasingList />, "/main/teasingList");
    expect(await screen.findByText("No complaints yet")).toBeTruthy();
    const box = screen.getByRole("textbox", { name: "Your complaint" });
    expect(box.getAttribute("maxlength")).toBe("2000");
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter some text");
    expect(net.calls(POST)).toHaveLength(0);

    fireEvent.change(box, { target: { value: "  The canteen closes too early  " } });
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(net.calls(POST)).toHaveLength(1));
    expect(await bodyOf(net.calls(POST)[0])).toEqual({ content: "The canteen closes too early" });
    await waitFor(() => expect(net.calls(PAGE).length).toBeGreaterThanOrEqual(2)); // reloaded
    await waitFor(() => expect((screen.getByRole("textbox", { name: "Your complaint" }) as HTMLTextAreaElement).value).toBe(""));
  });

  it("replies to a published complaint", async () => {
    net.answer = answerBy({ [PAGE]: () => page([complaint(1)]), [POST]: () => ok({ id: 10, reviewStatus: 0 }) });
    renderPage(<TeasingList />, "/main/teasingList");
    const row = await screen.findByTestId("complaint-1");
    fireEvent.click(within(row).getByRole("button", { name: /Reply/ }));
    fireEvent.change(within(row).getByRole("textbox", { name: "Your reply" }), { target: { value: "Agreed" } });
    fireEvent.click(within(row).getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(net.calls(POST)).toHaveLength(1));
    expect(await bodyOf(net.calls(POST)[0])).toEqual({ content: "Agreed", parentId: 1 });
  });

  it("deletes an own complaint only after confirming", async () => {
    net.answer = answerBy({
      [PAGE]: () => page([complaint(3, { isMine: true })]),
      [POST]: () => ok(null),
    });
    renderPage(<TeasingList />, "/main/teasingList");
    const row = await screen.findByTestId("complaint-3");
    fireEvent.click(within(row).getByRole("button", { name: /Delete/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("Delete this complaint?").length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(net.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);

    fireEvent.click(within(row).getByRole("button", { name: /Delete/ }));
    const again = await screen.findByRole("dialog");
    fireEvent.click(within(again).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(net.requests.filter((r) => r.method === "DELETE")).toHaveLength(1));
    const request = net.requests.find((r) => r.method === "DELETE")!;
    expect(new URL(request.url).searchParams.get("id")).toBe("3");
  });

  it("asks for the caller's own complaints with the Mine filter", async () => {
    net.answer = answerBy({ [PAGE]: () => page([]) });
    renderPage(<TeasingList />, "/main/teasingList");
    fireEvent.click(await screen.findByText("Mine"));
    await waitFor(() => expect(net.calls(PAGE)).toHaveLength(2));
    expect(await bodyOf(net.calls(PAGE)[1])).toEqual({ page: 1, pageSize: 10, sortField: "createTime", sortOrder: "desc", mine: true });
    expect(await screen.findByText("You have not posted any complaint")).toBeTruthy();
  });
});
