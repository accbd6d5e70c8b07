// /relogin's page with what the assertion consumer hands it (issue 19): the code leaves the address
// before it is redeemed, a refusal is shown once (on the page, no toast besides), and the IdP's
// status waits for "try again".
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { envelope, json, testClient } from "../api/test-support";
import { AppTestProviders } from "../auth/test-support";
import { setLanguage } from "../i18n";

const calls = vi.hoisted(() => ({ redeem: vi.fn(), toast: vi.fn(), startSingleSignOn: vi.fn(async () => undefined) }));

vi.mock("../api/toast", () => ({ toast: calls.toast }));
vi.mock("../navigation/sso", () => ({ startSingleSignOn: calls.startSingleSignOn }));

import Relogin from "./Relogin";

const CODE = "c".repeat(43);

/** The server of the test: the code redemption is `calls.redeem`'s (path and code); nothing else is asked. */
const server = testClient(
  async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
    const { code } = (await request.json()) as { code: string };
    return calls.redeem(path, code) as Promise<Response>;
  },
  { language: "cn" },
);

function open(search: string) {
  window.history.replaceState(null, "", `/relogin${search}`);
  return render(
    <AppTestProviders client={server.client}>
      <MemoryRouter initialEntries={[`/relogin${search}`]}>
        <Routes>
          <Route path="/relogin" element={<Relogin />} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
}

beforeAll(() => setLanguage("cn"));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("Relogin with the ACS's hand-off", () => {
  it("takes the code out of the address before redeeming it; a refusal is shown once, on the page, with no toast", async () => {
    let addressAtRedeem = "";
    calls.redeem.mockImplementation(async () => {
      addressAtRedeem = window.location.pathname + window.location.search;
      return json(200, envelope(1, "该账号不存在或已停用", "The account does not exist or is disabled"));
    });
    open(`?code=${CODE}&route=task`);
    expect(await screen.findByText("登录失败:该账号不存在或已停用")).toBeTruthy();
    expect(calls.redeem).toHaveBeenCalledExactlyOnceWith("/sysUserEx/ssoCodeLogin", CODE);
    expect(addressAtRedeem).toBe("/relogin?route=task");
    expect(screen.getAllByText(/该账号不存在或已停用/)).toHaveLength(1);
    expect(calls.toast).not.toHaveBeenCalled();
    expect(calls.startSingleSignOn).not.toHaveBeenCalled(); // no new sign-on after a refusal
  });

  it("shows the IdP's status and starts sign-on for the route only when asked", async () => {
    open("?ssoStatus=requestDenied&route=datePage");
    expect(await screen.findByText("身份提供方拒绝了本次登录。")).toBeTruthy();
    expect(calls.startSingleSignOn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "重新登录" }));
    expect(calls.startSingleSignOn).toHaveBeenCalledExactlyOnceWith(server.client, "datePage");
  });
});
