// Spec 5's login form rules, in the form without antd's Form (issue 9): account required (checked
// on blur, more than white space), password required (checked on change, any character counts),
// the code only while a captcha is shown; a submit checks them all and sends only what is asked.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../i18n";
import { LoginForm, useLoginFields, type LoginValues } from "./LoginForm";

function Harness({ challengeId = null, onSubmit }: { challengeId?: string | null; onSubmit: (v: LoginValues) => void }) {
  const fields = useLoginFields();
  return <LoginForm fields={fields} challengeId={challengeId} onRefreshCaptcha={() => undefined} submitting={false} onSubmit={onSubmit} />;
}

const account = () => screen.getByLabelText("account") as HTMLInputElement;
const password = () => screen.getByLabelText("password") as HTMLInputElement;
const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent);
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Log in" }));

beforeAll(() => setLanguage("en"));
afterEach(() => cleanup());

describe("LoginForm", () => {
  it("checks the account when it loses focus, and white space alone is no account", () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(account(), { target: { value: "   " } });
    expect(alerts()).toEqual([]); // not on change
    fireEvent.blur(account());
    expect(alerts()).toEqual(["Please enter your account"]);
    expect(account().getAttribute("aria-invalid")).toBe("true");
    expect(account().getAttribute("aria-describedby")).toBe("userName_help");
    fireEvent.change(account(), { target: { value: " zhangwei " } });
    fireEvent.blur(account());
    expect(alerts()).toEqual([]);
    expect(account().hasAttribute("aria-invalid")).toBe(false);
  });

  it("checks the password as it changes, and spaces are a password", () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(password(), { target: { value: "x" } });
    fireEvent.change(password(), { target: { value: "" } });
    expect(alerts()).toEqual(["Please enter your password"]);
    fireEvent.change(password(), { target: { value: "  " } });
    expect(alerts()).toEqual([]);
  });

  it("submits nothing while a rule fails, and shows every failing rule", () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    submit();
    expect(alerts()).toEqual(["Please enter your account", "Please enter your password"]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("without a captcha asks for no code and sends only the account and password", () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.queryByLabelText("verification code")).toBeNull();
    fireEvent.change(account(), { target: { value: "zhangwei" } });
    fireEvent.change(password(), { target: { value: "Staff@12345" } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ userName: "zhangwei", password: "Staff@12345" });
  });

  it("with a captcha requires the code (more than white space) and sends it", () => {
    const onSubmit = vi.fn();
    render(<Harness challengeId="c-1" onSubmit={onSubmit} />);
    fireEvent.change(account(), { target: { value: "zhangwei" } });
    fireEvent.change(password(), { target: { value: "Staff@12345" } });
    const code = screen.getByLabelText("verification code", { selector: "input" });
    fireEvent.change(code, { target: { value: "  " } });
    expect(alerts()).toEqual(["Please enter your verification code"]);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: "ab12" } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ userName: "zhangwei", password: "Staff@12345", verificationCode: "ab12" });
  });

  it("names its fields in the UI language", () => {
    setLanguage("cn");
    try {
      render(<Harness onSubmit={vi.fn()} />);
      fireEvent.click(screen.getByRole("button", { name: /登\s*录/ })); // antd spaces a two-character label
      expect(alerts()).toEqual(["请输入账号", "请输入密码"]);
    } finally {
      setLanguage("en");
    }
  });
});
