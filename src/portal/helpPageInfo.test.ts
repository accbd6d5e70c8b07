import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  INITIAL_HELP_PAGE_INFO,
  createHelpPageInfoStore,
  resetHelpPageInfo,
  setHelpPageInfo,
  useHelpPageInfo,
} from "./helpPageInfo";

afterEach(() => resetHelpPageInfo());

describe("help page info (spec 3 helpSubPageInfo)", () => {
  it("starts at the help centre's first page", () => {
    expect(createHelpPageInfoStore().get()).toEqual({ isSubPage: false, subTitle: "", currentPage: 1, queryDetailId: null });
  });

  it("changes some fields and resets to the initial values", () => {
    const store = createHelpPageInfoStore();
    store.set({ isSubPage: true, subTitle: "Policies", currentPage: 3 });
    store.set({ queryDetailId: "17" });
    expect(store.get()).toEqual({ isSubPage: true, subTitle: "Policies", currentPage: 3, queryDetailId: "17" });
    store.reset();
    expect(store.get()).toEqual(INITIAL_HELP_PAGE_INFO);
  });

  it("tells listeners only of real changes", () => {
    const store = createHelpPageInfoStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.reset(); // already initial
    store.set({ currentPage: 1 });
    expect(listener).not.toHaveBeenCalled();
    store.set({ currentPage: 2 });
    store.reset();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set({ currentPage: 5 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("the hook follows the shared store, reset included", () => {
    const { result } = renderHook(() => useHelpPageInfo());
    expect(result.current).toEqual(INITIAL_HELP_PAGE_INFO);
    act(() => setHelpPageInfo({ isSubPage: true, subTitle: "Details", queryDetailId: "9" }));
    expect(result.current).toMatchObject({ isSubPage: true, subTitle: "Details", queryDetailId: "9" });
    act(() => resetHelpPageInfo());
    expect(result.current).toEqual(INITIAL_HELP_PAGE_INFO);
  });
});
