// A database outage (HTTP 503, code 503; issue 20): the server's message in the reader's language,
// told once for a burst of failing calls (silent widget calls included), never a sign-out.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, SILENT, unwrap } from "../client";
import { envelope, json, testClient } from "../test-support";
import { OUTAGE_MESSAGE_MS } from "./errorCatalogue";

const outage = () => json(503, envelope(503, "数据库不可用", "The database is not reachable"), { "retry-after": "5" });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the database is not reachable (503)", () => {
  it("shows the server's message in the reader's language and keeps the person signed in", async () => {
    for (const [language, text] of [
      ["en", "The database is not reachable"],
      ["cn", "数据库不可用"],
    ] as const) {
      const t = testClient(outage, { language });
      const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
      expect(error).toMatchObject({ code: 503, status: 503, message: text });
      expect(t.notified).toEqual([text]);
      expect(t.expired).toBe(0);
    }
  });

  it("tells a page's burst of failing calls once, silent widget calls included, and again for a later action", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = testClient(outage);
    // A page opening: its widgets (silent) and its own reads fail together.
    await Promise.all([
      rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo", { headers: SILENT }))),
      rejection(unwrap(t.client.GET("/sysUserEx/getUserTitle", { headers: SILENT }))),
      rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo"))),
      rejection(unwrap(t.client.GET("/sysUserEx/getUserTitle"))),
    ]);
    expect(t.notified).toEqual(["The database is not reachable"]);
    vi.advanceTimersByTime(OUTAGE_MESSAGE_MS - 1);
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toHaveLength(1);
    // The message has gone; the person tries again: they are told again.
    vi.advanceTimersByTime(1);
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["The database is not reachable", "The database is not reachable"]);
    expect(t.expired).toBe(0);
  });

  it("does not swallow other failures that arrive during an outage", async () => {
    let answer = outage;
    const t = testClient(() => answer());
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    answer = () => json(400, envelope(400, "参数错误", "Invalid input"));
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["The database is not reachable", "Invalid input"]);
  });
});
