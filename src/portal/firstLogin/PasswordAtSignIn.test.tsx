// Issue 21: the first-login step that replaces a password an administrator gave - the dialog, its
// form (the server's rules before sending), the change through updatepwd, and Log out as the way out.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AppTestProviders } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import { net, ok, resetNet, answerBy } from "../widgets/testing";
import { FirstLoginDialogs, type FirstLoginDialogsProps } from "./FirstLoginDialogs";

// jsdom's realm cannot hand WebCrypto its buffers (shared/crypto.test.ts runs in node for that): a
// stand-in that marks what it was given, so the test sees the form send only encrypted values.
vi.mock("../../shared/crypto", () => ({ encryptPassword: async (pem: string, password: string) => `rsa(${pem}):${password.length}` }));
const publicKey = "PEM";

beforeEach(() => setLanguage("en"));
afterEach(async () => {
  cleanup();
  resetNet();
  await setLanguage("cn");
});

function renderStep(over: Partial<FirstLoginDialogsProps> = {}) {
  const props: FirstLoginDialogsProps = {
    step: "password",
    policy: null,
    saving: false,
    loggingOut: false,
    neverNotify: false,
    onNeverNotify: vi.fn(),
    refuseBlocked: false,
    noNeedBlocked: false,
    onRefuse: vi.fn(),
    onAccept: vi.fn(),
    onNoNeed: vi.fn(),
    onNeed: vi.fn(),
    onPasswordChanged: vi.fn(),
    ...over,
  };
  render(
    <AppTestProviders client={net.client.client}>
      <FirstLoginDialogs {...props} />
    </AppTestProviders>,
  );
  return props;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

// antd Form validation and RSA encryption in jsdom take seconds on a loaded machine.
describe("the change of a password an administrator gave, at sign-in", { timeout: 30_000 }, () => {
  it("is a dialog that cannot be closed, only answered: change the password or log out", async () => {
    const props = renderStep();
    const dialog = await screen.findByRole("dialog", { name: "Change your password" });
    expect(dialog.textContent).toContain("Your password was set by an administrator");
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(props.onRefuse).toHaveBeenCalledTimes(1);
  });

  it("checks the new password as the server does, then changes it through updatepwd", async () => {
    net.answer = answerBy({ "/sysUserEx/getPublicKey": () => ok({ publicKey, captchaEnabled: false }), "/api/user/updatepwd": () => ok(null) });
    const props = renderStep();
    await screen.findByRole("dialog", { name: "Change your password" });
    fireEvent.change(field("Password the administrator gave you"), { target: { value: "Gen3rated-x7Q" } });
    fireEvent.change(field("New password"), { target: { value: "short1" } });
    fireEvent.change(field("Confirm the new password"), { target: { value: "short1" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Use 8 to 64 characters")).toBeTruthy();
    expect(net.calls("/api/user/updatepwd")).toHaveLength(0);

    fireEvent.change(field("New password"), { target: { value: "Mine@2026pw" } });
    fireEvent.change(field("Confirm the new password"), { target: { value: "Mine@2026pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(props.onPasswordChanged).toHaveBeenCalledTimes(1));
    const [sent] = net.calls("/api/user/updatepwd");
    const body = (await sent.json()) as { oldPassword: string; newPassword: string };
    // Both travel encrypted under the server's key, never as typed.
    expect(body).toEqual({ oldPassword: "rsa(PEM):13", newPassword: "rsa(PEM):11" });
  });

  it("keeps the dialog when the server refuses the change (the toast says why)", async () => {
    net.answer = answerBy({
      "/sysUserEx/getPublicKey": () => ok({ publicKey, captchaEnabled: false }),
      "/api/user/updatepwd": () => new Response(JSON.stringify({ code: 400, data: null, resultMessage: "原密码不正确", resultEnMessage: "The old password is wrong" }), { status: 400, headers: { "content-type": "application/json" } }),
    });
    const props = renderStep();
    await screen.findByRole("dialog", { name: "Change your password" });
    fireEvent.change(field("Password the administrator gave you"), { target: { value: "wrong-one-1" } });
    fireEvent.change(field("New password"), { target: { value: "Mine@2026pw" } });
    fireEvent.change(field("Confirm the new password"), { target: { value: "Mine@2026pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(net.notified.join(" ")).toContain("The old password is wrong"));
    expect(props.onPasswordChanged).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Change your password" })).toBeTruthy();
  });
});
