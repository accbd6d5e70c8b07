import { describe, expect, it } from "vitest";

import { scrollOf } from "./tableScroll";

describe("scrollOf", () => {
  it("scrolls sideways from the sum of the columns' widths, rows inside a body the window holds", () => {
    const { scroll, tableLayout } = scrollOf([{ width: 120 }, { width: 170 }, {}, { width: "20%" }, { width: 312 }]);
    expect(scroll?.x).toBe(602);
    expect(scroll?.y).toMatch(/100vh/);
    expect(tableLayout).toBe("fixed");
  });
});
