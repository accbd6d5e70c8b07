// The tour's driver.js options: no moving highlight when the system asks for reduced motion, and
// Done on the last step is a completed tour (anything else closing it is abandoned).
import { afterEach, describe, expect, it, vi } from "vitest";

type Options = { animate: boolean; onNextClick: (e: unknown, s: unknown, o: { driver: { isLastStep(): boolean; destroy(): void; moveNext(): void } }) => void; onDestroyed: () => void };
const seen: Options[] = [];
vi.mock("driver.js", () => ({
  driver: (options: Options) => {
    seen.push(options);
    return { drive: () => undefined };
  },
}));
vi.mock("driver.js/dist/driver.css", () => ({}));

const { startTour } = await import("./tour");
const t = ((key: string) => key) as never;

function withReducedMotion(reduce: boolean) {
  window.matchMedia = ((q: string) => ({ matches: reduce && q === "(prefers-reduced-motion: reduce)" })) as unknown as typeof window.matchMedia;
}

describe("startTour", () => {
  const original = window.matchMedia;
  const originalRect = HTMLElement.prototype.getBoundingClientRect;
  afterEach(() => {
    window.matchMedia = original;
    HTMLElement.prototype.getBoundingClientRect = originalRect;
    seen.length = 0;
    document.body.innerHTML = "";
  });

  it("animates unless the system asks for reduced motion; Done on the last step completes it", async () => {
    document.body.innerHTML = '<div data-tour="search" style="width:10px;height:10px"></div>';
    HTMLElement.prototype.getBoundingClientRect = () => ({ width: 10, height: 10 }) as DOMRect;
    const completed = vi.fn();
    const abandoned = vi.fn();
    withReducedMotion(false);
    await startTour(t, { onCompleted: completed, onAbandoned: abandoned });
    withReducedMotion(true);
    await startTour(t, { onCompleted: completed, onAbandoned: abandoned });
    expect(seen.map((o) => o.animate)).toEqual([true, false]);

    const destroy = vi.fn(() => seen[1].onDestroyed());
    seen[1].onNextClick(null, null, { driver: { isLastStep: () => true, destroy, moveNext: vi.fn() } });
    expect(destroy).toHaveBeenCalled();
    expect([completed.mock.calls.length, abandoned.mock.calls.length]).toEqual([1, 0]);
    seen[0].onDestroyed(); // closed before the end
    expect(abandoned).toHaveBeenCalledTimes(1);
  });
});
