// Issue 22: the API reference page (server/src/apiReference/). Off by default: the page and the
// contract answer 404, to a browser too. API_REFERENCE=admin: the page is served but the contract
// only with a session whose role is an administrator role, checked on every request (a role that
// stops being one refuses its open sessions at once). API_REFERENCE=open: the contract to anyone.
// The contract sent is the bundled document the routes are built from, and the page runs under a
// policy without inline script, eval or any other origin.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_CSP } from "../src/apiReference/routes.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { loadContract, operations } from "../src/contract.ts";
import { WEB_CSP } from "../src/plugins/web.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp; // API_REFERENCE=admin
let off: FastifyInstance; // the default (no API_REFERENCE)
let open: FastifyInstance; // API_REFERENCE=open
let webDir: string;
let admin: string;
let staff: string;

/** A second app on the test's database, with the environment a deployment would give it. */
const appWith = async (env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}) =>
  buildApp({ config: { ...loadConfig({ NODE_ENV: "test", ...env }), captchaEnabled: false, webDir, ...overrides }, databaseUrl: t.databaseUrl });

beforeAll(async () => {
  // A built web app, so an unknown address a browser asks for would get index.html (200).
  webDir = mkdtempSync(path.join(tmpdir(), "api-reference-test-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><html><body><div id=root></div></body></html>");
  t = await buildTestApp({ ...loadConfig({ NODE_ENV: "test", API_REFERENCE: "admin" }), captchaEnabled: false, webDir });
  off = await appWith({});
  open = await appWith({ API_REFERENCE: "open" });
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
}, 120_000);
afterAll(async () => {
  await off?.close();
  await open?.close();
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const browse = (app: FastifyInstance, url: string) => app.inject({ method: "GET", url, headers: { accept: "text/html,application/xhtml+xml" } });
const contractOf = (app: FastifyInstance, sid?: string) =>
  app.inject({ method: "GET", url: "/api-reference/openapi.json", headers: { accept: "application/json", ...(sid ? { sid } : {}) } });

describe("API_REFERENCE", () => {
  it("is off unless set; admin and open as written; anything else stops the start", () => {
    expect(loadConfig({}).apiReference).toBe("off");
    expect(loadConfig({ API_REFERENCE: "off" }).apiReference).toBe("off");
    expect(loadConfig({ API_REFERENCE: "admin" }).apiReference).toBe("admin");
    expect(loadConfig({ API_REFERENCE: "Open" }).apiReference).toBe("open");
    expect(() => loadConfig({ API_REFERENCE: "true" })).toThrow(/API_REFERENCE must be off, admin or open/);
  });
});

describe("off (the default)", () => {
  it.each(["/api-reference", "/api-reference/openapi.json", "/api-reference/swagger-ui-bundle.js", "/api-reference/start.js"])(
    "%s answers 404, to a browser too, with no part of the contract",
    async (url) => {
      for (const res of [await browse(off, url), await off.inject({ method: "GET", url })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, data: null });
        expect(res.body).not.toContain("operationId");
      }
    },
  );
  it("refuses the contract to an administrator's session as well", async () => {
    const res = await contractOf(off, admin);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("operationId");
  });
});

describe("open", () => {
  it("sends the bundled contract the routes are built from, to anyone", async () => {
    const res = await contractOf(open);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const sent = res.json();
    expect(sent).toEqual(await loadContract());
    const ids = operations(sent).map((o) => o.operationId);
    expect(ids).toEqual(expect.arrayContaining(["baseLogin", "getAdminHomeStats"]));
  });
  it("serves the page with its own strict policy, and the renderer's files from this origin", async () => {
    const res = await browse(open, "/api-reference");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toBe(REFERENCE_CSP);
    expect(REFERENCE_CSP).not.toMatch(/unsafe-|https?:|\*/);
    // Every script and stylesheet of the page is one of ours, by path; no inline script.
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.sort()).toEqual(["/api-reference/start.js", "/api-reference/swagger-ui-bundle.js", "/api-reference/swagger-ui.css"]);
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const file of sources) {
      const asset = await open.inject({ method: "GET", url: file, headers: { "accept-encoding": "gzip" } });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers["content-encoding"], file).toBe("gzip");
      expect(gunzipSync(asset.rawPayload).length, file).toBeGreaterThan(500);
    }
    const bundle = await open.inject({ method: "GET", url: "/api-reference/swagger-ui-bundle.js", headers: { "accept-encoding": "br" } });
    expect(bundle.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(bundle.rawPayload).toString()).toContain("SwaggerUIBundle");
  });
  it("leaves the web app's own pages their policy", async () => {
    const res = await browse(open, "/main/workingSpace");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(WEB_CSP);
  });
});

describe("admin", () => {
  it("serves the page, which holds no part of the contract", async () => {
    const res = await browse(t.app, "/api-reference");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(REFERENCE_CSP);
    expect(res.body).not.toContain("operationId");
    expect(res.body).not.toContain("/sysUserEx/");
  });
  it("refuses the contract without a session (401) and to a staff session (403)", async () => {
    const anonymous = await contractOf(t.app);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 4004, data: null });
    const forged = await contractOf(t.app, "0".repeat(64));
    expect(forged.statusCode).toBe(401);
    const notAdmin = await contractOf(t.app, staff);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: 4003, data: null });
    for (const res of [anonymous, forged, notAdmin]) expect(res.body).not.toContain("operationId");
  });
  it("sends the contract to an administrator's session", async () => {
    const res = await contractOf(t.app, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual(await loadContract());
  });
  it("refuses an open session at once when its role stops being an administrator role, and after logout", async () => {
    const sid = await t.login("admin", "Admin@12345");
    expect((await contractOf(t.app, sid)).statusCode).toBe(200);
    await t.sql.query("UPDATE sys_role SET is_admin = false WHERE role_code = 'admin'");
    try {
      expect((await contractOf(t.app, sid)).statusCode).toBe(403);
    } finally {
      await t.sql.query("UPDATE sys_role SET is_admin = true WHERE role_code = 'admin'");
    }
    expect((await contractOf(t.app, sid)).statusCode).toBe(200);
    await t.call("GET", "/sysUserEx/logout", { sid });
    expect((await contractOf(t.app, sid)).statusCode).toBe(401);
  });
});
