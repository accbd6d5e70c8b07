// Issue 8, security checks (web side): the headers of the web app's answers. Every HTML page of
// the app (index.html for any client route, a static page such as a demo report) carries the
// Content-Security-Policy of plugins/web.ts - scripts only from the app's own origin, never inline
// or eval - plus X-Frame-Options and Permissions-Policy; every other answer (API JSON, errors,
// assets) carries a policy that lets nothing load or frame it. And a rate limit answers HTTP 429
// with code 403 and the spec's message in both languages.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CSP, WEB_CSP } from "../src/plugins/web.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "web-test-"));
  mkdirSync(path.join(webDir, "assets"));
  mkdirSync(path.join(webDir, "demo-reports"));
  writeFileSync(path.join(webDir, "index.html"), '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDir, "assets", "index.js"), "console.log(1)");
  writeFileSync(path.join(webDir, "demo-reports", "sales.html"), "<!doctype html><html><head><style>h1{color:red}</style></head><body><h1>Sales</h1></body></html>");
  t = await buildTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: "GET", url, headers: { accept: "text/html,application/xhtml+xml" } });

/** The directives of a policy, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, "a Content-Security-Policy header").toBeTypeOf("string");
  return new Map(
    policy!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

describe("HTML pages of the web app", () => {
  it.each(["/", "/main/workingSpace", "/baseLogin", "/main/helpDetail?id=1", "/demo-reports/sales.html"])("%s carries the web CSP", async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toBe(WEB_CSP);
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["permissions-policy"]).toMatch(/camera=\(\)/);
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a revalidated page (304) keeps the policy the browser stored with it: the 304 never carries the API's", async () => {
    const first = await page("/main/workingSpace");
    const validators = { "if-none-match": String(first.headers.etag), "if-modified-since": String(first.headers["last-modified"]) };
    const again = await t.app.inject({ method: "GET", url: "/main/workingSpace", headers: { accept: "text/html", ...validators } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["content-security-policy"]).not.toBe(API_CSP);
  });

  it("lets scripts come only from the app itself: no inline script, no eval, no plugin, no foreign base or form target", () => {
    const csp = directives(WEB_CSP);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    for (const [name, values] of csp) {
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain("*");
      if (name !== "style-src") expect(values, name).not.toContain("'unsafe-inline'");
    }
  });
});

describe("every other answer", () => {
  it("API JSON, an API error, an unknown API path and a script asset carry the strict policy", async () => {
    const ok = await t.call("GET", "/sysUserEx/getPublicKey");
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-security-policy"]).toBe(API_CSP);
    const refused = await t.call("GET", "/sysUserEx/getUserInfo");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["content-security-policy"]).toBe(API_CSP);
    const unknown = await t.call("GET", "/no/such/thing", { headers: { accept: "text/html" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/json/);
    expect(unknown.headers["content-security-policy"]).toBe(API_CSP);
    const asset = await t.app.inject({ method: "GET", url: "/assets/index.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-security-policy"]).toBe(API_CSP);
    const csp = directives(API_CSP);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("rate limits", () => {
  it("answer HTTP 429, code 403, with the spec's message in both languages (and the strict policy)", async () => {
    // checkLoginStatus allows 30 calls a minute from one address; the 31st is refused. The window
    // may turn over between two calls, so allow up to two windows' worth.
    let refused;
    for (let i = 0; i < 62 && !refused; i++) {
      const res = await t.call("GET", "/api/user/checkLoginStatus", { query: { username: "nobody" } });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused, "a 429 within two windows").toBeDefined();
    expect(refused!.json()).toEqual({
      code: 403,
      data: null,
      resultMessage: "操作过于频繁，请稍后再试",
      resultEnMessage: "The operation is too frequent. Please try again later",
    });
    expect(refused!.headers["content-security-policy"]).toBe(API_CSP);
  });
});
