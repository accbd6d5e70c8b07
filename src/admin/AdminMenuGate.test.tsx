import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { providersWrapper } from "../auth/test-support";
import { setLanguage } from "../i18n";
import { AdminMenuGate } from "./AdminMenuGate";
import type { AdminResourceDef } from "./crud/types";

const KNOWLEDGE: AdminResourceDef = { name: "knowledgeIndex", route: "/knowledgeIndex", label: "menu.knowledgeIndex" };

beforeEach(() => setLanguage("en"));
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await setLanguage("cn");
});

const shell = vi.fn((granted: AdminResourceDef[]) => <p>shell with {granted.map((d) => d.name).join(",")}</p>);

describe("admin shell menus (issue 18)", () => {
  it("renders the shell with the screens the session's menus grant", async () => {
    render(<AdminMenuGate loadMenus={async () => [KNOWLEDGE]}>{shell}</AdminMenuGate>, { wrapper: providersWrapper() });
    expect(await screen.findByText("shell with knowledgeIndex")).toBeTruthy();
  });

  it("a session without admin menus gets the no-permission page, never the shell", async () => {
    render(<AdminMenuGate loadMenus={async () => []}>{shell}</AdminMenuGate>, { wrapper: providersWrapper() });
    expect(await screen.findByText("403 No access to the admin backend")).toBeTruthy();
    expect(screen.getByTestId("admin-forbidden")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to the portal" })).toBeTruthy();
    expect(screen.queryByText(/shell with/)).toBeNull();
  });

  it("a failed load says so and tries again, never showing the shell meanwhile", async () => {
    const loadMenus = vi.fn<() => Promise<AdminResourceDef[]>>().mockRejectedValueOnce(new Error("Network connection failed")).mockResolvedValueOnce([KNOWLEDGE]);
    render(<AdminMenuGate loadMenus={loadMenus}>{shell}</AdminMenuGate>, { wrapper: providersWrapper() });
    expect(await screen.findByText("The admin menus failed to load")).toBeTruthy();
    expect(screen.getByTestId("admin-menus-failed")).toBeTruthy();
    expect(screen.getByText("Network connection failed")).toBeTruthy();
    expect(screen.queryByText(/shell with/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText("shell with knowledgeIndex")).toBeTruthy());
    expect(loadMenus).toHaveBeenCalledTimes(2);
  });
});
