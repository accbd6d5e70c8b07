import { describe, expect, it } from "vitest";
import { expandVersionNumber } from "./versionNumber";

describe("expandVersionNumber (spec 9)", () => {
  it("expands 1, 2 and 3 digits and keeps x.y.z", () => {
    expect(expandVersionNumber("7")).toBe("1.0.7");
    expect(expandVersionNumber("23")).toBe("1.2.3");
    expect(expandVersionNumber("234")).toBe("2.3.4");
    expect(expandVersionNumber(" 10.2.33 ")).toBe("10.2.33");
  });
  it("refuses anything else", () => {
    for (const bad of ["", "1234", "1.2", "a", "1.2.3.4"]) expect(expandVersionNumber(bad)).toBeNull();
  });
});
