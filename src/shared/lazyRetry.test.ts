// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";

import { RETRY_WINDOW_MS, retryFailedLinks, retryingImport, takeReturnPath, type LazyRetryDeps } from "./lazyRetry";

let now = 1_000_000;
let path = "/main/missionCenterIndex";
const reload = vi.fn();
const notifyNetworkFailure = vi.fn();
const beforeRetry = vi.fn(async () => undefined);
/** Whether the server answers the probe; `back()` ends the wait of untilServerAnswers. */
let serverUp = true;
let back: () => void = () => undefined;
const untilServerAnswers = vi.fn(
  () =>
    new Promise<void>((resolve) => {
      back = () => {
        serverUp = true;
        resolve();
      };
    }),
);
const deps = (): LazyRetryDeps => ({
  storage: sessionStorage,
  reload,
  currentPath: () => path,
  now: () => now,
  serverAnswers: async () => serverUp,
  untilServerAnswers,
  notifyNetworkFailure,
  beforeRetry,
});

beforeEach(() => {
  sessionStorage.clear();
  for (const fn of [reload, notifyNetworkFailure, beforeRetry, untilServerAnswers]) fn.mockClear();
  now = 1_000_000;
  path = "/main/missionCenterIndex";
  serverUp = true;
});

const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
const settledWithin = async (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => "resolved", () => "rejected"), new Promise((r) => setTimeout(() => r("pending"), 20))]);

describe("lazy page load retry (spec 2.4, 8)", () => {
  it("a module that loads is returned and nothing is saved", async () => {
    const load = retryingImport(async () => ({ default: "page" }), deps);
    expect(await load()).toEqual({ default: "page" });
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it("the first failure saves the target path and reloads once; the import never settles", async () => {
    const load = retryingImport(failing, deps);
    expect(await settledWithin(load())).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem("lazyRetry")!)).toMatchObject({ path: "/main/missionCenterIndex" });
  });

  it("after the reload the saved path is returned once", async () => {
    await settledWithin(retryingImport(failing, deps)());
    now += 500;
    expect(takeReturnPath(sessionStorage, now)).toBe("/main/missionCenterIndex");
    expect(takeReturnPath(sessionStorage, now)).toBeNull();
  });

  it("a second failure soon after the reload throws instead of reloading again", async () => {
    await settledWithin(retryingImport(failing, deps)());
    now += 1000;
    takeReturnPath(sessionStorage, now);
    await expect(retryingImport(failing, deps)()).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a failure long after an earlier retry gets its own reload; stale records are dropped", async () => {
    await settledWithin(retryingImport(failing, deps)());
    now += RETRY_WINDOW_MS + 1;
    expect(takeReturnPath(sessionStorage, now)).toBeNull();
    expect(sessionStorage.getItem("lazyRetry")).toBeNull();
    path = "/main/helpCenter";
    expect(await settledWithin(retryingImport(failing, deps)())).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem("lazyRetry")!)).toMatchObject({ path: "/main/helpCenter" });
  });

  it("a garbled record is treated as none", () => {
    sessionStorage.setItem("lazyRetry", "{not json");
    expect(takeReturnPath(sessionStorage, now)).toBeNull();
  });
});

describe("a chunk that fails while the server is down (issue 18)", () => {
  it("shows the network-failure message, never reloads, and loads the chunk once the server answers", async () => {
    serverUp = false;
    let attempts = 0;
    const load = retryingImport(async () => {
      attempts += 1;
      if (!serverUp) throw new TypeError("Failed to fetch dynamically imported module");
      return { default: "page" };
    }, deps);
    const result = load();
    expect(await settledWithin(result)).toBe("pending");
    expect(notifyNetworkFailure).toHaveBeenCalledTimes(1);
    expect(untilServerAnswers).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("lazyRetry")).toBeNull(); // no reload is planned
    back();
    expect(await result).toEqual({ default: "page" });
    expect(attempts).toBe(2);
    expect(beforeRetry).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a chunk still missing once the server is back takes spec 2.4's reload", async () => {
    serverUp = false;
    const result = retryingImport(failing, deps)();
    await settledWithin(result);
    back();
    expect(await settledWithin(result)).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notifyNetworkFailure).toHaveBeenCalledTimes(1);
  });

  it("with whileServerDown \"fail\" it rejects after the message instead of waiting", async () => {
    serverUp = false;
    await expect(retryingImport(failing, deps, "fail")()).rejects.toThrow(/dynamically imported/);
    expect(notifyNetworkFailure).toHaveBeenCalledTimes(1);
    expect(untilServerAnswers).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("a stylesheet that failed to load is asked for again before the retry (Vite's helper asks once)", async () => {
    const failed = document.createElement("link");
    failed.rel = "stylesheet";
    failed.href = "/assets/Schedule-abc.css";
    const preload = document.createElement("link");
    preload.rel = "modulepreload";
    preload.href = "/assets/dep-abc.js";
    const fine = document.createElement("link");
    fine.rel = "stylesheet";
    fine.href = "/assets/index-abc.css";
    document.head.append(failed, preload, fine);
    failed.dispatchEvent(new Event("error"));
    preload.dispatchEvent(new Event("error"));

    const done = retryFailedLinks();
    expect(failed.isConnected).toBe(false);
    expect(preload.isConnected).toBe(false);
    expect(fine.isConnected).toBe(true);
    const again = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((l) => l.href.endsWith("/assets/Schedule-abc.css"));
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(failed);
    expect(await settledWithin(done)).toBe("pending"); // waits for the stylesheet
    again[0].dispatchEvent(new Event("load"));
    expect(await settledWithin(done)).toBe("resolved");
    again[0].remove();
    fine.remove();
  });
});
