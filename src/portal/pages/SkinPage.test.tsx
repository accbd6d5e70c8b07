// Dress Up (issue 21, defect 16): a theme whose save fails does not stay on screen.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { envelope, json } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import { DEFAULT_THEME, applyTheme, currentTheme, themeByKey } from "../../shared/theme";
import { net, ok, renderWidget, resetNet } from "../widgets/testing";
import SkinPage from "./SkinPage";

const toasts = vi.hoisted(() => [] as [string, string | undefined][]);
vi.mock("../../api/toast", () => ({ toast: (message: string, kind?: string) => toasts.push([message, kind]) }));

beforeEach(async () => {
  await setLanguage("en");
  sessionStorage.setItem("sid", "b".repeat(64));
  sessionStorage.setItem("userId", "7");
  applyTheme(DEFAULT_THEME);
});
afterEach(async () => {
  cleanup();
  resetNet();
  toasts.splice(0);
  sessionStorage.clear();
  localStorage.clear();
  applyTheme(DEFAULT_THEME);
  await setLanguage("cn");
});

const radio = (name: string) => screen.getByRole("radio", { name: new RegExp(name) });

describe("Dress Up", () => {
  it("keeps a theme the server saved", async () => {
    net.answer = () => ok({ userId: 7 });
    renderWidget(<SkinPage />);
    fireEvent.click(radio("Chinese Red"));
    await waitFor(() => expect(toasts).toEqual([["Theme saved", "success"]]));
    expect(currentTheme()).toBe(themeByKey("chineseRed"));
    expect(radio("Chinese Red").getAttribute("aria-checked")).toBe("true");
  });

  it("puts the previous theme back when the save fails, and says why", async () => {
    net.answer = () => json(500, envelope(500, "服务器错误", "Server error"));
    renderWidget(<SkinPage />);
    fireEvent.click(radio("Chinese Red"));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0][1]).toBe("error");
    expect(toasts[0][0]).toMatch(/^The theme could not be saved; the previous one is back: .*Server error/);
    expect(currentTheme()).toBe(DEFAULT_THEME);
    expect(localStorage.getItem("themeColor")).toBe(DEFAULT_THEME.themeColor);
    expect(radio("Default").getAttribute("aria-checked")).toBe("true");
    expect(radio("Chinese Red").getAttribute("aria-checked")).toBe("false");
    // One message: the client showed none of its own (the save is quiet).
    expect(net.notified).toEqual([]);
  });
});
