import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { createAccessControlProvider } from "../../auth/accessControl";
import { envelope, json } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import { renderAdmin, setUpAdminTests } from "../test-support";
import type { SysRole } from "./types";

setUpAdminTests();

const manyRoles = (count: number): SysRole[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    roleName: `Role ${String(i + 1).padStart(2, "0")}`,
    roleCode: `role${i + 1}`,
    status: 1,
    version: 1,
  }));

const rowOf = async (name: string) => (await screen.findByRole("cell", { name })).closest("tr")!;

describe("role list", () => {
  it("shows the roles of the first page with their columns", async () => {
    const { pageBodies } = renderAdmin();

    expect(await screen.findByRole("cell", { name: "admin" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "staff" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "editor" })).toBeTruthy();
    for (const header of ["Role name", "Role code", "Description", "Remark", "Status", "Created", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: new RegExp(header) })).toBeTruthy();
    }
    expect(screen.getByText("3 roles in all")).toBeTruthy();
    // The filtered rows go to Excel from the header (crud/ExportButton).
    expect(screen.getByRole("button", { name: /Export to Excel/ })).toBeTruthy();
    expect((await pageBodies())[0]).toEqual({ page: 1, pageSize: 10 });
  });

  it("puts the list in the side menu under System, in the current language", async () => {
    renderAdmin();
    await screen.findByRole("cell", { name: "admin" });
    expect(screen.getByRole("menuitem", { name: /System/ })).toBeTruthy();
    expect(screen.getAllByText("Roles").length).toBeGreaterThan(0);
  });

  it("speaks Chinese when the language is cn", async () => {
    await setLanguage("cn");
    renderAdmin();
    await screen.findByRole("cell", { name: "admin" });
    expect(screen.getByRole("columnheader", { name: /角色名称/ })).toBeTruthy();
    // antd spaces out a two-character Chinese button label ("查 询").
    expect(screen.getByRole("button", { name: /查\s?询/ })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /编辑/ })).toHaveLength(3);
  });

  it("filters by name on the server", async () => {
    const { pageBodies } = renderAdmin();
    await screen.findByRole("cell", { name: "admin" });

    fireEvent.change(screen.getByRole("textbox", { name: "Role name" }), { target: { value: "edit" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));

    await waitFor(() => expect(screen.queryByRole("cell", { name: "admin" })).toBeNull());
    expect(screen.getByRole("cell", { name: "editor" })).toBeTruthy();
    expect((await pageBodies()).at(-1)).toEqual({ page: 1, pageSize: 10, roleName: "edit" });
  });

  it("sorts on the server when a column header is clicked", async () => {
    const { pageBodies } = renderAdmin();
    await screen.findByRole("cell", { name: "admin" });

    fireEvent.click(screen.getByRole("columnheader", { name: /Role code/ }));

    await waitFor(async () =>
      expect((await pageBodies()).at(-1)).toMatchObject({ sortField: "roleCode", sortOrder: "asc" }),
    );
  });

  it("pages on the server", async () => {
    const { pageBodies } = renderAdmin({ roles: manyRoles(23) });
    await screen.findByRole("cell", { name: "role1" });
    expect(screen.queryByRole("cell", { name: "role11" })).toBeNull();

    fireEvent.click(screen.getByRole("listitem", { name: "2" }).querySelector("a")!);

    expect(await screen.findByRole("cell", { name: "role11" })).toBeTruthy();
    expect((await pageBodies()).at(-1)).toEqual({ page: 2, pageSize: 10 });
  });

  it("offers page sizes 10, 20, 50 and 100 and asks the server for the chosen one", async () => {
    const { pageBodies } = renderAdmin({ roles: manyRoles(23) });
    await screen.findByRole("cell", { name: "role1" });

    // antd's size changer has no accessible name of its own: open it through its selector.
    fireEvent.mouseDown(document.querySelector(".ant-pagination-options .ant-select-selector")!);
    const sizes = await screen.findAllByRole("option");
    expect(sizes.map((option) => option.textContent)).toEqual(["10 / page", "20 / page", "50 / page", "100 / page"]);
    fireEvent.click(screen.getByTitle("20 / page"));

    expect(await screen.findByRole("cell", { name: "role20" })).toBeTruthy();
    expect((await pageBodies()).at(-1)).toEqual({ page: 1, pageSize: 20 });
  });

  it("disables a role after a confirm and says operateSuccess", async () => {
    const { requests, notifications } = renderAdmin();
    const row = await rowOf("staff");

    fireEvent.click(within(row).getByRole("switch", { name: "Role Staff enabled" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable the role Staff?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));

    await waitFor(() =>
      expect(requests.some((r) => r.url.endsWith("/sysUserEx/changeRoleStatus?id=2&status=0"))).toBe(true),
    );
    await waitFor(() => expect(notifications).toContainEqual({ message: "Operation successful", type: "success" }));
    await waitFor(async () =>
      expect(within(await rowOf("staff")).getByRole("switch").getAttribute("aria-checked")).toBe("false"),
    );
  });

  it("after the server refuses (409), the switch still shows the role enabled and the reason is shown, not success", async () => {
    const refusal = envelope(409, "操作被拒绝：此更改会导致没有可用的管理员", "Refused: this change would leave no administrator able to manage users and roles.");
    const { requests, notifications, notified } = renderAdmin({
      intercept: (request) => (request.url.includes("/sysUserEx/changeRoleStatus") ? json(409, refusal) : undefined),
    });
    const row = await rowOf("admin");

    fireEvent.click(within(row).getByRole("switch", { name: "Role Administrator enabled" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Disable the role Administrator?" })).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(requests.some((r) => r.url.endsWith("/sysUserEx/changeRoleStatus?id=1&status=0"))).toBe(true));
    await waitFor(() => expect([...notified, ...notifications.map((n) => `${n.message} ${n.description ?? ""}`)].join("\n")).toContain("would leave no administrator"));
    expect(notifications.filter((n) => n.type === "success")).toEqual([]);
    expect(within(await rowOf("admin")).getByRole("switch").getAttribute("aria-checked")).toBe("true");
  });

  it("after the server disabled the role, the switch shows it disabled even when the list cannot be reloaded", async () => {
    let changed = false;
    const { requests } = renderAdmin({
      intercept: (request) => {
        if (request.url.includes("/sysUserEx/changeRoleStatus")) changed = true;
        // The reload after the change fails (the list keeps the rows it had).
        else if (changed && request.url.endsWith("/sysRole/page")) return json(500, envelope(500, "服务器内部错误", "Internal server error"));
        return undefined;
      },
    });
    const row = await rowOf("staff");

    fireEvent.click(within(row).getByRole("switch", { name: "Role Staff enabled" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(requests.filter((r) => r.url.endsWith("/sysRole/page")).length).toBeGreaterThan(1));
    await waitFor(async () => expect(within(await rowOf("staff")).getByRole("switch").getAttribute("aria-checked")).toBe("false"));
  });

  it("changes nothing when the confirm is cancelled", async () => {
    const { requests } = renderAdmin();
    const row = await rowOf("staff");

    fireEvent.click(within(row).getByRole("switch", { name: "Role Staff enabled" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.some((r) => r.url.includes("changeRoleStatus"))).toBe(false);
  });

  it("hides what the permission map does not grant", async () => {
    const accessControlProvider = createAccessControlProvider({
      buttons: () => ({ "sys:role:add": true }),
      menus: () => ({ "/sys": true, "/sys/role": true }),
    });
    renderAdmin({ accessControlProvider });
    const row = await rowOf("staff");

    await waitFor(() => expect(screen.getByRole("link", { name: /Create/ })).toBeTruthy());
    expect(within(row).getByRole("link", { name: /View/ })).toBeTruthy();
    expect(within(row).queryByRole("link", { name: /Edit/ })).toBeNull();
    expect(within(row).queryByRole("switch")).toBeNull();
    expect(within(row).getByText("Enabled")).toBeTruthy();
  });
});
