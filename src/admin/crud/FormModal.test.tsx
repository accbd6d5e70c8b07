// The create and edit dialog of a definition with form.modal (issue 22; the catalogues): the edit
// starts from the list's row and sends its version, a data source is changed by its create with
// the id, a stale save offers to reload the row (issue 20), the server's field refusal shows on
// the field, and the tags column shows tag names (its options from the server).
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const BUDGET = { timeout: 20_000 };
const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const pathOf = (request: Request) => new URL(request.url).pathname.replace(/^\/portal-api/, "");

type Chart = { id: number; name: string; url: string; userDevice: string; compatibilityRange: string | null; status: number; createTime: string; version: number };

/** The data-source service: page, and the create that also changes a row (with its id, from its version only). */
function chartService(rows: Chart[], saves: Record<string, unknown>[]) {
  return async (request: Request) => {
    const path = pathOf(request);
    if (path === "/bscChart/page") return ok({ records: rows, total: rows.length, page: 1, pageSize: 10 });
    if (path === "/bscChart" && request.method === "POST") {
      const body = (await request.clone().json()) as Partial<Chart>;
      saves.push(body);
      const row = rows.find((r) => r.id === body.id);
      if (!row) {
        rows.push({ ...(body as Chart), id: 9, status: 1, createTime: "2024-02-01 09:00:00", version: 1 });
        return ok(9);
      }
      if (body.version !== row.version) return json(409, envelope(4090, "该记录已被他人修改", "This record was changed by someone else since you opened it"));
      Object.assign(row, body, { version: row.version + 1 });
      return ok(row.id);
    }
    return undefined;
  };
}

const dialogNamed = async (name: string) => within(await screen.findByRole("dialog", { name }, BUDGET));

describe("the create and edit dialog", () => {
  it("edits a data source from its row through the create with id and version, and offers to reload a row someone else changed", async () => {
    const rows: Chart[] = [{ id: 4, name: "Warehouse BI", url: "https://bi.example.com", userDevice: "pc", compatibilityRange: "Chrome 90+", status: 1, createTime: "2024-01-01 09:00:00", version: 1 }];
    const saves: Record<string, unknown>[] = [];
    renderAdmin({ path: "/main/applicationManagement/dataSource", intercept: chartService(rows, saves) });

    const row = (await screen.findByText("Warehouse BI", {}, BUDGET)).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: /Edit/ }));
    let dialog = await dialogNamed("Edit data source");
    expect(dialog.getByLabelText("Compatibility range")).toHaveProperty("value", "Chrome 90+");
    // Someone else saves the row meanwhile.
    Object.assign(rows[0], { compatibilityRange: "Firefox 100+", version: 2 });
    fireEvent.change(dialog.getByLabelText("Compatibility range"), { target: { value: " Edge 100+ " } });
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    await dialog.findByText("Someone else changed this record", {}, BUDGET);
    expect(saves).toEqual([{ id: 4, version: 1, name: "Warehouse BI", url: "https://bi.example.com", userDevice: "pc", compatibilityRange: "Edge 100+" }]);

    // The reload fills the dialog with the row as it is now; the save then goes from that version.
    fireEvent.click(dialog.getByRole("button", { name: /Reload/ }));
    await waitFor(() => expect(dialog.getByLabelText("Compatibility range")).toHaveProperty("value", "Firefox 100+"), BUDGET);
    expect(dialog.queryByText("Someone else changed this record")).toBeNull();
    fireEvent.change(dialog.getByLabelText("Compatibility range"), { target: { value: "Edge 100+" } });
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit data source" })).toBeNull(), BUDGET);
    expect(saves[1]).toMatchObject({ id: 4, version: 2, compatibilityRange: "Edge 100+" });
    await screen.findByText("Edge 100+", {}, BUDGET);

    // A create sends no id; the required fields are asked for first.
    fireEvent.click(screen.getByRole("button", { name: /Add/ }));
    dialog = await dialogNamed("New data source");
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    expect((await dialog.findAllByText("This field is required", {}, BUDGET)).length).toBeGreaterThan(0);
    expect(saves).toHaveLength(2);
    fireEvent.change(dialog.getByLabelText("Name"), { target: { value: "Sales BI" } });
    fireEvent.change(dialog.getByLabelText("URL", { exact: true }), { target: { value: "/bi/sales" } });
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(saves).toHaveLength(3), BUDGET);
    expect(saves[2]).toEqual({ name: "Sales BI", url: "/bi/sales", userDevice: "all", compatibilityRange: null });
  });

  it("shows the server's refusal of a taken keyword on the field, and tag names in the tags column", async () => {
    const app = { id: 7, name: "Expenses", url: "https://expense.example.com", keyword: "expense", description: null, image: null, labelIds: [3], userDevice: "all", status: 1, createTime: "2024-01-01 09:00:00", version: 1 };
    const creates: Record<string, unknown>[] = [];
    renderAdmin({
      path: "/main/applicationManagement",
      intercept: async (request) => {
        const path = pathOf(request);
        if (path === "/bscApp/searchList") return ok({ records: [app], total: 1, page: 1, pageSize: 10 });
        if (path === "/bscLabel") return ok([{ id: 3, labelName: "财务", labelEnName: "Finance", sort: 0, status: 1 }]);
        if (path === "/bscApp" && request.method === "POST") {
          creates.push((await request.clone().json()) as Record<string, unknown>);
          const taken = { field: "keyword", rule: "unique", message: "关键字已存在，请重新输入", enMessage: "Keyword existed, please input a new one" };
          return json(400, { ...envelope(400, "关键字已存在，请重新输入", "Keyword existed, please input a new one"), errors: [taken] });
        }
        return undefined;
      },
    });
    const row = (await screen.findByText("Expenses", {}, BUDGET)).closest("tr") as HTMLElement;
    await within(row).findByText("Finance", {}, BUDGET);

    fireEvent.click(screen.getByRole("button", { name: /Add/ }));
    const dialog = await dialogNamed("New application");
    fireEvent.change(dialog.getByLabelText("Name"), { target: { value: "Expenses 2" } });
    fireEvent.change(dialog.getByLabelText("Keyword"), { target: { value: "EXPENSE" } });
    fireEvent.change(dialog.getByLabelText("URL", { exact: true }), { target: { value: "not a url" } });
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    await dialog.findByText("Please enter an address starting with http(s):// or /", {}, BUDGET);
    expect(creates).toEqual([]);
    fireEvent.change(dialog.getByLabelText("URL", { exact: true }), { target: { value: "https://expense2.example.com" } });
    fireEvent.click(dialog.getByRole("button", { name: /Save/ }));
    await dialog.findByText("Keyword existed, please input a new one", {}, BUDGET);
    expect(creates).toEqual([{ name: "Expenses 2", keyword: "EXPENSE", url: "https://expense2.example.com", userDevice: "all", image: null, description: null, labelIds: [] }]);
    expect(screen.getByRole("dialog", { name: "New application" })).toBeTruthy();
  });
});
