import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";

import { HasPermission, HasRole } from "./Permission";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const button = (name: string) => <button type="button">{name}</button>;

describe("HasPermission", () => {
  it("shows children when the map holds the key", () => {
    render(<HasPermission keys="system" map={{ system: true }}>{button("State")}</HasPermission>);
    expect(screen.getByRole("button", { name: "State" })).toBeTruthy();
  });

  it("hides children when the map lacks the key, showing the fallback", () => {
    render(
      <HasPermission keys="system" map={{ other: true }} fallback={<span>no access</span>}>
        {button("State")}
      </HasPermission>,
    );
    expect(screen.queryByRole("button", { name: "State" })).toBeNull();
    expect(screen.getByText("no access")).toBeTruthy();
  });

  it("shows children when the map holds any key of a list", () => {
    render(
      <>
        <HasPermission keys={["a", "b"]} map={{ b: true }}>{button("Any")}</HasPermission>
        <HasPermission keys={["a", "c"]} map={{ b: true }}>{button("None")}</HasPermission>
      </>,
    );
    expect(screen.getByRole("button", { name: "Any" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "None" })).toBeNull();
  });

  it("shows everything when the map is absent or empty", () => {
    render(
      <>
        <HasPermission keys="x" map={null}>{button("Absent")}</HasPermission>
        <HasPermission keys="x" map={{}}>{button("Empty")}</HasPermission>
        <HasPermission keys="x">{button("Session")}</HasPermission>
      </>,
    );
    for (const name of ["Absent", "Empty", "Session"]) expect(screen.getByRole("button", { name })).toBeTruthy();
  });

  it("keeps the system entry hidden with an absent or empty map (issue 18)", () => {
    render(
      <>
        <HasPermission keys="system" map={null}>{button("Absent")}</HasPermission>
        <HasPermission keys="system" map={{}}>{button("Empty")}</HasPermission>
        <HasPermission keys="system">{button("Session")}</HasPermission>
        <HasPermission keys="system" map={{ system: true }}>{button("Granted")}</HasPermission>
      </>,
    );
    for (const name of ["Absent", "Empty", "Session"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.getByRole("button", { name: "Granted" })).toBeTruthy();
  });

  it("reads the session's permissionMap by default", () => {
    sessionStorage.setItem("permissionMap", JSON.stringify({ edit: true }));
    render(
      <>
        <HasPermission keys="edit">{button("Edit")}</HasPermission>
        <HasPermission keys="delete">{button("Delete")}</HasPermission>
      </>,
    );
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});

describe("HasRole", () => {
  it("keeps children when the user has one of the roles", () => {
    render(<HasRole roles={["admin", "editor"]} userRoles={["staff", "editor"]}>{button("Backend")}</HasRole>);
    expect(screen.getByRole("button", { name: "Backend" })).toBeTruthy();
  });

  it("removes children when the user has none of them", () => {
    render(<HasRole roles={["admin", "editor"]} userRoles={["staff"]}>{button("Backend")}</HasRole>);
    expect(screen.queryByRole("button", { name: "Backend" })).toBeNull();
  });

  it("compares role codes without case (the spec's Admin)", () => {
    render(<HasRole roles={["Admin"]} userRoles={["admin"]}>{button("Backend")}</HasRole>);
    expect(screen.getByRole("button", { name: "Backend" })).toBeTruthy();
  });

  it("reads the session user's roleCodes by default; no user means removed", () => {
    const { unmount } = render(<HasRole roles={["admin"]}>{button("NoUser")}</HasRole>);
    expect(screen.queryByRole("button", { name: "NoUser" })).toBeNull();
    unmount();
    sessionStorage.setItem("userInfo", JSON.stringify({ roleCodes: ["admin", "staff"] }));
    render(<HasRole roles={["admin"]}>{button("Admin")}</HasRole>);
    expect(screen.getByRole("button", { name: "Admin" })).toBeTruthy();
  });
});
