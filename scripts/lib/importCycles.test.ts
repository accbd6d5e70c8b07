// @vitest-environment node
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./importCycles";

// Vitest runs from the repository root.
const serverSrc = path.resolve("server/src");

describe("import cycles", () => {
  it("finds a cycle of modules that import each other, and none in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"]]);
    expect(importCycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("the server has none (issue 22 item 4 broke its three)", () => {
    const graph = importGraph(serverSrc);
    expect(graph.size).toBeGreaterThan(50);
    expect(importCycles(graph)).toEqual([]);
  });
});
