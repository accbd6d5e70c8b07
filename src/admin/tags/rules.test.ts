import { describe, expect, it } from "vitest";

import { EN_NAME } from "./rules";

describe("the English tag name rule (spec 5)", () => {
  it("takes letters, or letters with digits or symbols", () => {
    for (const ok of ["Office", "ISO13485", "Q&A", "Post-market 2", " HR "]) expect([ok, EN_NAME.test(ok)]).toEqual([ok, true]);
  });
  it("refuses names without a letter and names outside ASCII", () => {
    for (const bad of ["", "   ", "12345", "--", "中文", "Café", "Ｈｒ"]) expect([bad, EN_NAME.test(bad)]).toEqual([bad, false]);
  });
});
