import { describe, expect, it } from "vitest";

import { redirectTarget } from "./Redirect";

describe("/redirect/* (spec 2.1)", () => {
  it("goes to the path after /redirect with the query and hash", () => {
    expect(redirectTarget("main/workingSpace", "?a=1", "#x")).toBe("/main/workingSpace?a=1#x");
    expect(redirectTarget(undefined, "")).toBe("/");
  });

  it("never leaves the site (no protocol-relative address)", () => {
    expect(redirectTarget("/evil.example/x", "")).toBe("/evil.example/x");
    expect(redirectTarget("\\\\evil.example", "")).toBe("/evil.example");
  });
});
