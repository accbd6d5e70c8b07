// Spec 8: only one message toast at a time; the client's error messages go to it by default.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { App } from "antd";
import { bindToast, setMessageImporter, toast } from "./toast";
import { FALLBACK_DURATION_MS } from "./toastFallback";
import { useToastBinding } from "./toastBinding";
import { createPortalClient } from "./client";
import { HOSTS, envelope, json } from "./test-support";

function Bound() {
  useToastBinding();
  return null;
}

const notices = () => Array.from(document.querySelectorAll(".ant-message-notice"));
const noticeTexts = () => notices().map((notice) => notice.textContent);

const fallbacks = () => Array.from(document.querySelectorAll(".portal-toast-fallback"));

afterEach(() => {
  cleanup();
  bindToast(null);
  setMessageImporter(null);
  for (const notice of fallbacks()) notice.remove();
  vi.useRealTimers();
});

describe("toast", () => {
  it("shows one toast at a time: a new one replaces the previous", async () => {
    render(
      <App>
        <Bound />
      </App>,
    );
    act(() => toast("First failure"));
    await waitFor(() => expect(noticeTexts()).toEqual(["First failure"]));
    act(() => toast("Second failure"));
    await waitFor(() => expect(noticeTexts()).toContain("Second failure"));
    expect(noticeTexts()).toEqual(["Second failure"]);
    act(() => toast("Saved", "success"));
    await waitFor(() => expect(noticeTexts()).toEqual(["Saved"]));
  });

  // rc-notification took a replaced notice's elapsed time off the new one's duration when a toast
  // reused one key: the third toast here vanished 100 ms after it opened (the App-bound case fails
  // so with a shared key; under jsdom the static API's later render hid it there). Each toast must
  // stay its full 3 s whatever it replaced, with the admin shell's App-bound API and the static one.
  for (const where of ["App-bound", "static"] as const) {
    it(`shows a toast its full duration however long the one it replaced was shown (${where})`, async () => {
      if (where === "static") await import("antd/es/message"); // loaded before the clock stops
      vi.useFakeTimers();
      if (where === "App-bound") {
        render(
          <App>
            <Bound />
          </App>,
        );
      }
      const step = async (ms: number) => {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(ms);
        });
      };
      // each toast is shown (the static API renders on a later tick), then the clock moves on
      const show = async (text: string, ms: number) => {
        act(() => toast(text));
        await step(ms);
        expect(noticeTexts()).toEqual([text]);
      };
      await show("First failure", 2_900);
      await show("Second failure", 100);
      await show("Third failure", 1_000);
      await step(1_800); // 2.8 s after it opened
      expect(noticeTexts()).toEqual(["Third failure"]);
      await step(5_000); // it still closes by itself
      expect(noticeTexts()).toEqual([]);
    });
  }

  it("is what the client shows its errors with when no notify is given", async () => {
    render(
      <App>
        <Bound />
      </App>,
    );
    const client = createPortalClient({
      fetch: async () => json(404, envelope(404, "未找到", "Not found")),
      getSid: () => "sid",
      getToken: () => null,
      getLanguage: () => "en",
      onSessionExpired: () => undefined,
      hosts: HOSTS,
    });
    await act(async () => {
      await client.GET("/sysUserEx/getUserInfo");
    });
    await waitFor(() => expect(noticeTexts()).toEqual(["Provider path does not exist"]));
  });
});

// Issue 18: antd's message is a chunk of its own; with the server down it cannot load, and the
// network-failure message must still show.
describe("toast when antd's message cannot be loaded", () => {
  const unreachable = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));

  it("shows the message with the entry bundle's own notice, one at a time, for the usual 3 s", async () => {
    setMessageImporter(unreachable);
    vi.useFakeTimers();
    await act(async () => {
      toast("Network connection failed. Please try again later");
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fallbacks().map((n) => [n.getAttribute("role"), n.textContent])).toEqual([["alert", "!Network connection failed. Please try again later"]]);
    await act(async () => {
      toast("Saved", "success");
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fallbacks().map((n) => [n.getAttribute("role"), n.textContent])).toEqual([["status", "✓Saved"]]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_DURATION_MS);
    });
    expect(fallbacks()).toEqual([]);
  });

  it("antd's message is tried again with the next toast, and replaces the plain notice", async () => {
    setMessageImporter(unreachable);
    await act(async () => {
      toast("First failure");
      await Promise.resolve();
    });
    await waitFor(() => expect(fallbacks()).toHaveLength(1));
    setMessageImporter(null);
    act(() => toast("Second failure"));
    await waitFor(() => expect(noticeTexts()).toEqual(["Second failure"]));
    expect(fallbacks()).toEqual([]);
  });
});
