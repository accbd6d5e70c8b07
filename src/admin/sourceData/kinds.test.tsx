// The source-data screen from its definitions (issue 22): a tab per kind, each a generated list of
// the kind's columns keyed by its own row key, the keyword and the kind's filters sent as the page
// request's fields, and a tab's search never reaching another tab's request.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const paged = (records: unknown[]) => ok({ records, total: records.length, page: 1, pageSize: 10 });
const EMPLOYEES = [
  { employeeNo: "E001", chineseName: "张伟", englishName: "Wei Zhang", title: "Engineer", email: "wei@example.com", department: "R&D", supervisor: null, city: "Shanghai" },
  { employeeNo: "E002", chineseName: "李娜", englishName: "Na Li", title: "Buyer", email: "na@example.com", department: "Purchasing", supervisor: "E001", city: "Beijing" },
];
const UPNS = [{ upn: "UPN-1", name: "Stent", status: "Active", restrictReason: null }];

async function service(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
  if (path === "/sourceData/employee/page") return paged(EMPLOYEES);
  if (path === "/sourceData/upn/page") return paged(UPNS);
  if (path === "/sourceData/nmpa/page") return paged([]);
  return json(404, envelope(404, "不存在", "Not found"));
}

const bodies = (requests: Request[], url: string) =>
  Promise.all(requests.filter((r) => r.url.endsWith(url)).map((r) => r.clone().json() as Promise<Record<string, unknown>>));

describe("source data (/originDataList)", () => {
  it("lists employees in the first tab and sends the keyword and the kind's filters", async () => {
    const { requests } = renderAdmin({ path: "/main/originDataList", service });
    expect(await screen.findByRole("heading", { name: "Source data" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Employee directory" }).getAttribute("aria-selected")).toBe("true");
    const row = (await screen.findByRole("cell", { name: "Na Li" })).closest("tr")!;
    expect(row.getAttribute("data-row-key")).toBe("E002");
    // An empty cell shows "--", not "null".
    expect(within((await screen.findByRole("cell", { name: "Wei Zhang" })).closest("tr")!).getByText("--")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: /Supervisor/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Template/ })).toBeTruthy();
    expect(screen.getByTestId("source-import-employee")).toBeTruthy();

    const search = screen.getByRole("search");
    fireEvent.change(within(search).getByLabelText("Keyword"), { target: { value: " wei " } });
    fireEvent.change(within(search).getByLabelText("City"), { target: { value: "Shanghai" } });
    const sent = (await bodies(requests, "/sourceData/employee/page")).length;
    fireEvent.click(within(search).getByRole("button", { name: /Search/ }));
    await waitFor(async () => expect((await bodies(requests, "/sourceData/employee/page")).length).toBeGreaterThan(sent));
    const last = (await bodies(requests, "/sourceData/employee/page")).at(-1)!;
    expect(last).toMatchObject({ keyword: "wei", city: "Shanghai" });
  });

  it("opens another kind in its own tab with its own columns and filters, without the first tab's search", async () => {
    // The address holds list state in the app: a tab's must stay out of it.
    const { requests } = renderAdmin({ path: "/main/originDataList", service, syncWithLocation: true });
    const search = await screen.findByRole("search");
    fireEvent.change(within(search).getByLabelText("Keyword"), { target: { value: "wei" } });
    fireEvent.click(within(search).getByRole("button", { name: /Search/ }));
    await waitFor(async () => expect((await bodies(requests, "/sourceData/employee/page")).some((b) => b.keyword === "wei")).toBe(true));

    fireEvent.click(screen.getByRole("tab", { name: "UPN list" }));
    const row = (await screen.findByRole("cell", { name: "Stent" })).closest("tr")!;
    expect(row.getAttribute("data-row-key")).toBe("UPN-1");
    expect(screen.getByRole("columnheader", { name: /Restrict reason/ })).toBeTruthy();
    expect(within(screen.getByRole("search")).getByLabelText("Status")).toBeTruthy();
    expect(within(screen.getByRole("search")).queryByLabelText("City")).toBeNull();
    expect(screen.getByTestId("source-import-upn")).toBeTruthy();
    const upn = await bodies(requests, "/sourceData/upn/page");
    expect(upn.length).toBeGreaterThan(0);
    expect(upn.every((b) => b.keyword === undefined)).toBe(true);
  });
});
