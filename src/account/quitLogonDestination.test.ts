import { describe, expect, it } from "vitest";

import { HEADER_LOGOUT_STATE, logoutDestination } from "./quitLogonDestination";

describe("where a confirmed log-out goes", () => {
  it("quitLogon goes to /login (spec 2.4); opened by the header's log-out, to /loginCopy (spec 4)", () => {
    expect(logoutDestination(null)).toBe("/login");
    expect(logoutDestination(undefined)).toBe("/login");
    expect(logoutDestination({ logoutTo: "/elsewhere" })).toBe("/login");
    expect(logoutDestination({ logoutTo: "https://evil.example/" })).toBe("/login");
    expect(logoutDestination(HEADER_LOGOUT_STATE)).toBe("/loginCopy");
  });
});
