import { describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import { roleLabel } from "./roleLabel";

describe("roleLabel", () => {
  it("translates the known roles by code and keeps other names as entered", async () => {
    await i18n.changeLanguage("en");
    expect(roleLabel(i18n, "staff", "员工")).toBe("Staff");
    expect(roleLabel(i18n, "auditor", "审计员")).toBe("审计员");
    await i18n.changeLanguage("cn");
    expect(roleLabel(i18n, "admin", "Admin")).toBe("管理员");
    expect(roleLabel(i18n, "constructor", "x")).toBe("x");
  });
});
