// Spec 7 headers on every call, observed on the Request the injected fetch receives.
import { afterEach, describe, expect, it, vi } from "vitest";
import { envelope, json, testClient } from "../test-support";
import { createNonce } from "./authHeaders";

const ok = () => json(200, envelope(0, "", "", null));
const NONCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}$/;

afterEach(() => {
  vi.useRealTimers();
});

describe("auth headers", () => {
  it("sends the sid as the sid header and as Authorization", async () => {
    const t = testClient(ok, { sid: "abc123" });
    await t.client.GET("/sysUserEx/getUserInfo");
    expect(t.requests[0].headers.get("sid")).toBe("abc123");
    expect(t.requests[0].headers.get("Authorization")).toBe("abc123");
  });

  it("a stored token overrides Authorization; the sid header stays the sid", async () => {
    const t = testClient(ok, { sid: "abc123", token: "tok-999" });
    await t.client.GET("/sysUserEx/getUserInfo");
    expect(t.requests[0].headers.get("Authorization")).toBe("tok-999");
    expect(t.requests[0].headers.get("sid")).toBe("abc123");
  });

  it("reads the sid at call time, so a new sid (login, role change) is used at once", async () => {
    let sid = "first";
    const t = testClient(ok, { getSid: () => sid });
    await t.client.GET("/sysUserEx/getUserInfo");
    sid = "second";
    await t.client.GET("/sysUserEx/getUserInfo");
    expect(t.requests.map((r) => r.headers.get("sid"))).toEqual(["first", "second"]);
  });

  it("sends no sid or Authorization when signed out", async () => {
    const t = testClient(ok, { sid: null });
    await t.client.GET("/sysUserEx/getPublicKey");
    expect(t.requests[0].headers.has("sid")).toBe(false);
    expect(t.requests[0].headers.has("Authorization")).toBe(false);
  });

  it("sends the timestamp in whole seconds", async () => {
    vi.useFakeTimers({ now: new Date("2025-01-02T03:04:05.678Z"), toFake: ["Date"] });
    const t = testClient(ok);
    await t.client.GET("/sysUserEx/getUserInfo");
    expect(t.requests[0].headers.get("timestamp")).toBe("1735787045");
  });

  it("sends a fresh 32-character dashed hex nonce (8-4-4-4-8) on every call", async () => {
    const t = testClient(ok);
    await t.client.GET("/sysUserEx/getUserInfo");
    await t.client.GET("/sysUserEx/getUserInfo");
    const [first, second] = t.requests.map((r) => r.headers.get("nonce") ?? "");
    expect(first).toHaveLength(32);
    expect(first).toMatch(NONCE);
    expect(second).toMatch(NONCE);
    expect(second).not.toBe(first);
  });

  it("createNonce draws from crypto.getRandomValues: no repeats over many draws", () => {
    const draws = new Set(Array.from({ length: 1000 }, createNonce));
    expect(draws.size).toBe(1000);
    for (const nonce of draws) expect(nonce).toMatch(NONCE);
  });
});
