// Issue 20 in a hand-built dialog: the menu editor sends the version of the entry it opened; a save
// refused because someone else changed the entry since shows the reload offer in the dialog (not a
// toast), keeps the person's text until they choose, and the reload refills it from the tree now.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const BUDGET = { timeout: 20_000 };

describe("the menu dialog's save refused as stale", () => {
  it("offers to reload; the reload shows the entry as it is now and the next save sends its version", async () => {
    let entry = { id: 40, menuCode: 1, menuName: "Reports", url: "/reports", type: 0, parentId: null, hidden: 0, version: 3, children: [] };
    const sent: Record<string, unknown>[] = [];
    const { notifications } = renderAdmin({
      path: "/main/sys/menu",
      intercept: async (request) => {
        const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
        if (path !== "/sysMenu") return undefined;
        if (request.method === "GET") return json(200, envelope(0, "成功", "Success", [entry]));
        const body = (await request.clone().json()) as typeof entry;
        sent.push(body);
        if (body.version !== entry.version) return json(409, envelope(4090, "该记录已被他人修改", "This record was changed by someone else since you opened it"));
        entry = { ...entry, ...body, version: entry.version + 1 };
        return json(200, envelope(0, "成功", "Success", entry.id));
      },
    });

    fireEvent.click(await screen.findByRole("button", { name: /Edit/ }, BUDGET));
    const dialog = await screen.findByRole("dialog", {}, BUDGET);
    const name = () => within(dialog).getByRole<HTMLInputElement>("textbox", { name: "Name" });
    await waitFor(() => expect(name().value).toBe("Reports"), BUDGET);

    entry = { ...entry, menuName: "Reports (theirs)", version: 4 }; // someone else saves meanwhile
    fireEvent.change(name(), { target: { value: "Mine" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /Save/ }));

    const offer = (await within(dialog).findByText("Someone else changed this record", {}, BUDGET)).closest<HTMLElement>('[role="alert"]')!;
    expect(sent).toEqual([expect.objectContaining({ id: 40, menuName: "Mine", version: 3 })]);
    expect(name().value).toBe("Mine");
    expect(notifications.filter((n) => n.type === "error")).toEqual([]);

    fireEvent.click(within(offer).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(name().value).toBe("Reports (theirs)"), BUDGET);
    await waitFor(() => expect(within(dialog).queryByText("Someone else changed this record")).toBeNull(), BUDGET);

    fireEvent.change(name(), { target: { value: "Mine again" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(entry).toMatchObject({ menuName: "Mine again", version: 5 }), BUDGET);
    expect(sent[1]).toMatchObject({ id: 40, version: 4 });
  }, 90_000);
});
