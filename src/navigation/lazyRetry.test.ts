// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";

import { RETRY_WINDOW_MS, retryingImport, takeReturnPath, type LazyRetryDeps } from "./lazyRetry";

let now = 1_000_000;
let path = "/main/missionCenterIndex";
const reload = vi.fn();
const deps = (): LazyRetryDeps => ({ storage: sessionStorage, reload, currentPath: () => path, now: () => now });

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  now = 1_000_000;
  path = "/main/missionCenterIndex";
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
