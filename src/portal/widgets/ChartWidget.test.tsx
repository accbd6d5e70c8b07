// My data: one frame at a time (off-screen reports are never loaded), prev/next with "n / total",
// rotation only with more than one report, the 600 ms loading indicator, and quiet failures.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { ChartWidget } from "./ChartWidget";
import { AUTOPLAY_MS, FRAME_LOADING_MS } from "./carousel";
import { answerBy, failed, net, ok, renderWidget, resetNet, SLOW } from "./testing";

const report = (id: number, dataUrl = `/demo-reports/r${id}.html`) => ({ id, dataName: `Report ${id}`, dataUrl, userId: 7, pcOrH5Status: 2 });
const serve = (rows: unknown[]) => (net.answer = answerBy({ "/personalChart/listByUserId": () => ok(rows) }));
const frames = () => document.querySelectorAll("iframe");
const position = () => screen.getByTestId("widget-chart-position").textContent;
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await setLanguage("en");
});
afterEach(() => {
  cleanup();
  resetNet();
  vi.useRealTimers();
});

describe("my data card", SLOW, () => {
  it("loads only the current report's frame, sandboxed, and steps with the buttons", async () => {
    serve([report(1), report(2), report(3)]);
    renderWidget(<ChartWidget editing={false} />);
    const first = await screen.findByTitle("Report 1");
    expect(frames()).toHaveLength(1);
    expect(first.getAttribute("src")).toBe(`${location.origin}/demo-reports/r1.html`);
    expect(first.getAttribute("sandbox")).toBe("allow-scripts");
    expect(first.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(position()).toBe("1 / 3");

    fireEvent.click(screen.getByRole("button", { name: "Next report" }));
    expect(screen.getByTitle("Report 2").getAttribute("src")).toMatch(/r2\.html$/);
    expect(frames()).toHaveLength(1);
    expect(position()).toBe("2 / 3");

    fireEvent.click(screen.getByRole("button", { name: "Previous report" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous report" }));
    expect(screen.getByTitle("Report 3")).toBeTruthy();
    expect(position()).toBe("3 / 3");
  });

  it("shows the loading indicator for 600 ms per frame", async () => {
    serve([report(1), report(2)]);
    renderWidget(<ChartWidget editing={false} />);
    await screen.findByTitle("Report 1");
    fireEvent.click(screen.getByRole("button", { name: "Next report" }));
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    await advance(FRAME_LOADING_MS);
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    expect(screen.getByTitle("Report 2")).toBeTruthy();
  });

  it("turns by itself with more than one report; hovering or the pause button holds it", async () => {
    serve([report(1), report(2)]);
    renderWidget(<ChartWidget editing={false} />);
    await screen.findByTitle("Report 1");
    await advance(AUTOPLAY_MS);
    expect(position()).toBe("2 / 2");
    await advance(AUTOPLAY_MS);
    expect(position()).toBe("1 / 2");
    fireEvent.mouseEnter(screen.getByTitle("Report 1").parentElement!);
    await advance(AUTOPLAY_MS * 2);
    expect(position()).toBe("1 / 2");
    fireEvent.mouseLeave(screen.getByTitle("Report 1").parentElement!);
    fireEvent.click(screen.getByRole("button", { name: "Pause the rotation" }));
    await advance(AUTOPLAY_MS * 2);
    expect(position()).toBe("1 / 2");
    expect(screen.getByRole("button", { name: "Resume the rotation" })).toBeTruthy();
  });

  it("neither turns nor offers steps with one report", async () => {
    serve([report(1)]);
    renderWidget(<ChartWidget editing={false} />);
    await screen.findByTitle("Report 1");
    expect(screen.queryByRole("button", { name: "Next report" })).toBeNull();
    await advance(AUTOPLAY_MS * 2);
    expect(position()).toBe("1 / 1");
  });

  it("keeps the frame off the pointer while editing, and links to the data centre", async () => {
    serve([report(1, "https://bi.example/r/1")]);
    renderWidget(<ChartWidget editing />);
    const frame = await screen.findByTitle("Report 1");
    expect(frame.style.pointerEvents).toBe("none");
    expect(frame.getAttribute("sandbox")).toContain("allow-same-origin");
    expect(screen.getByTestId("widget-more-chart_model").getAttribute("href")).toBe("/main/myDataCenter");
  });

  it("shows at most 10 reports and never a javascript: frame", async () => {
    serve([report(1, "javascript:alert(1)"), ...Array.from({ length: 11 }, (_, i) => report(i + 2))]);
    renderWidget(<ChartWidget editing={false} />);
    expect(await screen.findByText(/cannot be shown here/)).toBeTruthy();
    expect(frames()).toHaveLength(0);
    expect(position()).toBe("1 / 10");
  });

  it("shows the empty state with no reports; after a failure it says so without a toast, and Retry loads", async () => {
    serve([]);
    renderWidget(<ChartWidget editing={false} />);
    expect(await screen.findByText("No reports yet")).toBeTruthy();
    cleanup();
    net.answer = failed;
    renderWidget(<ChartWidget editing={false} />);
    expect((await screen.findByTestId("widget-failed")).textContent).toContain("Could not load.");
    expect(screen.queryByText("No reports yet")).toBeNull();
    expect(net.notified).toEqual([]);
    serve([report(1)]);
    fireEvent.click(screen.getByRole("button", { name: /Retry/ }));
    expect(await screen.findByTitle("Report 1")).toBeTruthy();
  });
});
