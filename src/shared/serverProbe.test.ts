// @vitest-environment jsdom
// Issue 18: how the app tells "the server is down" from "the chunk is missing" (serverProbe.ts).
import { afterEach, describe, expect, it, vi } from "vitest";

import { FIRST_WAIT_MS, MAX_WAIT_MS, serverAnswers, untilServerAnswers } from "./serverProbe";

afterEach(() => {
  vi.useRealTimers();
});

describe("serverAnswers", () => {
  it("asks for the app's own index.html with HEAD past every cache; a success is an answer", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await serverAnswers(fetch)).toBe(true);
    expect(fetch).toHaveBeenCalledWith("/index.html", expect.objectContaining({ method: "HEAD", cache: "no-store" }));
  });

  it("no answer, an error status or no answer in time count as down", async () => {
    expect(await serverAnswers(async () => Promise.reject(new TypeError("Failed to fetch")))).toBe(false);
    expect(await serverAnswers(async () => new Response(null, { status: 502 }))).toBe(false);
    const hanging = (_: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    expect(await serverAnswers(hanging, 20)).toBe(false);
  });
});

describe("untilServerAnswers", () => {
  it("probes less and less often until the server answers, one wait shared by all", async () => {
    vi.useFakeTimers();
    let up = false;
    const probe = vi.fn(async () => up);
    const first = untilServerAnswers(probe);
    const second = untilServerAnswers(probe);
    expect(second).toBe(first);
    let done = false;
    void first.then(() => (done = true));

    await vi.advanceTimersByTimeAsync(FIRST_WAIT_MS - 1);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_WAIT_MS * 1.5);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS * 3);
    expect(probe.mock.calls.length).toBeLessThanOrEqual(6); // never more often than every MAX_WAIT_MS once it got there
    expect(done).toBe(false);

    up = true;
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(done).toBe(true);
    const next = untilServerAnswers(probe);
    expect(next).not.toBe(first); // a new outage gets a new wait
    await vi.advanceTimersByTimeAsync(FIRST_WAIT_MS);
    await next;
  });

  it("probes at once when the browser comes back online", async () => {
    vi.useFakeTimers();
    const probe = vi.fn(async () => true);
    const wait = untilServerAnswers(probe);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    await expect(wait).resolves.toBeUndefined();
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
