// Spec 9: each report frame shows the loading indicator for exactly its first 600 ms.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { FRAME_LOADING_MS } from "./carousel";
import { ReportSlide } from "./ReportSlide";

const REPORT = { id: 1, dataName: "Sales", dataUrl: "/demo-reports/sales.html", userId: 7, pcOrH5Status: 2 as const };

beforeEach(async () => {
  await setLanguage("en");
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it("shows the loading indicator over the frame for 600 ms", () => {
  render(<ReportSlide report={REPORT} editing={false} />);
  expect(screen.getByTitle("Sales").tagName).toBe("IFRAME");
  expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  act(() => void vi.advanceTimersByTime(FRAME_LOADING_MS - 1));
  expect(screen.queryByRole("status", { name: "Loading" })).not.toBeNull();
  act(() => void vi.advanceTimersByTime(1));
  expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
});
