import { afterEach, describe, expect, it } from "vitest";
import type { I18nProvider } from "@refinedev/core";

import { i18n, setLanguage } from "../i18n";
import { createAdminI18nProvider } from "./refineI18n";

afterEach(async () => {
  await setLanguage("cn");
});

const outer: I18nProvider = {
  translate: (key) => `outer:${key}`,
  changeLocale: async () => undefined,
  getLocale: () => "outer-locale",
};

describe("admin i18n provider for refine", () => {
  it("answers refine's own keys from admin.json in the current language", async () => {
    const provider = createAdminI18nProvider(i18n, outer);
    expect(provider.translate("buttons.save")).toBe("保存");
    await setLanguage("en");
    expect(provider.translate("buttons.save")).toBe("Save");
  });

  it("interpolates refine's options", async () => {
    await setLanguage("en");
    const provider = createAdminI18nProvider(i18n);
    expect(provider.translate("notifications.error", { statusCode: 500 }, "Error")).toBe("Error (status code: 500)");
  });

  it("hands any other key to the app's provider", () => {
    const provider = createAdminI18nProvider(i18n, outer);
    expect(provider.translate("sysRole.titles.list", "Roles")).toBe("outer:sysRole.titles.list");
    expect(provider.getLocale()).toBe("outer-locale");
  });

  it("falls back to refine's default text without an app provider", () => {
    const provider = createAdminI18nProvider(i18n);
    expect(provider.translate("sysRole.titles.list", "Roles")).toBe("Roles");
    expect(provider.translate("no.such.key", {}, "Default")).toBe("Default");
    expect(provider.translate("no.such.key")).toBe("no.such.key");
  });
});
