// The help pages with a fake client: the home (tags, the chosen tag's policies, the folder tree,
// the search with its history), the list (its page kept in helpSubPageInfo) and the detail
// (sanitized content, the way back to the list's page).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { helpPageInfoStore, resetHelpPageInfo, setHelpPageInfo } from "../helpPageInfo";
import { answerBy, failed, net, ok, resetNet } from "../widgets/testing";
import { json } from "../../api/test-support";
import HelpCenter from "./HelpCenter";
import HelpCenterInfo from "./HelpCenterInfo";
import HelpDetail from "./HelpDetail";
import { PAGE_TIMEOUT, policyBrief, policyPage, renderPage } from "./testing";

const LABELS = "/helpCenter/getLabelList";
const BY_LABEL = "/helpCenter/pageBscPolicyByLabelId";
const FOLDERS = "/helpCenter/getHelpCenterList";
const SEARCH = "/helpCenter/pageHelpCenterList";
const HISTORY = "/helpCenter/getSearchHistoryList";
const DETAIL = "/helpCenter/getBscPolicyById";
const FOLLOWED = "/helpCenter/followedFolders";

const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;
const address = () => screen.getByTestId("address").textContent;

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
  resetHelpPageInfo();
});

describe("help centre home", PAGE_TIMEOUT, () => {
  const homeAnswers = {
    [LABELS]: () => ok([{ id: 7, labelName: "人事", labelEnName: "HR" }, { id: 8, labelName: "财务", labelEnName: "Finance" }]),
    [BY_LABEL]: async (request: Request) => {
      const { labelId } = await bodyOf(request);
      return ok(labelId === 7 ? policyPage([policyBrief(1)], 1) : policyPage([policyBrief(2, { title: "Expense policy" })], 1));
    },
    [FOLDERS]: () =>
      ok([{ id: 1, folderName: "HR rules", parentId: null, sort: 0, policies: [policyBrief(1)], children: [] }]),
    [HISTORY]: () => ok([{ id: 5, keyword: "leave", createTime: "2026-03-02 10:00:00" }]),
    [FOLLOWED]: () => ok([]),
    // the home's "to read" card (issue 24)
    "/compliance/toRead/page": () => ok(policyPage([], 0)),
  };

  it("shows the recommended tags, the first tag's policies and the folder tree", async () => {
    net.answer = answerBy(homeAnswers);
    setHelpPageInfo({ isSubPage: true, currentPage: 3 });
    renderPage(<HelpCenter />, "/main/helpCenter");
    const tags = await screen.findByRole("group", { name: "Recommended tags" });
    const hr = within(tags).getByRole("button", { name: "HR" });
    expect(hr.getAttribute("aria-pressed")).toBe("true");
    expect(within(tags).getByRole("button", { name: "Finance" }).getAttribute("aria-pressed")).toBe("false");
    const tagList = await screen.findByRole("region", { name: 'Policies tagged "HR"' });
    expect(await within(tagList).findByRole("link", { name: "Policy 1" })).toBeTruthy();
    expect(await bodyOf(net.calls(BY_LABEL)[0])).toEqual({ labelId: 7, page: 1, pageSize: 10 });

    fireEvent.click(within(tags).getByRole("button", { name: "Finance" }));
    expect(await screen.findByRole("link", { name: "Expense policy" })).toBeTruthy();

    const folders = screen.getByTestId("help-folders");
    const folderLink = await within(folders).findByRole("link", { name: "HR rules" });
    expect(folderLink.getAttribute("href")).toBe("/main/helpCenterInfo?folderId=1&name=HR%20rules");
    expect(within(folders).getByRole("link", { name: "Policy 1" }).getAttribute("href")).toBe("/main/helpDetail?id=1");
    // The home is no sub page; the list's page stays for its way back.
    expect(helpPageInfoStore.get()).toMatchObject({ isSubPage: false, currentPage: 3 });
  });

  it("searches from the box or a recent search, starting the list on page 1", async () => {
    net.answer = answerBy(homeAnswers);
    setHelpPageInfo({ currentPage: 4 });
    renderPage(<HelpCenter />, "/main/helpCenter");
    const history = screen.getByTestId("help-history");
    fireEvent.click(await within(history).findByRole("button", { name: "leave" }));
    expect(address()).toBe("/main/helpCenterInfo?keyword=leave");
    expect(helpPageInfoStore.get()).toMatchObject({ isSubPage: true, currentPage: 1, subTitle: 'Results for "leave"' });
  });

  it("refuses an empty search with a message", async () => {
    net.answer = answerBy(homeAnswers);
    renderPage(<HelpCenter />, "/main/helpCenter");
    const box = screen.getByRole("searchbox", { name: "Search text" });
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a search text");
    expect(address()).toBe("/main/helpCenter");
  });

  it("shows a retry when the tags fail", async () => {
    net.answer = answerBy({ ...homeAnswers, [LABELS]: () => failed() });
    renderPage(<HelpCenter />, "/main/helpCenter");
    const tags = screen.getByTestId("help-tags");
    expect(await within(tags).findByText("The data could not be loaded.")).toBeTruthy();
    net.answer = answerBy(homeAnswers);
    fireEvent.click(within(tags).getByRole("button", { name: "Retry" }));
    expect(await within(tags).findByRole("button", { name: "HR" })).toBeTruthy();
  });
});

