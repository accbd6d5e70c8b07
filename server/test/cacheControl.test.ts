// Issue 20: API answers carry `Cache-Control: no-store` - personal data (a profile, an admin page),
// refusals and the public ones alike - so no browser cache or proxy keeps a copy. An answer that sets
// its own (a picture's private max-age) keeps it, and the web app's files keep theirs.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { SAMPLES, upload } from "./uploadFixtures.ts";

let t: TestApp;
let webDir: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "cache-test-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><html><body><div id=\"root\"></div></body></html>");
  writeFileSync(path.join(webDir, "assets", "index-Bx3k9aQ1.js"), "console.log(1)");
  t = await buildTestApp({ webDir });
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("Cache-Control of the API's answers", () => {
  it.each([
    ["a signed-in person's profile", () => t.call("GET", "/sysUserEx/getUserInfo", { sid: staff }), 200],
    ["an administrator's page of users", () => t.call("POST", "/sysUserRole/page", { sid: admin, body: {} }), 200],
    ["a record by id", () => t.call("GET", "/sysRole/getById", { sid: admin, query: { id: 1 } }), 200],
    ["a write's answer", () => t.call("POST", "/api/user/update", { sid: staff, body: { phone: "13800138000" } }), 200],
    ["no session", () => t.call("GET", "/sysUserEx/getUserInfo"), 401],
    ["no permission", () => t.call("POST", "/sysUserRole/page", { sid: staff, body: {} }), 403],
    ["invalid input", () => t.call("POST", "/sysUserRole/page", { sid: admin, body: { pageSize: 1000 } }), 400],
    ["an unknown API address", () => t.call("GET", "/no/such/operation", { sid: staff }), 404],
    ["the public key (public)", () => t.call("GET", "/sysUserEx/getPublicKey"), 200],
    ["the health probe", () => t.app.inject({ method: "GET", url: "/healthz" }), 200],
  ] as const)("%s: no-store", async (_what, send, status) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("an answer that sets its own keeps it; the web app's files keep theirs", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-Bx3k9aQ1.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await t.app.inject({ method: "GET", url: "/main/workingSpace", headers: { accept: "text/html" } });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const uploaded = await upload(t, "/file/upload", staff, { filename: "me.png", type: "image/png", data: SAMPLES.png() });
    const picture = await t.app.inject({ method: "GET", url: `/portal-api${uploaded.json().data.fileUrl}`, headers: { sid: staff } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["cache-control"]).toBe("private, max-age=3600");
  });
});
