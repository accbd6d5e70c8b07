import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";

import { renderAdmin, seededRoles, setUpAdminTests } from "../test-support";

setUpAdminTests();

describe("role forms", () => {
  it("creates a role and returns to the list with operateSuccess", async () => {
    const { requests, notifications } = renderAdmin({ path: "/main/sys/role/create" });

    fireEvent.change(await screen.findByRole("textbox", { name: "Role name" }), { target: { value: "Auditor" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Role code" }), { target: { value: "auditor" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByRole("cell", { name: "auditor" })).toBeTruthy();
    const create = requests.find((r) => r.method === "POST" && r.url.endsWith("/sysRole"))!;
    expect(await create.clone().json()).toEqual({ roleName: "Auditor", roleCode: "auditor", status: 1 });
    expect(notifications).toContainEqual({ message: "Operation successful", type: "success" });
  });

  it("explains each invalid field from the locale files and sends nothing", async () => {
    const { requests } = renderAdmin({ path: "/main/sys/role/create" });

    fireEvent.change(await screen.findByRole("textbox", { name: "Role code" }), { target: { value: "9lives" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(
      await screen.findByText("Start with a letter; then letters, digits, _ or -, 30 characters at most"),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === "POST" && r.url.endsWith("/sysRole"))).toBe(false);
  });

  it("edits a role loaded by id", async () => {
    const roles = seededRoles();
    const { requests } = renderAdmin({ path: "/main/sys/role/edit/3", roles });

    // The form mounts again once the record arrives: look the field up each time.
    const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Role name" });
    await waitFor(() => expect(nameField().value).toBe("Editor"));
    fireEvent.change(nameField(), { target: { value: "Content editor" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByRole("cell", { name: "Content editor" })).toBeTruthy();
    const update = requests.find((r) => r.method === "PUT")!;
    expect(await update.clone().json()).toMatchObject({ id: 3, roleName: "Content editor", roleCode: "editor" });
  });
});
