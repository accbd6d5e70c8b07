import { describe, expect, it } from "vitest";

import { generatePaging } from "./paging";

describe("generatePaging", () => {
  it("sends page 1 of 10 when refine gives no pagination", () => {
    expect(generatePaging()).toEqual({ page: 1, pageSize: 10 });
  });

  it("maps currentPage and pageSize to page and pageSize", () => {
    expect(generatePaging({ currentPage: 3, pageSize: 50 })).toEqual({ page: 3, pageSize: 50 });
  });

  it("treats a missing mode as server paging", () => {
    expect(generatePaging({ currentPage: 2 })).toEqual({ page: 2, pageSize: 10 });
  });

  it("sends no page fields when paging is off or done by the client", () => {
    expect(generatePaging({ mode: "off", currentPage: 2, pageSize: 20 })).toBeUndefined();
    expect(generatePaging({ mode: "client", currentPage: 2, pageSize: 20 })).toBeUndefined();
  });
});
