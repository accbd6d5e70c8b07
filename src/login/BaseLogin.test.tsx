// /baseLogin's flow (issue 20): the "already logged in elsewhere" confirm (spec 4) comes only when
// the login, having sent the password, is told another session is live; Confirm lands in the
// workspace, Cancel leaves the form (code cleared, new captcha) with no failure message; a captcha
// the server asks for is then shown. The auth provider is replaced: what it does with the server is
// authProvider.test.ts's.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { AuthProvider } from "@refinedev/core";

import { envelope, json, testClient } from "../api/test-support";
import type { LoginParams } from "../auth/authProvider";
import { createIdentityStore } from "../auth/identity";
import { AppTestProviders, testSessionOf } from "../auth/test-support";
import { setLanguage } from "../i18n";

const provider = vi.hoisted(() => ({ login: vi.fn(), getIdentity: vi.fn(async () => null) }));
const toast = vi.hoisted(() => vi.fn());
const loginConfig = vi.hoisted(() => ({ captchaEnabled: false }));

vi.mock("../api/toast", () => ({ toast }));
vi.mock("./loginApi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./loginApi")>()),
  fetchLoginConfig: async () => ({ ...loginConfig }),
}));

import BaseLogin from "./BaseLogin";

/** What happened, in order: the login call with its password, and the confirm's showing. */
let events: string[] = [];

/** A provider that checks the password first, then asks like the real one when told "elsewhere". */
function serverSays(answer: "wrong" | "elsewhere" | "captchaRequired") {
  provider.login.mockImplementation(async (params: LoginParams) => {
    events.push(`login ${params.password}`);
    if (answer === "wrong") return { success: false, error: { name: "LoginError", message: "Login failed: Wrong user name or password" } };
    if (answer === "captchaRequired") return { success: false, error: { name: "CaptchaRequired", message: "Login failed: Please enter the verification code" } };
    if (!(await params.confirmElsewhere!())) return { success: false, error: { name: "LoginCancelled", message: "" } };
    return { success: true, redirectTo: "/main/workingSpace" };
  });
}

function renderPage() {
  // No call of this page's reaches the server but the login, which is the provider's.
  const { client } = testClient(async () => json(500, envelope(500, "未预期的调用", "unexpected call")));
  const authProvider = provider as unknown as AuthProvider;
  const session = { ...testSessionOf(client), authProvider, identity: createIdentityStore(authProvider) };
  render(
    <AppTestProviders client={client} session={session}>
      <MemoryRouter initialEntries={["/baseLogin"]}>
        <Routes>
          <Route path="/baseLogin" element={<BaseLogin />} />
          <Route path="/main/workingSpace" element={<p>the workspace</p>} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
}

async function submit(password: string, code?: string) {
  fireEvent.change(await screen.findByLabelText("account"), { target: { value: "zhangwei" } });
  fireEvent.change(screen.getByLabelText("password"), { target: { value: password } });
  if (code !== undefined) fireEvent.change(await screen.findByLabelText("verification code", { selector: "input" }), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

const dialog = () => screen.findByRole("dialog", { name: "Prompt" });
const captchaSrc = () => screen.getByRole("img", { name: "Verification code image" }).getAttribute("src");

beforeAll(() => setLanguage("en"));
beforeEach(() => {
  events = [];
  provider.login.mockReset();
  toast.mockReset();
  loginConfig.captchaEnabled = false;
  sessionStorage.setItem("isFresh", "1"); // the reload-once step is done: the page navigates in place
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("/baseLogin and the already-logged-in confirm", () => {
  it("a wrong password shows the failure and never the confirm", async () => {
    serverSays("wrong");
    renderPage();
    await submit("Wrong@12345");
    await waitFor(() => expect(toast).toHaveBeenCalledWith("Login failed: Wrong user name or password", "error"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(events).toEqual(["login Wrong@12345"]);
  });

  it("asks only after the login sent the password, and Confirm lands in the workspace without asking again", async () => {
    serverSays("elsewhere");
    renderPage();
    await submit("Staff@12345");
    const asked = await dialog();
    events.push("confirm shown");
    expect(asked.textContent).toContain("This account is already logged in. Please confirm whether to log in.");
    expect(events).toEqual(["login Staff@12345", "confirm shown"]);
    fireEvent.click(within(asked).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("the workspace")).toBeTruthy();
    expect(provider.login).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("Cancel stays on the form with no failure message, the code cleared and a new captcha", async () => {
    loginConfig.captchaEnabled = true;
    serverSays("elsewhere");
    renderPage();
    await screen.findByRole("img", { name: "Verification code image" });
    const before = captchaSrc();
    await submit("Staff@12345", "ab12");
    fireEvent.click(within(await dialog()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect((screen.getByLabelText("verification code", { selector: "input" }) as HTMLInputElement).value).toBe(""));
    expect(captchaSrc()).not.toBe(before);
    expect(screen.queryByText("the workspace")).toBeNull();
    expect((screen.getByLabelText("account") as HTMLInputElement).value).toBe("zhangwei");
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows the captcha when the server asks for one the page did not show", async () => {
    serverSays("captchaRequired");
    renderPage();
    await submit("Staff@12345");
    await waitFor(() => expect(toast).toHaveBeenCalledWith("Login failed: Please enter the verification code", "error"));
    expect(await screen.findByRole("img", { name: "Verification code image" })).toBeTruthy();
    expect(screen.getByLabelText("verification code", { selector: "input" })).toBeTruthy();
  });
});
