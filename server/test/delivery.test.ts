// Issue 21, delivery: the web app's files go out precompressed (brotli or gzip, as the request's
// Accept-Encoding allows) with `Vary: Accept-Encoding`, hashed assets are kept a year, pages are
// revalidated, each variant has its own ETag (a 304 per variant), HEAD says what GET would send;
// large API answers are compressed as they are sent. The web root is a small one made here and
// precompressed by the build's own step (scripts/lib/precompress.ts), not a real build.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/lib/precompress.ts";
import { negotiateCoding } from "../src/lib/contentCoding.ts";
import { API_COMPRESS_MIN_BYTES } from "../src/plugins/compression.ts";
import { WEB_CSP } from "../src/plugins/web.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let webDir: string;

const ENTRY = "/assets/index-Ab3_x-9Z.js";
const STYLE = "/assets/index-Qq7YtR2w.css";
const SMALL = "/assets/tiny-B9xk2LmN.js"; // under the 1 KiB threshold: no variants
const IMAGE = "/assets/logo-Zz12Yy34.png"; // already compressed: no variants
const year = "public, max-age=31536000, immutable";

/** Text that compresses like code (repetitive, not trivially): a few KiB. */
const code = (n: number) => Array.from({ length: n }, (_, i) => `export function widget${i}(props){return props.items.map((x)=>x.value*${i}+"${i % 7}");}`).join("\n");
const indexHtml = `<!doctype html><html><head><meta charset="UTF-8"><title>Employee Portal</title><script type="module" src="${ENTRY}"></script>${Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk${i}-Ab3_x-9Z.js">`).join("")}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "delivery-test-"));
  for (const dir of ["assets", "app-icons", "demo-reports"]) mkdirSync(path.join(webDir, dir));
  const file = (name: string, body: string | Buffer) => writeFileSync(path.join(webDir, name), body);
  file("index.html", indexHtml);
  file(ENTRY, code(200));
  file(STYLE, Array.from({ length: 80 }, (_, i) => `.card-${i}{margin:${i}px;padding:${i % 9}px;color:#1f1f1f}`).join("\n"));
  file(SMALL, "console.log(1)");
  file(IMAGE, Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(4000, 7)]));
  file("favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  file("app-icons/hr.svg", `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`);
  file("demo-reports/sales.html", `<!doctype html><html><body><table>${"<tr><td>Sales</td><td>42</td></tr>".repeat(80)}</table></body></html>`);
  const report = await precompressDir(webDir);
  expect(report.files).toBe(5); // index.html, the entry, the style, the icon, the report
  t = await buildTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const onDisk = (url: string) => readFileSync(path.join(webDir, url));
const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => t.app.inject({ method, url, headers });
const decode = (coding: string | undefined, body: Buffer) => (coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body);

describe("Accept-Encoding negotiation (RFC 9110 12.5.3)", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"], // Chromium
    ["gzip, deflate", "gzip"],
    ["br", "br"],
    ["BR;Q=1", "br"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["gzip;q=0, *", "br"], // "*" is every coding not named: gzip stays refused
    ["br;q=0, *;q=0.1", "gzip"],
    ["*", "br"],
    ["*;q=0", undefined],
    ["gzip;q=0, br;q=0", undefined],
    ["identity", undefined],
    ["deflate, zstd", undefined],
    ["br;q=x", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j chooses %s", (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe("a hashed asset", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, *", "br"],
    ["gzip;q=0, br;q=0", undefined],
    ["identity", undefined],
    [undefined, undefined],
  ])("Accept-Encoding %j: %s, Vary, a year, the file's bytes once decoded", async (accept, coding) => {
    const res = await get(ENTRY, accept === undefined ? {} : { "accept-encoding": accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(coding);
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe(year);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    if (coding) expect(res.rawPayload.length).toBeLessThan(onDisk(ENTRY).length / 3);
    expect(decode(coding, res.rawPayload).equals(onDisk(ENTRY))).toBe(true);
    // Files keep the strict policy and the headers every answer carries.
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).not.toBe(WEB_CSP);
  });

  it("a stylesheet too", async () => {
    const res = await get(STYLE, { "accept-encoding": "gzip, br" });
    expect([res.headers["content-encoding"], res.headers["content-type"], res.headers["vary"], res.headers["cache-control"]]).toEqual(["br", "text/css; charset=utf-8", "Accept-Encoding", year]);
    expect(decode("br", res.rawPayload).equals(onDisk(STYLE))).toBe(true);
  });

  it("each variant has its own ETag, and a 304 answers only the variant it names", async () => {
    const br = await get(ENTRY, { "accept-encoding": "br" });
    const gz = await get(ENTRY, { "accept-encoding": "gzip" });
    const raw = await get(ENTRY);
    const tags = [br.headers.etag, gz.headers.etag, raw.headers.etag];
    expect(new Set(tags).size).toBe(3);

    const again = await get(ENTRY, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers["vary"]).toBe("Accept-Encoding");
    expect(again.headers["cache-control"]).toBe(year);
    expect(again.headers.etag).toBe(br.headers.etag);
    // The brotli ETag does not validate the gzip answer: the whole gzip variant comes.
    const other = await get(ENTRY, { "accept-encoding": "gzip", "if-none-match": String(br.headers.etag) });
    expect([other.statusCode, other.headers["content-encoding"], other.headers.etag]).toEqual([200, "gzip", gz.headers.etag]);
    expect((await get(ENTRY, { "accept-encoding": "gzip", "if-none-match": String(gz.headers.etag) })).statusCode).toBe(304);
    expect((await get(ENTRY, { "if-none-match": String(raw.headers.etag) })).statusCode).toBe(304);
  });

  it("HEAD says what GET sends, without the body", async () => {
    const head = await get(ENTRY, { "accept-encoding": "gzip, br" }, "HEAD");
    const body = await get(ENTRY, { "accept-encoding": "gzip, br" });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const h of ["content-encoding", "content-length", "content-type", "etag", "vary", "cache-control"]) expect(head.headers[h], h).toBe(body.headers[h]);
    expect(Number(head.headers["content-length"])).toBe(onDisk(ENTRY + ".br").length);
  });

  it("a small file and an image go as they are, with no Vary (there is nothing to vary)", async () => {
    for (const url of [SMALL, IMAGE]) {
      const res = await get(url, { "accept-encoding": "gzip, br" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
      expect(res.headers["vary"], url).toBeUndefined();
      expect(res.headers["cache-control"], url).toBe(year);
      expect(res.rawPayload.equals(onDisk(url)), url).toBe(true);
    }
  });

  it("a variant has no address of its own", async () => {
    for (const url of [`${ENTRY}.br`, `${ENTRY}.gz`, "/index.html.br"]) expect((await get(url, { "accept-encoding": "br" })).statusCode, url).toBe(404);
  });
});

describe("pages", () => {
  it.each(["/index.html", "/main/workingSpace", "/baseLogin?redirect=%2Fmain%2FtaskCenter"])(
    "%s: index.html compressed, revalidated every time (no-cache), Vary, the web CSP",
    async (url) => {
      for (const coding of ["br", "gzip"]) {
        const res = await get(url, { accept: "text/html,application/xhtml+xml", "accept-encoding": coding });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(coding);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(res.headers["vary"]).toBe("Accept-Encoding");
        expect(res.headers["content-security-policy"]).toBe(WEB_CSP);
        expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
        expect(decode(coding, res.rawPayload).toString()).toBe(indexHtml);
      }
    },
  );

  it("a client route revalidates per variant: 304 for the variant it has, keeping no API policy", async () => {
    const first = await get("/main/taskCenter", { accept: "text/html", "accept-encoding": "gzip, br" });
    const again = await get("/main/taskCenter", { accept: "text/html", "accept-encoding": "gzip, br", "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.headers["vary"]).toBe("Accept-Encoding");
    expect(again.headers["content-security-policy"]).toBeUndefined();
    const plain = await get("/main/taskCenter", { accept: "text/html", "if-none-match": String(first.headers.etag) });
    expect([plain.statusCode, plain.headers["content-encoding"]]).toEqual([200, undefined]);
  });

  it("a demo report is revalidated; an unhashed icon is kept a day", async () => {
    const report = await get("/demo-reports/sales.html", { "accept-encoding": "br" });
    expect([report.headers["content-encoding"], report.headers["cache-control"], report.headers["content-security-policy"]]).toEqual(["br", "no-cache", WEB_CSP]);
    const icon = await get("/app-icons/hr.svg", { "accept-encoding": "gzip" });
    expect([icon.headers["content-encoding"], icon.headers["content-type"], icon.headers["cache-control"], icon.headers["vary"]]).toEqual([
      "gzip",
      "image/svg+xml",
      "public, max-age=86400",
      "Accept-Encoding",
    ]);
    const favicon = await get("/favicon.svg", { "accept-encoding": "gzip" });
    expect([favicon.headers["content-encoding"], favicon.headers["cache-control"]]).toEqual([undefined, "public, max-age=86400"]);
  });
});

describe("API answers", () => {
  let sid: string;
  beforeAll(async () => {
    sid = await t.login("zhangwei", "Staff@12345");
  });
  const tasks = (headers: Record<string, string> = {}) => t.call("POST", "/personalTask/getWidgetTaskPage", { sid, body: {}, headers });

  it("a large JSON answer is compressed as the request allows, with Vary, and decodes to the same answer", async () => {
    const plain = await tasks();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    for (const [accept, coding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await tasks({ "accept-encoding": accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(coding);
      expect(res.headers["vary"], accept).toBe("Accept-Encoding");
      expect(Number(res.headers["content-length"]), accept).toBe(res.rawPayload.length);
      expect(res.headers["content-type"], accept).toMatch(/^application\/json/);
      expect(JSON.parse(decode(coding, res.rawPayload).toString()), accept).toEqual(plain.json());
      if (coding) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it("a small answer goes as it is", async () => {
    const res = await t.call("GET", "/sysUserEx/getUserTitle", { sid, headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["vary"]).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 0 });
  });
});
