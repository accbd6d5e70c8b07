import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password";

describe("passwordProblem", () => {
  it("needs 8 to 64 characters", () => {
    expect(passwordProblem("Ab1", undefined)).toBe("length");
    expect(passwordProblem("Abcdefg1", undefined)).toBeNull();
    expect(passwordProblem(`A1${"x".repeat(62)}`, undefined)).toBeNull();
    expect(passwordProblem(`A1${"x".repeat(63)}`, undefined)).toBe("length");
  });
  it("needs a letter and a digit", () => {
    expect(passwordProblem("abcdefgh", undefined)).toBe("mix");
    expect(passwordProblem("12345678", undefined)).toBe("mix");
  });
  it("must differ from the old password", () => {
    expect(passwordProblem("Staff@12345", "Staff@12345")).toBe("same");
    expect(passwordProblem("Staff@123456", "Staff@12345")).toBeNull();
  });
});
