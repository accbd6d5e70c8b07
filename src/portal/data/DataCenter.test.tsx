// The Data centre with a fake client: every report framed (sandboxed, no referrer, loading
// indicator until loaded), add by picking a data source (only its id's values sent, sources in the
// list disabled) or by address with validation, edit (a picked report read-only, nothing sent),
// remove after a confirmation, reorder saved at once (and put back when the save fails), and the
// error state.
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet } from "../widgets/testing";
import type { PersonalChart } from "./api";
import DataCenter from "./DataCenter";

// Several antd cards on a machine shared by many test runs: generous waits.
configure({ asyncUtilTimeout: 15_000 });
const PAGE = { timeout: 90_000 };

const report = (id: number, dataName: string, dataSort: number, dataUrl = `/demo-reports/r${id}.html`): PersonalChart => ({
  id,
  dataName,
  dataUrl,
  originalUrl: `https://bi.example.com/r${id}`,
  userId: 7,
  pcOrH5Status: 2,
  chartId: null,
  dataSort,
});
let reports = [report(2, "Sales", 20), report(1, "Expenses", 10), report(3, "Unsafe", 30, "javascript:alert(1)")];
/** A report picked from data source 12 (it shows the source's values). */
const pickedReport = (): PersonalChart => ({ ...report(4, "Monthly Sales", 40, "/demo-reports/monthly-sales.html"), originalUrl: "https://bi.example.com/reports/monthly-sales", chartId: 12 });
const SOURCES = [
  { id: 11, name: "Headcount", url: "/demo-reports/headcount.html", userDevice: "pc", compatibilityRange: null, status: 1 },
  { id: 12, name: "Monthly Sales", url: "/demo-reports/monthly-sales.html", userDevice: "all", compatibilityRange: null, status: 1 },
];

function serve(routes: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  net.answer = answerBy({
    "/personalChart/listByUserId": () => ok(reports),
    "/personalChart": () => ok(50),
    "/personalChart/updateBatchById": () => ok(null),
    "/bscChart/listAll": () => ok(SOURCES),
    ...routes,
  });
}
const order = () => within(screen.getByTestId("data-centre-reports")).getAllByRole("listitem").map((li) => li.getAttribute("data-testid"));
const dialog = () => screen.getByRole("dialog");
const sent = (method: string) => net.calls("/personalChart").filter((r) => r.method === method);

beforeEach(async () => {
  await setLanguage("en");
  sessionStorage.setItem("userId", "7");
  reports = [report(2, "Sales", 20), report(1, "Expenses", 10), report(3, "Unsafe", 30, "javascript:alert(1)")];
});
afterEach(() => {
  cleanup();
  resetNet();
  sessionStorage.clear();
});

