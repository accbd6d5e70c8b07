// The result page through a fake client: the eight kinds asked at once with the text of the
// address, one tab per kind with its count, server paging, per-tab error with retry, the detail
// drawer, the exact-code rule, and a new search from the address while the page stays mounted.
import { Activity } from "react";
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";

import { AppTestProviders } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, resetNet } from "../widgets/testing";
import { searchPath } from "../shell/header";
import { KIND_PATHS, KINDS, type Kind } from "./kinds";
import SearchResult from "./SearchResult";


const employee = { id: 7, chineseName: "张伟", englishName: "Zhang Wei", employeeNo: "E0007", title: "Engineer", email: "zhang.wei@example.com", department: "R&D", supervisor: "李娜", city: "Shanghai" };
const upn = (code: string) => ({ upn: code, name: `Pump ${code}`, status: "Restricted", restrictReason: "Recall" });
const page = (records: unknown[], total = records.length, n = 1, pageSize = 10, totalCapped = false) => ok({ records, total, page: n, pageSize, totalCapped });
const empty = () => page([]);

/** Every kind empty unless given. */
function answers(given: Partial<Record<Kind, (request: Request) => Response | Promise<Response>>>) {
  return answerBy(Object.fromEntries(KINDS.map((kind) => [KIND_PATHS[kind], given[kind] ?? empty])));
}

async function bodies(kind: Kind) {
  return Promise.all(net.calls(KIND_PATHS[kind]).map(async (request) => (await request.clone().json()) as { keyword: string; page: number; pageSize: number }));
}

function Address() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{pathname + search}</output>
      <button type="button" onClick={() => void navigate(searchPath("zhang")!)}>
        search zhang
      </button>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <AppTestProviders client={net.client.client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SearchResult />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
}

