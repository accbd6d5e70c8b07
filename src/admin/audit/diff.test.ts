import { describe, expect, it } from "vitest";
import { changedFields, showValue } from "./diff";

describe("an audit row's changes", () => {
  it("lists the fields whose value differs, deeply compared", () => {
    expect(changedFields({ a: 1, b: [1, 2], c: "x" }, { a: 1, b: [1, 3], c: "y", d: null })).toEqual(["b", "c"]);
  });
  it("lists every field of a create or a delete", () => {
    expect(changedFields(null, { id: 3, name: "n" })).toEqual(["id", "name"]);
    expect(changedFields({ id: 3, name: "n" }, null)).toEqual(["id", "name"]);
    expect(changedFields(null, null)).toEqual([]);
  });
  it("shows empty values as -- and others as text", () => {
    expect([showValue(null), showValue(""), showValue("a"), showValue([1]), showValue(0)]).toEqual(["--", "--", "a", "[1]", "0"]);
  });
});
