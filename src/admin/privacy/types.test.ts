import { describe, expect, it } from "vitest";
import { isHigher, nextVersion, versionParts } from "./types";

describe("privacy-policy versions (x.y.z, the server's rule)", () => {
  it("reads x.y.z with parts 0 to 999 and no leading zeros", () => {
    expect(versionParts("1.0.10")).toEqual([1, 0, 10]);
    expect(versionParts(" 2.3.4 ")).toEqual([2, 3, 4]);
    for (const bad of ["1.0", "1", "1.0.0.1", "01.0.1", "1.0.1000", "a.b.c", "1..1", "v1.0.1", ""]) expect(versionParts(bad)).toBeUndefined();
  });

  it("compares numerically, not as text", () => {
    expect(isHigher("1.0.10", "1.0.9")).toBe(true);
    expect(isHigher("1.0.9", "1.0.10")).toBe(false);
    expect(isHigher("2.0.0", "1.99.99")).toBe(true);
    expect(isHigher("1.0.0", "1.0.0")).toBe(false);
    expect(isHigher("bad", "1.0.0")).toBe(false);
  });

  it("suggests the next patch version, carrying at 999", () => {
    expect(nextVersion(undefined)).toBe("1.0.0");
    expect(nextVersion("1.0.0")).toBe("1.0.1");
    expect(nextVersion("1.2.999")).toBe("1.3.0");
    expect(nextVersion("1.999.999")).toBe("2.0.0");
  });
});