describe("help list", PAGE_TIMEOUT, () => {
  it("asks for the store's page and writes the new page to it", async () => {
    net.answer = answerBy({
      [SEARCH]: async (request) => {
        const { page } = await bodyOf(request);
        return ok(policyPage([policyBrief(Number(page) * 10)], 35, Number(page)));
      },
      [HISTORY]: () => ok([]),
    });
    setHelpPageInfo({ currentPage: 2 });
    renderPage(<HelpCenterInfo />, "/main/helpCenterInfo?keyword=leave");
    expect(await screen.findByRole("link", { name: "Policy 20" })).toBeTruthy();
    expect(await bodyOf(net.calls(SEARCH)[0])).toEqual({ keyword: "leave", page: 2, pageSize: 10 });
    expect(helpPageInfoStore.get()).toMatchObject({ isSubPage: true, subTitle: 'Results for "leave"', currentPage: 2 });
    fireEvent.click(screen.getByTitle("3"));
    expect(await screen.findByRole("link", { name: "Policy 30" })).toBeTruthy();
    expect(helpPageInfoStore.get().currentPage).toBe(3);
    // The detail link carries the way back to this list.
    expect(screen.getByRole("link", { name: "Policy 30" }).getAttribute("href")).toBe("/main/helpDetail?id=30");
  });

  it("lists a folder by its id and shows an empty state", async () => {
    net.answer = answerBy({ [SEARCH]: () => ok(policyPage([], 0)), [HISTORY]: () => ok([]) });
    renderPage(<HelpCenterInfo />, "/main/helpCenterInfo?folderId=4&name=Quality");
    expect(await screen.findByText("No published policy matches")).toBeTruthy();
    expect(await bodyOf(net.calls(SEARCH)[0])).toEqual({ folderId: 4, page: 1, pageSize: 10 });
    expect(screen.getByRole("navigation", { name: "You are here" }).textContent).toContain("Quality");
  });
});

describe("help detail", PAGE_TIMEOUT, () => {
  const detail = {
    ...policyBrief(9, { title: "Leave policy" }),
    status: 4,
    labelIds: [7],
    visibility: 1,
    reviewFlag: 1,
    deptId: 2,
    creator: 1,
    creatorName: "Admin",
    content: '<p>Apply early.</p><img src="x.png" onerror="window.__hacked=1"><script>window.__hacked=2</script><a href="javascript:alert(1)">bad</a>',
    attachmentIds: [3],
    attachments: [{ id: 3, fileName: "form.docx", fileUrl: "/fileInfoEx/downloadFile?id=44" }],
  };

  it("shows the policy with sanitized content and goes back to the list's page", async () => {
    net.answer = answerBy({ [DETAIL]: () => ok(detail) });
    setHelpPageInfo({ isSubPage: true, subTitle: 'Results for "leave"', currentPage: 3 });
    renderPage(<HelpDetail />, { pathname: "/main/helpDetail", search: "?id=9", state: { from: "/main/helpCenterInfo?keyword=leave" } });
    expect(await screen.findByRole("heading", { name: "Leave policy" })).toBeTruthy();
    expect(new URL(net.calls(DETAIL)[0].url).searchParams.get("id")).toBe("9");
    const content = screen.getByTestId("help-content");
    expect(content.innerHTML).toBe('<p>Apply early.</p><img src="x.png" referrerpolicy="no-referrer"><a>bad</a>');
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
    expect(screen.getByText("1.0.0")).toBeTruthy();
    expect(screen.getByText("Human Resources")).toBeTruthy();
    expect(screen.getByText("2026-03-02")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Download form\.docx/ })).toBeTruthy();
    expect(helpPageInfoStore.get()).toMatchObject({ isSubPage: true, queryDetailId: "9", currentPage: 3 });

    const crumbs = screen.getByRole("navigation", { name: "You are here" });
    expect(within(crumbs).getByRole("link", { name: 'Results for "leave"' }).getAttribute("href")).toBe("/main/helpCenterInfo?keyword=leave");
    fireEvent.click(screen.getByRole("button", { name: /Back to the list/ }));
    expect(address()).toBe("/main/helpCenterInfo?keyword=leave");
    expect(helpPageInfoStore.get().currentPage).toBe(3); // the list shows the page it was on
  });

  it("says so when the policy is not published, and goes back home", async () => {
    net.answer = answerBy({ [DETAIL]: () => json(404, { code: 404, data: null, resultMessage: "不存在", resultEnMessage: "Not found" }) });
    renderPage(<HelpDetail />, "/main/helpDetail?id=77");
    expect(await screen.findByText("This policy does not exist or is not published.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Back to the Help Center/ }));
    expect(address()).toBe("/main/helpCenter");
  });

  it("never calls the server for a bad id", async () => {
    renderPage(<HelpDetail />, "/main/helpDetail?id=abc");
    expect(await screen.findByText("No policy was chosen.")).toBeTruthy();
    await waitFor(() => expect(net.calls(DETAIL)).toHaveLength(0));
  });
});
