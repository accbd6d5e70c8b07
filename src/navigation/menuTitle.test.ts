import { describe, expect, it } from "vitest";

import { menuTitle } from "./menuTitle";

const names: Record<string, string> = { workingSpace: "Workspace", personalCenter: "Personal Center" };
const screens: Record<string, string> = { "/sys": "System", "/sys/user": "Users" };
const actions: Record<string, string> = { add: "Add", delete: "Delete" };
const sources = { name: (n: string) => names[n], screen: (u: string) => screens[u], action: (a: string) => actions[a] };

describe("menuTitle", () => {
  it("titles an admin screen by the label at its url, not its stored key", () => {
    expect(menuTitle({ menuName: "user", url: "/sys/user", type: 0 }, sources)).toBe("Users");
    expect(menuTitle({ menuName: "sys", url: "/sys", type: 0 }, sources)).toBe("System");
  });

  it("titles a portal page by its name, else by the page at its url", () => {
    expect(menuTitle({ menuName: "workingSpace", url: "/workingSpace" }, sources)).toBe("Workspace");
    expect(menuTitle({ menuName: "我的", url: "/people" }, sources)).toBe("Personal Center");
  });

  it("titles a button still named by its key by its action; a typed name stays", () => {
    expect(menuTitle({ menuName: "sys:user:add", url: "sys:user:add", type: 1 }, sources)).toBe("Add");
    expect(menuTitle({ menuName: "Remove people", url: "sys:user:delete", type: 1 }, sources)).toBe("Remove people");
    expect(menuTitle({ menuName: "sys:user:export", url: "sys:user:export", type: 1 }, sources)).toBe("sys:user:export");
  });

  it("falls back to the stored name without a translation (the portal side menu passes no screens)", () => {
    expect(menuTitle({ menuName: "user", url: "/sys/user" }, { name: (n) => names[n] })).toBe("user");
    expect(menuTitle({ menuName: "reports", url: "/reports" }, sources)).toBe("reports");
  });
});
