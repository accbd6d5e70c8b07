// Issue 22 item 6: applications can be deleted (spec 5 lists the app delete confirmation): the row's
// delete asks with the application's own text, and only a confirmed delete calls bscApp/removeById.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const BUDGET = { timeout: 20_000 };
const record = { id: 7, name: "Expenses", url: "https://expense.example.com", keyword: "expense", description: null, image: null, labelIds: [], userDevice: "all", status: 1, createTime: "2024-01-01 09:00:00", version: 1 };

describe("deleting an application", () => {
  it("asks with the application's confirmation and deletes only when confirmed", async () => {
    let rows = [record];
    const deletes: string[] = [];
    renderAdmin({
      path: "/main/applicationManagement",
      intercept: (request) => {
        const url = new URL(request.url);
        const path = url.pathname.replace(/^\/portal-api/, "");
        if (path === "/bscApp/searchList") return json(200, envelope(0, "成功", "Success", { records: rows, total: rows.length, page: 1, pageSize: 10 }));
        if (path === "/bscLabel") return json(200, envelope(0, "成功", "Success", []));
        if (path === "/bscApp/removeById" && request.method === "DELETE") {
          deletes.push(url.search);
          rows = [];
          return json(200, envelope(0, "成功", "Success", null));
        }
        return undefined;
      },
    });
    const row = (await screen.findByText("Expenses", {}, BUDGET)).closest("tr")!;
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: /Delete/ }));
    const confirm = await screen.findByText(/Delete the application "Expenses"\? This cannot be undone/, {}, BUDGET);
    const pop = confirm.closest(".ant-popover") as HTMLElement;
    fireEvent.click(within(pop).getByRole("button", { name: /Cancel/ }));
    expect(deletes).toEqual([]);

    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: /Delete/ }));
    const again = (await screen.findByText(/Delete the application "Expenses"/, {}, BUDGET)).closest(".ant-popover") as HTMLElement;
    fireEvent.click(within(again).getByRole("button", { name: /OK/ }));
    await waitFor(() => expect(deletes).toEqual(["?id=7"]), BUDGET);
    await waitFor(() => expect(screen.queryByText("Expenses")).toBeNull(), BUDGET);
  });
});
