import { describe, expect, it } from "vitest";
import { canEnter, canFinishAdding, masksCards, restingMode } from "./modes";

describe("workspace modes (spec 4)", () => {
  it("one mode at a time: a mode starts only from normal or add-card mode", () => {
    expect(canEnter("normal", "edit")).toBe(true);
    expect(canEnter("add", "remove")).toBe(true);
    expect(canEnter("edit", "remove")).toBe(false);
    expect(canEnter("remove", "add")).toBe(false);
    expect(canEnter("revert", "edit")).toBe(false);
    expect(canEnter("edit", "edit")).toBe(false);
  });

  it("fewer than four shown cards switches add-card mode on", () => {
    expect(restingMode(4)).toBe("normal");
    expect(restingMode(3)).toBe("add");
    expect(restingMode(0)).toBe("add");
  });

  it("cards are masked while arranged or picked, not otherwise", () => {
    expect(masksCards("edit")).toBe(true);
    expect(masksCards("remove")).toBe(true);
    expect(masksCards("normal")).toBe(false);
    expect(masksCards("add")).toBe(false);
  });

  it("the add-card dialog finishes with 1 to 5 cards chosen", () => {
    expect(canFinishAdding(0)).toBe(false);
    expect(canFinishAdding(1)).toBe(true);
    expect(canFinishAdding(5)).toBe(true);
    expect(canFinishAdding(6)).toBe(false);
  });
});
