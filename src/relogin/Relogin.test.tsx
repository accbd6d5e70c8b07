// /relogin's page with what the assertion consumer hands it (issue 19): the code leaves the address
// before it is redeemed, a refusal is shown once (on the page, no toast besides), and the IdP's
// status waits for "try again".
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../i18n";

const calls = vi.hoisted(() => ({ redeem: vi.fn(), toast: vi.fn(), startSingleSignOn: vi.fn(async () => undefined) }));

vi.mock("../appSession", () => ({
  portalClient: { POST: (path: string, init: { body: { code: string } }) => calls.redeem(path, init.body.code), GET: vi.fn() },
  sessionActions: { establish: vi.fn() },
}));
vi.mock("../api/client", () => ({ SILENT: {}, unwrap: (answer: Promise<unknown>) => answer }));
vi.mock("../api/toast", () => ({ toast: calls.toast }));
vi.mock("../navigation/sso", () => ({ startSingleSignOn: calls.startSingleSignOn }));

import Relogin from "./Relogin";

const CODE = "c".repeat(43);

function open(search: string) {
  window.history.replaceState(null, "", `/relogin${search}`);
  return render(
    <MemoryRouter initialEntries={[`/relogin${search}`]}>
      <Routes>
        <Route path="/relogin" element={<Relogin />} />
      </Routes>
    </MemoryRouter>,
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
      throw new Error("该账号不存在或已停用");
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
    expect(calls.startSingleSignOn).toHaveBeenCalledExactlyOnceWith("datePage");
  });
});
