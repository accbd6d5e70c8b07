import { describe, expect, it } from "vitest";
import { buttonKey, buttonPrefix } from "./buttonKeys";

describe("the button-key rule", () => {
  it("turns a menu's address into its prefix: '/' becomes ':', no leading or trailing separator", () => {
    expect(buttonPrefix("/sys/role")).toBe("sys:role");
    expect(buttonPrefix("/tagManamentList/recommendTagsList/")).toBe("tagManamentList:recommendTagsList");
  });

  it("appends the action after the prefix", () => {
    expect(buttonKey("/sys/user", "add")).toBe("sys:user:add");
  });
});
