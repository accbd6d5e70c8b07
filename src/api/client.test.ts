// The error catalogue of spec 8, one row (or one language of a row) per test, through the public
// client with an injected fetch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { SILENT, unwrap, unwrapEnvelope } from "./client";
import { consentSignal, passwordChangeSignal } from "../shared/consent";
import { envelope, hangingFetch, json, rejection, testClient } from "./test-support";

const USER = { id: 7, userName: "zhangwei", realName: "Zhang Wei", roleCode: "staff", roleCodes: ["staff"], roles: [], isAdmin: false };

afterEach(() => {
  vi.useRealTimers();
});

describe("success", () => {
  it("unwraps data of a code 0 answer and shows nothing", async () => {
    const t = testClient(() => json(200, envelope(0, "成功", "Success", USER)));
    const user = await unwrap(t.client.GET("/sysUserEx/getUserInfo"));
    expect(user.userName).toBe("zhangwei");
    expect(t.notified).toEqual([]);
  });

  it("unwrapEnvelope keeps the fields beside data (respCode, content)", async () => {
    const body = { ...envelope(0, "", "", false), respCode: 0, content: true, message: "" };
    const t = testClient(() => json(200, body));
    const answer = await unwrapEnvelope(t.client.GET("/api/user/checkLoginStatus", { params: { query: { username: "lina" } } }));
    expect(answer.content).toBe(true);
  });
});

