// The IdP's status on /relogin (issue 19 item 6): in the current language, with a way to try again
// that starts only when pressed.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../i18n";
import { IdpStatusResult } from "./IdpStatusResult";

afterEach(() => cleanup());

describe("IdpStatusResult", () => {
  it("says what the IdP answered, in English and in Chinese", async () => {
    await setLanguage("en");
    render(<IdpStatusResult status="cancelled" onTryAgain={vi.fn()} />);
    expect(screen.getByText("The identity provider did not sign you in")).toBeTruthy();
    expect(screen.getByText("The sign-in was cancelled.")).toBeTruthy();
    cleanup();
    await setLanguage("cn");
    render(<IdpStatusResult status="authnFailed" onTryAgain={vi.fn()} />);
    expect(screen.getByText("身份提供方未完成登录")).toBeTruthy();
    expect(screen.getByText("身份提供方认证失败。")).toBeTruthy();
    expect(screen.getByRole("link", { name: "返回登录页" }).getAttribute("href")).toBe("/loginCopy");
  });

  it("starts sign-on again only when 'Try again' is pressed", async () => {
    await setLanguage("en");
    const again = vi.fn();
    render(<IdpStatusResult status="requestDenied" onTryAgain={again} />);
    expect(again).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(again).toHaveBeenCalledOnce();
  });
});