describe("data centre", PAGE, () => {
  it("frames every report in the user's order, sandboxed, with a loading indicator until it loads", async () => {
    serve();
    renderWidget(<DataCenter />);
    const frame = await screen.findByTitle("Expenses");
    expect(new URL(net.calls("/personalChart/listByUserId")[0].url).searchParams.get("userId")).toBe("7");
    expect(new URL(net.calls("/personalChart/listByUserId")[0].url).searchParams.get("pcOrH5Status")).toBeNull();
    expect(order()).toEqual(["report-1", "report-2", "report-3"]);
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe(`${location.origin}/demo-reports/r1.html`);
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts");
    expect(frame.getAttribute("referrerpolicy")).toBe("no-referrer");
    const card = screen.getByTestId("report-1");
    expect(within(card).getByRole("status", { name: "Loading Expenses" })).toBeTruthy();
    fireEvent.load(frame);
    await waitFor(() => expect(within(card).queryByRole("status")).toBeNull());
    // An unsafe address never reaches a frame.
    expect(within(screen.getByTestId("report-3")).queryByTitle("Unsafe")).toBeNull();
    expect(within(screen.getByTestId("report-3")).getByText("Unsafe cannot be shown: its address is not an http(s) address")).toBeTruthy();
    const original = within(card).getByRole("link", { name: "Open Expenses in its own system (new tab)" });
    expect(original.getAttribute("href")).toBe("https://bi.example.com/r1");
    expect(original.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("adds a report from an address after checking the fields", async () => {
    serve();
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    fireEvent.click(screen.getByTestId("data-centre-add"));
    await screen.findByRole("dialog");
    fireEvent.click(within(dialog()).getByRole("tab", { name: "By address" }));
    fireEvent.change(await within(dialog()).findByLabelText("Report address"), { target: { value: "ftp://reports.example.com/x" } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    });
    expect(await within(dialog()).findByText("Please enter the report's name")).toBeTruthy();
    expect(within(dialog()).getByText("Please enter an address starting with http://, https:// or /")).toBeTruthy();
    expect(sent("POST")).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText("Name"), { target: { value: "Quality KPIs" } });
    fireEvent.change(within(dialog()).getByLabelText("Report address"), { target: { value: "https://bi.example.com/embed/q" } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(sent("POST")).toHaveLength(1));
    expect(await sent("POST")[0].clone().json()).toEqual({ dataName: "Quality KPIs", dataUrl: "https://bi.example.com/embed/q", originalUrl: null, pcOrH5Status: 2, userId: 7 });
    await waitFor(() => expect(net.calls("/personalChart/listByUserId")).toHaveLength(2));
  });

  it("adds a report by picking a data source: only sources not in the list can be picked, and the source's id is sent", async () => {
    reports = [...reports, pickedReport()];
    serve();
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    expect(within(screen.getByTestId("report-4")).getByText("Data source")).toBeTruthy();
    expect(within(screen.getByTestId("report-1")).queryByText("Data source")).toBeNull();
    fireEvent.click(screen.getByTestId("data-centre-add"));
    await screen.findByRole("dialog");
    // The data-source way is offered first.
    expect(within(dialog()).getByRole("tab", { name: "From a data source" }).getAttribute("aria-selected")).toBe("true");
    const headcount = (await within(dialog()).findByRole("radio", { name: /Headcount/ })) as HTMLInputElement;
    const sales = within(dialog()).getByRole("radio", { name: /Monthly Sales/ }) as HTMLInputElement;
    expect(headcount.disabled).toBe(false);
    expect(sales.disabled).toBe(true); // already in the list
    expect(within(within(dialog()).getByTestId("data-source-12")).getByText("Added")).toBeTruthy();
    expect(within(within(dialog()).getByTestId("data-source-11")).queryByText("Added")).toBeNull();
    expect(within(within(dialog()).getByTestId("data-source-12")).getByText("PC and mobile")).toBeTruthy();

    // Nothing chosen: a clear message, nothing sent.
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    });
    expect(within(dialog()).getByRole("alert").textContent).toBe("Please pick a data source that is not in your list yet");
    expect(sent("POST")).toHaveLength(0);

    // The search narrows the list.
    fireEvent.change(within(dialog()).getByLabelText("Search data sources"), { target: { value: "head" } });
    expect(within(dialog()).queryByRole("radio", { name: /Monthly Sales/ })).toBeNull();
    fireEvent.click(within(dialog()).getByRole("radio", { name: /Headcount/ }));
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(sent("POST")).toHaveLength(1));
    // The server takes name, address and device from the source; the contract still requires
    // dataName and dataUrl, so the source's own values go with chartId, and nothing else.
    expect(await sent("POST")[0].clone().json()).toEqual({ chartId: 11, dataName: "Headcount", dataUrl: "/demo-reports/headcount.html", userId: 7 });
    await waitFor(() => expect(net.calls("/personalChart/listByUserId")).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says so when the data sources cannot be loaded, and tries again", async () => {
    let calls = 0;
    serve({ "/bscChart/listAll": () => (++calls === 1 ? failed() : ok(SOURCES)) });
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    fireEvent.click(screen.getByTestId("data-centre-add"));
    await screen.findByRole("dialog");
    expect(await within(dialog()).findByText("The data sources could not be loaded")).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Try again" }));
    expect(await within(dialog()).findByRole("radio", { name: /Headcount/ })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("shows a picked report's source fields read-only and sends none of them", async () => {
    await setLanguage("cn");
    reports = [...reports, pickedReport()];
    serve();
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    fireEvent.click(screen.getByRole("button", { name: "编辑Monthly Sales" }));
    await screen.findByRole("dialog");
    expect(within(dialog()).getByText("来自数据源的报表")).toBeTruthy();
    expect(within(dialog()).getByTestId("report-follows-source").textContent).toContain("该报表跟随其数据源");
    const name = within(dialog()).getByLabelText("名称") as HTMLInputElement;
    const url = within(dialog()).getByLabelText("报表地址") as HTMLInputElement;
    const original = within(dialog()).getByLabelText("原系统地址（可选）") as HTMLInputElement;
    expect([name.value, url.value, original.value]).toEqual(["Monthly Sales", "/demo-reports/monthly-sales.html", "https://bi.example.com/reports/monthly-sales"]);
    expect([name.readOnly, url.readOnly, original.readOnly]).toEqual([true, true, true]);
    expect(dialog().querySelector(".ant-select-disabled")).not.toBeNull(); // the device
    // A change typed anyway (read-only inputs ignore typing; the event is forced here) is never sent.
    fireEvent.change(name, { target: { value: "My sales" } });
    expect(within(dialog()).queryByRole("button", { name: /保\s*存/ })).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: /关\s*闭/ }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("PUT")).toHaveLength(0);
    expect(sent("POST")).toHaveLength(0);

    // Reorder still works for it: only dataSort is sent.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "上移Monthly Sales" }));
    });
    await waitFor(() => expect(net.calls("/personalChart/updateBatchById")).toHaveLength(1));
    expect(await net.calls("/personalChart/updateBatchById")[0].clone().json()).toEqual([
      { id: 4, dataSort: 30 },
      { id: 3, dataSort: 40 },
    ]);
  });

  it("edits a report", async () => {
    serve();
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    fireEvent.click(screen.getByRole("button", { name: "Edit Sales" }));
    await screen.findByRole("dialog");
    expect((within(dialog()).getByLabelText("Report address") as HTMLInputElement).value).toBe("/demo-reports/r2.html");
    fireEvent.change(within(dialog()).getByLabelText("Name"), { target: { value: "Sales 2026" } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(sent("PUT")).toHaveLength(1));
    expect(await sent("PUT")[0].clone().json()).toEqual({ id: 2, dataName: "Sales 2026", dataUrl: "/demo-reports/r2.html", originalUrl: "https://bi.example.com/r2", pcOrH5Status: 2 });
  });

  it("reorders with the buttons and puts the order back when the save fails", async () => {
    let fail = false;
    serve({ "/personalChart/updateBatchById": () => (fail ? failed() : ok(null)) });
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Move Sales up" }));
    });
    expect(order()).toEqual(["report-2", "report-1", "report-3"]);
    await waitFor(() => expect(net.calls("/personalChart/updateBatchById")).toHaveLength(1));
    expect(await net.calls("/personalChart/updateBatchById")[0].clone().json()).toEqual([
      { id: 2, dataSort: 10 },
      { id: 1, dataSort: 20 },
    ]);
    fail = true;
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Unsafe up" }).hasAttribute("disabled")).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Move Unsafe up" }));
    });
    await waitFor(() => expect(net.notified).toHaveLength(1));
    await waitFor(() => expect(order()).toEqual(["report-2", "report-1", "report-3"]));
  });

  it("removes a report only after the confirmation", async () => {
    serve({ "/personalChart": () => ok(null) });
    renderWidget(<DataCenter />);
    await screen.findByTitle("Expenses");
    fireEvent.click(screen.getByRole("button", { name: "Remove Sales" }));
    const text = await screen.findByText("Sales will be removed from your Data Center and your workspace.");
    const box = text.closest(".ant-modal-content") as HTMLElement;
    await act(async () => {
      fireEvent.click(within(box).getByRole("button", { name: "Remove" }));
    });
    await waitFor(() => expect(sent("DELETE")).toHaveLength(1));
    expect(new URL(sent("DELETE")[0].url).searchParams.get("id")).toBe("2");
    await waitFor(() => expect(screen.queryByTestId("report-2")).toBeNull());
  });

  it("shows the empty state, and the error state with a retry", async () => {
    await setLanguage("cn");
    let calls = 0;
    net.answer = answerBy({ "/personalChart/listByUserId": () => (++calls === 1 ? failed() : ok([])) });
    renderWidget(<DataCenter />);
    fireEvent.click(await screen.findByRole("button", { name: /重\s*试/ }));
    expect(await screen.findByText("您还没有报表")).toBeTruthy();
  });
});