describe("error catalogue (spec 8)", () => {
  it("code 4004: calls onSessionExpired, shows no toast, rejects with 4004/401", async () => {
    const t = testClient(() => json(401, envelope(4004, "登录已过期", "Session expired")));
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.expired).toBe(1);
    expect(t.notified).toEqual([]);
    expect(error).toMatchObject({ code: 4004, status: 401 });
  });

  it("code 4004 on a silent call still ends the session", async () => {
    const t = testClient(() => json(401, envelope(4004, "登录已过期", "Session expired")));
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo", { headers: SILENT })));
    expect(t.expired).toBe(1);
  });

  it("code 4010: raises the consent signal, shows no toast, rejects with 4010/403", async () => {
    const t = testClient(() => json(403, envelope(4010, "请先阅读并同意隐私政策", "Please read and accept the privacy policy first")));
    let raised = 0;
    const stop = consentSignal.listen(() => (raised += 1));
    try {
      const error = await rejection(unwrap(t.client.POST("/personalLayout/saveBatch", { body: [] })));
      expect(raised).toBe(1);
      expect(t.notified).toEqual([]);
      expect(error).toMatchObject({ code: 4010, status: 403 });
    } finally {
      stop();
    }
  });

  it("code 4011: raises the password-change signal, shows no toast, rejects with 4011/403 (issue 21)", async () => {
    const t = testClient(() => json(403, envelope(4011, "请先修改管理员为您设置的密码", "Please change the password an administrator gave you first")));
    let raised = 0;
    let consent = 0;
    const stop = passwordChangeSignal.listen(() => (raised += 1));
    const stopConsent = consentSignal.listen(() => (consent += 1));
    try {
      const error = await rejection(unwrap(t.client.POST("/personalLayout/saveBatch", { body: [] })));
      expect(raised).toBe(1);
      expect(consent).toBe(0);
      expect(t.notified).toEqual([]);
      expect(error).toMatchObject({ code: 4011, status: 403 });
    } finally {
      stop();
      stopConsent();
    }
  });

  it("code 500 in English: the prefix plus resultEnMessage", async () => {
    const t = testClient(() => json(500, envelope(500, "数据库不可用", "Database unavailable")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["Internal Server Error：Database unavailable"]);
    expect(error).toMatchObject({ code: 500, status: 500, message: "Internal Server Error：Database unavailable" });
  });

  it("code 500 in Chinese: the prefix plus resultMessage", async () => {
    const t = testClient(() => json(500, envelope(500, "数据库不可用", "Database unavailable")), { language: "cn" });
    await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["Internal Server Error：数据库不可用"]);
  });

  it("code 404 in English: Provider path does not exist", async () => {
    const t = testClient(() => json(404, envelope(404, "未找到", "Not found")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysRole/getById", { params: { query: { id: 9 } } })));
    expect(t.notified).toEqual(["Provider path does not exist"]);
    expect(error).toMatchObject({ code: 404, status: 404 });
  });

  it("code 404 in Chinese: the Chinese equivalent", async () => {
    const t = testClient(() => json(404, envelope(404, "未找到", "Not found")), { language: "cn" });
    await rejection(unwrap(t.client.GET("/sysRole/getById", { params: { query: { id: 9 } } })));
    expect(t.notified).toEqual(["服务路径不存在"]);
  });

  it("code 403 (HTTP 429): the operation is too frequent", async () => {
    const t = testClient(() => json(429, envelope(403, "太频繁", "Too many")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["The operation is too frequent. Please try again later"]);
    expect(error).toMatchObject({ code: 403, status: 429 });
  });

  // Issue 8: a rate limit is not a session problem - the message is shown, nobody is logged out.
  it("HTTP 429 (the server's exact body, or none at all from a proxy) shows the message in both languages and never ends the session", async () => {
    const exact = () => json(429, envelope(403, "操作过于频繁，请稍后再试", "The operation is too frequent. Please try again later"));
    const cn = testClient(exact, { language: "cn" });
    expect(await rejection(unwrap(cn.client.POST("/file/upload", { body: {} as never })))).toMatchObject({ code: 403, status: 429 });
    expect(cn.notified).toEqual(["操作过于频繁，请稍后再试"]);
    expect(cn.expired).toBe(0);
    const bare = testClient(() => new Response("Too Many Requests", { status: 429, headers: { "content-type": "text/plain" } }), { language: "en" });
    expect(await rejection(unwrap(bare.client.GET("/sysUserEx/getUserInfo")))).toMatchObject({ code: 403, status: 429 });
    expect(bare.notified).toEqual(["The operation is too frequent. Please try again later"]);
    expect(bare.expired).toBe(0);
  });

  it("code 4003: the no-permission message, not a raw server text", async () => {
    const t = testClient(() => json(403, envelope(4003, "x", "x")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["You do not have permission for this operation"]);
    expect(error).toMatchObject({ code: 4003, status: 403 });
  });

  it("client timeout after 60 s: a request-timeout message with the spec's text", async () => {
    vi.useFakeTimers();
    const t = testClient(hangingFetch, { language: "en" });
    let settled = false;
    const outcome = unwrap(t.client.GET("/sysUserEx/getUserInfo")).finally(() => {
      settled = true;
    });
    const error = rejection(outcome);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await error).toMatchObject({ code: "timeout", status: 0 });
    expect(t.notified).toHaveLength(1);
    expect(t.notified[0]).toContain("timeout of 60000ms exceeded");
    expect(t.notified[0]).toBe("Request timed out: timeout of 60000ms exceeded");
  });

  it("network failure: Network connection failed", async () => {
    const t = testClient(() => Promise.reject(new TypeError("Failed to fetch")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["Network connection failed. Please try again later"]);
    expect(error).toMatchObject({ code: "network", status: 0 });
  });

  it("other non-zero code in English: resultEnMessage (even with HTTP 200)", async () => {
    const t = testClient(() => json(200, envelope(1001, "角色编码已存在", "Role code already exists")), { language: "en" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["Role code already exists"]);
    expect(error).toMatchObject({ code: 1001, status: 200, message: "Role code already exists" });
  });

  it("other non-zero code in Chinese: resultMessage", async () => {
    const t = testClient(() => json(400, envelope(400, "角色名称必填", "roleName is required")), { language: "cn" });
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["角色名称必填"]);
    expect(error).toMatchObject({ code: 400, status: 400 });
  });
});

describe("around the catalogue", () => {
  it("a silent call shows no toast but still rejects, and the marker header never leaves", async () => {
    const t = testClient(() => json(500, envelope(500, "坏了", "Broken")));
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo", { headers: SILENT })));
    expect(error.message).toBe("Internal Server Error：Broken");
    expect(t.notified).toEqual([]);
    expect([...t.requests[0].headers.keys()]).not.toContain(Object.keys(SILENT)[0]);
  });

  it("an answer without an envelope is mapped from its HTTP status", async () => {
    const t = testClient(() => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    const error = await rejection(unwrap(t.client.GET("/sysUserEx/getUserInfo")));
    expect(t.notified).toEqual(["Request failed (HTTP 502)"]);
    expect(error).toMatchObject({ code: 502, status: 502 });
  });

  it("the caller's own abort is not reported as a failure", async () => {
    const t = testClient(hangingFetch);
    const controller = new AbortController();
    const call = t.client.GET("/sysUserEx/getUserInfo", { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(t.notified).toEqual([]);
  });

  it("a POST body survives the middleware", async () => {
    const t = testClient(() => json(200, envelope(0, "", "", { records: [], total: 0, page: 1, pageSize: 10 })));
    await unwrap(t.client.POST("/sysRole/page", { body: { page: 1, pageSize: 10, roleName: "管理员" } }));
    expect(await t.requests[0].json()).toEqual({ page: 1, pageSize: 10, roleName: "管理员" });
  });
});
