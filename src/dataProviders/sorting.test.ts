import { describe, expect, it } from "vitest";

import { generateSort } from "./sorting";

describe("generateSort", () => {
  it("returns undefined when sorters are not provided", () => {
    expect(generateSort()).toBeUndefined();
  });

  it("returns undefined when sorters are empty", () => {
    expect(generateSort([])).toBeUndefined();
  });

  it("maps one sorter to sortField and sortOrder", () => {
    expect(generateSort([{ field: "createTime", order: "desc" }])).toEqual({
      sortField: "createTime",
      sortOrder: "desc",
    });
  });

  it("keeps only the first sorter, the page operations sort by one field", () => {
    expect(
      generateSort([
        { field: "roleName", order: "asc" },
        { field: "id", order: "desc" },
      ]),
    ).toEqual({ sortField: "roleName", sortOrder: "asc" });
  });
});