// Eight answers and an antd table per test on a machine shared by many runs: generous waits.
configure({ asyncUtilTimeout: 20_000 });
const SLOW = { timeout: 90_000 };
const tabOf = (kind: Kind) => screen.getByTestId(`search-tab-${kind}`).closest("[role=tab]") as HTMLElement;
const waitSelected = (kind: Kind) => waitFor(() => expect(tabOf(kind).getAttribute("aria-selected")).toBe("true"));
const countOf = (kind: Kind) => screen.getByTestId(`search-count-${kind}`).textContent;

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("search results page", SLOW, () => {
  it("asks all eight kinds with the text of the address and shows each count in its tab", async () => {
    net.answer = answers({
      policy: () => page([{ id: 1, title: "Travel policy", keyword: "travel", folderId: 2, folderName: "HR", createTime: "2026-01-02 10:00:00" }], 3),
      app: () => page([{ id: 4, appName: "Zhang's app", appUrl: "https://app.example/4", appIconUrl: null }], 12),
      employee: () => page([employee], 1),
      upn: () => failed(),
    });
    renderAt(searchPath("张伟")!);
    await waitFor(() => expect(countOf("employee")).toBe("(1)"));
    expect(countOf("policy")).toBe("(3)");
    expect(countOf("app")).toBe("(12)");
    expect(countOf("applied")).toBe("(0)");
    expect(countOf("nmpa")).toBe("(0)");
    await waitFor(() => expect(countOf("upn")).toBe("(!)"));
    for (const kind of KINDS) expect(await bodies(kind)).toEqual([{ keyword: "张伟", page: 1, pageSize: 10 }]);
    expect(screen.getByRole("tab", { name: "Policies (3)" })).toBeTruthy(); // the count is in the tab's name
    expect(screen.getByTestId("search-heading").textContent).toBe("Results for “张伟”");
    // The first tab has results, so it stays; its title links to the help-centre detail.
    expect(tabOf("policy").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("link", { name: "Travel policy" }).getAttribute("href")).toBe("/main/helpDetail?id=1");
  });

  it("shows the first kind with results, highlights the text and opens an employee's detail", async () => {
    net.answer = answers({ employee: () => page([employee], 1) });
    renderAt(searchPath("zhang")!);
    await waitSelected("employee");
    expect(tabOf("employee").textContent).toBe("Employees(1)");
    const table = screen.getByTestId("search-table-employee");
    const marks = within(table).getAllByText(/zhang/i, { selector: "mark" });
    expect(marks.map((mark) => mark.textContent)).toEqual(["Zhang", "zhang"]); // name and email
    fireEvent.click(within(table).getByRole("button", { name: "Details of 张伟 / Zhang Wei" }));
    const dialog = await screen.findByRole("dialog");
    const details = within(dialog).getByTestId("search-detail");
    for (const value of ["E0007", "Engineer", "R&D", "李娜", "Shanghai"]) expect(within(details).getByText(value)).toBeTruthy();
    expect(details.textContent).toContain("zhang.wei@example.com");
    expect(within(dialog).getByText("Employee · 张伟 / Zhang Wei")).toBeTruthy();
  });

  it("pages one kind on the server (page and page size) without asking the others again", async () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, appName: `App ${i + 1}`, appUrl: `https://app.example/${i + 1}`, appIconUrl: null }));
    net.answer = answers({
      app: async (request) => {
        const body = (await request.clone().json()) as { page: number; pageSize: number };
        return page(body.page === 2 ? [{ id: 11, appName: "App 11", appUrl: "javascript:alert(1)", appIconUrl: null }] : records, 11, body.page, body.pageSize);
      },
    });
    renderAt(searchPath("app")!);
    await waitSelected("app");
    const link = await screen.findByRole("link", { name: "App 1" });
    expect(link.getAttribute("href")).toBe("https://app.example/1");
    expect(link.getAttribute("target")).toBe("_blank");
    await act(async () => fireEvent.click(screen.getByTitle("2")));
    await waitFor(() => expect(screen.getByTestId("search-table-app").textContent).toContain("App 11"));
    expect(screen.queryByRole("link", { name: "App 11" })).toBeNull(); // an unsafe address is no link
    expect((await bodies("app")).map((body) => body.page)).toEqual([1, 2]);
    expect(await bodies("policy")).toHaveLength(1);
    expect(screen.getByText("11 in all")).toBeTruthy();
  });

  it("reads 1000+ when more match than the server counts, and the pager says so", async () => {
    net.answer = answers({ upn: () => page([upn("08714729000001")], 1000, 1, 10, true), nmpa: () => page([], 0) });
    renderAt(searchPath("0871")!);
    await waitSelected("upn");
    expect(countOf("upn")).toBe("(1000+)");
    expect(countOf("nmpa")).toBe("(0)");
    expect(screen.getByText("More than 1000: the first 1000 are listed; add words to narrow the search")).toBeTruthy();
    expect(screen.getByTitle("100")).toBeTruthy(); // the last page of the first 1000
  });

  it("shows a failed kind's error in its tab and tries again", async () => {
    let fail = true;
    net.answer = answers({ upn: () => (fail ? failed() : page([upn("UPN-7")], 1)) });
    renderAt(searchPath("UPN")!);
    await waitFor(() => expect(countOf("upn")).toBe("(!)"));
    fireEvent.click(tabOf("upn"));
    const alert = await screen.findByTestId("search-error-upn");
    expect(alert.textContent).toContain("UPN could not be searched.");
    expect(net.notified).toEqual([]); // SILENT: no toast, the tab says it
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(countOf("upn")).toBe("(1)"));
    expect(await screen.findByRole("button", { name: "Details of UPN-7" })).toBeTruthy();
  });

  it("says so when a kind has nothing", async () => {
    net.answer = answers({});
    renderAt(searchPath("nothing-here")!);
    await waitFor(() => expect(countOf("nmpa")).toBe("(0)"));
    expect(await screen.findByText("Nothing in Policies matches “nothing-here”.")).toBeTruthy();
  });

  it("opens the record of an exact UPN code directly", async () => {
    net.answer = answers({ upn: () => page([upn("UPN-0001"), upn("UPN-00010")], 2), policy: () => page([{ id: 1, title: "About UPN-0001", keyword: "", folderId: 1, folderName: "QA", createTime: "2026-01-01 00:00:00" }], 1) });
    renderAt(searchPath("upn-0001")!);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("UPN record · UPN-0001")).toBeTruthy();
    expect(within(dialog).getByText("Recall")).toBeTruthy();
    await waitSelected("upn");
    expect(countOf("upn")).toBe("(2)");
  });

  it("does not open anything for a code that only starts a UPN", async () => {
    net.answer = answers({ upn: () => page([upn("UPN-0001"), upn("UPN-00010")], 2) });
    renderAt(searchPath("UPN-000")!);
    await waitSelected("upn");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("searches again when the address brings a new text", async () => {
    net.answer = answers({ employee: async (request) => ((await request.clone().json()).keyword === "zhang" ? page([employee], 1) : empty()) });
    renderAt(searchPath("nobody")!);
    await waitFor(() => expect(countOf("employee")).toBe("(0)"));
    fireEvent.click(screen.getByRole("button", { name: "search zhang" }));
    await waitFor(() => expect(countOf("employee")).toBe("(1)"));
    expect((await bodies("employee")).map((body) => body.keyword)).toEqual(["nobody", "zhang"]);
    expect(screen.getByTestId("search-heading").textContent).toBe("Results for “zhang”");
  });

  it("shows a task's title beside its task name, both highlighted, so a match on either is in view (issue 21)", async () => {
    const row = { id: 3, taskName: "请假申请 Leave request", title: "Stent 支架采购评审", taskUrl: "https://bpm.example/t/3", taskStatus: 1, formStatus: 2, taskStartTime: "2026-11-20 09:00:00", taskSponsor: "王芳" };
    net.answer = answers({ pending: () => page([row], 1) });
    renderAt(searchPath("Stent")!);
    await waitSelected("pending");
    const table = await screen.findByTestId("search-table-pending");
    await waitFor(() => expect(table.textContent).toContain("Stent 支架采购评审"));
    const link = within(table).getByRole("link", { name: /Stent/ });
    expect(link.getAttribute("href")).toBe("https://bpm.example/t/3");
    expect(within(link).getByText("Stent").tagName).toBe("MARK");
    expect(table.textContent).toContain("请假申请 Leave request");
    expect(within(table).getByRole("columnheader", { name: "Title" })).toBeTruthy();
  });

  it("keeps its pages when the kept-alive page is hidden and shown again (issue 21)", async () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, appName: `App ${i + 1}`, appUrl: `https://app.example/${i + 1}`, appIconUrl: null }));
    net.answer = answers({
      app: async (request) => {
        const body = (await request.clone().json()) as { page: number; pageSize: number };
        return page(body.page === 2 ? [{ id: 11, appName: "App 11", appUrl: "https://app.example/11", appIconUrl: null }] : records, 11, body.page, body.pageSize);
      },
    });
    const tree = (mode: "visible" | "hidden") => (
      <AppTestProviders client={net.client.client}>
        <MemoryRouter initialEntries={[searchPath("app")!]}>
          <Activity mode={mode}>
            <SearchResult />
          </Activity>
        </MemoryRouter>
      </AppTestProviders>
    );
    const view = render(tree("visible"));
    await waitSelected("app");
    await screen.findByRole("link", { name: "App 1" });
    await act(async () => fireEvent.click(screen.getByTitle("2")));
    await waitFor(() => expect(screen.getByTestId("search-table-app").textContent).toContain("App 11"));
    view.rerender(tree("hidden"));
    view.rerender(tree("visible"));
    await act(async () => undefined);
    expect(screen.getByTestId("search-table-app").textContent).toContain("App 11");
    expect((await bodies("app")).map((body) => body.page)).toEqual([1, 2]);
    expect(await bodies("policy")).toHaveLength(1); // no second search
  });

  it("without a text offers the recent searches", async () => {
    net.answer = answerBy({ "/helpCenter/getSearchHistoryList": () => ok([{ id: 1, keyword: "张伟", createTime: "2026-01-01 00:00:00" }]) });
    renderAt("/main/searchResult");
    fireEvent.click(await screen.findByRole("button", { name: "张伟" }));
    expect(screen.getByTestId("address").textContent).toBe("/main/searchResult?searchVal=%E5%BC%A0%E4%BC%9F");
    expect(net.calls(KIND_PATHS.policy)).toHaveLength(0);
  });
});
