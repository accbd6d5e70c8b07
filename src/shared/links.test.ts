import { describe, expect, it } from "vitest";

import { OTHER_ORIGIN_SANDBOX, SAME_ORIGIN_SANDBOX, reportFrame, safeHref } from "./links";

const PORTAL = "https://portal.example/main/workingSpace";

describe("safeHref", () => {
  it("keeps http(s) addresses and resolves relative ones against the portal", () => {
    expect(safeHref("https://oa.example/task/1", PORTAL)).toBe("https://oa.example/task/1");
    expect(safeHref(" http://oa.example/x ", PORTAL)).toBe("http://oa.example/x");
    expect(safeHref("/demo-reports/sales.html", PORTAL)).toBe("https://portal.example/demo-reports/sales.html");
  });

  it("refuses missing, blank and script or data addresses", () => {
    for (const raw of [null, undefined, "", "   ", "javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "file:///etc/passwd"]) {
      expect(safeHref(raw, PORTAL), String(raw)).toBeNull();
    }
  });
});

describe("reportFrame", () => {
  it("gives a frame of the portal's own origin no allow-same-origin", () => {
    expect(reportFrame("/demo-reports/sales.html", PORTAL)).toEqual({
      src: "https://portal.example/demo-reports/sales.html",
      sandbox: SAME_ORIGIN_SANDBOX,
    });
    expect(SAME_ORIGIN_SANDBOX.split(" ")).not.toContain("allow-same-origin");
  });

  it("lets a frame of another origin keep its origin, never top navigation", () => {
    expect(reportFrame("https://bi.example/r/7", PORTAL)).toEqual({ src: "https://bi.example/r/7", sandbox: OTHER_ORIGIN_SANDBOX });
    expect(OTHER_ORIGIN_SANDBOX).not.toMatch(/allow-top-navigation/);
    expect(SAME_ORIGIN_SANDBOX).not.toMatch(/allow-top-navigation/);
  });

  it("refuses unsafe addresses", () => {
    expect(reportFrame("javascript:parent.alert(1)", PORTAL)).toBeNull();
    expect(reportFrame(null, PORTAL)).toBeNull();
  });
});
