// A kept-alive page (an <Activity> of the tab bar) hidden and shown again: useEffect runs again,
// useChangeEffect does not, until a dependency changes.
import { Activity, useEffect } from "react";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { useChangeEffect } from "./useChangeEffect";

function Page({ runs, value }: { runs: { plain: number; change: string[] }; value: string }) {
  useEffect(() => {
    runs.plain += 1;
  }, [value]);
  useChangeEffect(() => {
    runs.change.push(value);
  }, [value]);
  return <p>{value}</p>;
}

afterEach(cleanup);

describe("useChangeEffect", () => {
  it("runs once per change, not again when the page shows again", () => {
    const runs = { plain: 0, change: [] as string[] };
    const view = (mode: "visible" | "hidden", value: string) => (
      <Activity mode={mode}>
        <Page runs={runs} value={value} />
      </Activity>
    );
    const { rerender } = render(view("visible", "a"));
    rerender(view("hidden", "a"));
    rerender(view("visible", "a"));
    expect(runs.plain).toBe(2); // what made the task centre forget its filter
    expect(runs.change).toEqual(["a"]);
    rerender(view("visible", "b"));
    expect(runs.change).toEqual(["a", "b"]);
  });
});
