// The pre-login pages' CN/EN toggle (issue 21): it switches the tab's language and saves nothing.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { currentLanguage, setLanguage } from "../i18n";
import { LoginLayout } from "./LoginLayout";

beforeEach(() => setLanguage("cn"));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("the login pages' language toggle", () => {
  it("switches the page to English and back, keeps the choice for the tab, and calls no server", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    render(
      <LoginLayout title="title" subtitle="subtitle">
        <span />
      </LoginLayout>,
    );
    const group = screen.getByRole("group", { name: "语言" });
    expect(screen.getByRole("button", { name: "CN" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "EN" }));
    await waitFor(() => expect(currentLanguage()).toBe("en"));
    expect(sessionStorage.getItem("i18n")).toBe("en");
    expect(group.getAttribute("aria-label")).toBe("Language");
    expect(screen.getByRole("button", { name: "EN" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "CN" }));
    await waitFor(() => expect(currentLanguage()).toBe("cn"));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("is on every page drawn by the login layout, with the page's one h1", () => {
    render(
      <LoginLayout title="账号登录" subtitle="subtitle">
        <span />
      </LoginLayout>,
    );
    expect(screen.getByTestId("login-language-toggle")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["账号登录"]);
  });
});
