import { describe, expect, it } from "vitest";

import { adminQueryRetry, isRoleRefusal } from "./AdminForbidden";

describe("the admin's refusals (issue 22)", () => {
  it("knows the role's refusal (403, code 4003) and nothing else", () => {
    expect(isRoleRefusal({ statusCode: 403, code: 4003 })).toBe(true);
    expect(isRoleRefusal({ status: 403, code: 4003 })).toBe(true);
    expect(isRoleRefusal({ statusCode: 403, code: 4010 })).toBe(false); // consent, the first-login flow asks
    expect(isRoleRefusal({ statusCode: 429, code: 403 })).toBe(false); // too frequent
    expect(isRoleRefusal(null)).toBe(false);
  });

  it("never retries a 4xx answer, retries a missing answer or a 5xx up to three times", () => {
    expect(adminQueryRetry(0, { statusCode: 403, code: 4003 })).toBe(false);
    expect(adminQueryRetry(0, { statusCode: 404, code: 404 })).toBe(false);
    expect(adminQueryRetry(0, { statusCode: 0, code: "network" })).toBe(true);
    expect(adminQueryRetry(2, { statusCode: 500, code: 500 })).toBe(true);
    expect(adminQueryRetry(3, { statusCode: 500, code: 500 })).toBe(false);
  });
});
