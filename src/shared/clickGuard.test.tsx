import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_GUARD_MS, guardDuration, leadingDebounce, useClickGuard } from "./clickGuard";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("guardDuration (spec 9)", () => {
  it("is 3000 ms without a value and the value otherwise", () => {
    expect(guardDuration()).toBe(DEFAULT_GUARD_MS);
    expect(DEFAULT_GUARD_MS).toBe(3000);
    expect(guardDuration(1000)).toBe(1000);
    expect(guardDuration(Number.NaN)).toBe(3000);
  });
});

describe("leadingDebounce (accept and need, 1000 ms)", () => {
  it("runs the first call and drops the ones within 1000 ms of the previous", () => {
    let clock = 0;
    const fn = vi.fn();
    const debounced = leadingDebounce(fn, 1000, () => clock);
    debounced();
    clock = 400;
    debounced();
    clock = 1300; // 900 ms after the previous call: still dropped
    debounced();
    expect(fn).toHaveBeenCalledTimes(1);
    clock = 2300; // 1000 ms of quiet
    debounced();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

function Guarded({ ms, onClick }: { ms?: number; onClick: () => void }) {
  const [blocked, guard] = useClickGuard(ms);
  return (
    <button type="button" disabled={blocked} onClick={guard(onClick)}>
      go
    </button>
  );
}

describe("useClickGuard (dialog buttons)", () => {
  it("blocks the button for 1 s after a click", () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<Guarded ms={1000} onClick={onClick} />);
    const button = screen.getByRole("button", { name: "go" });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toHaveProperty("disabled", true);
    act(() => vi.advanceTimersByTime(999));
    expect(button).toHaveProperty("disabled", true);
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveProperty("disabled", false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("blocks for 3 s when no duration is given", () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<Guarded onClick={onClick} />);
    const button = screen.getByRole("button", { name: "go" });
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(2999));
    expect(button).toHaveProperty("disabled", true);
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveProperty("disabled", false);
  });
});
