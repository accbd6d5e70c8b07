import { describe, expect, it } from "vitest";

import { generateFilter } from "./filtering";

describe("generateFilter", () => {
  it("returns an empty body when filters are not provided", () => {
    expect(generateFilter()).toEqual({});
    expect(generateFilter([])).toEqual({});
  });

  it("puts eq and contains filters in the body under their field", () => {
    expect(
      generateFilter([
        { field: "roleName", operator: "contains", value: "adm" },
        { field: "status", operator: "eq", value: 0 },
      ]),
    ).toEqual({ roleName: "adm", status: 0 });
  });

  it("trims text and leaves out blank values (a cleared search box)", () => {
    expect(
      generateFilter([
        { field: "roleName", operator: "contains", value: "  ed  " },
        { field: "remark", operator: "contains", value: "   " },
        { field: "status", operator: "eq", value: undefined },
        { field: "bu", operator: "eq", value: null },
      ]),
    ).toEqual({ roleName: "ed" });
  });

  it("keeps falsy values that are real filters (status 0)", () => {
    expect(generateFilter([{ field: "status", operator: "eq", value: 0 }])).toEqual({ status: 0 });
  });

  it("refuses operators a page body cannot express", () => {
    expect(() => generateFilter([{ field: "id", operator: "gt", value: 3 }])).toThrow(/"gt"/);
    expect(() =>
      generateFilter([{ operator: "or", value: [{ field: "a", operator: "eq", value: 1 }] }]),
    ).toThrow(/"or"/);
  });
});
