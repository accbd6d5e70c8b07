// @vitest-environment node
// Issue 21: the build's precompression step (precompress.ts): every text file of at least 1 KiB
// gets a brotli and a gzip variant that decode to it; small files, already compressed formats and
// variants that would not be smaller are left out (the server then sends the file itself).
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MIN_BYTES, precompressDir, type PrecompressReport } from "./precompress";

let dir: string;
let report: PrecompressReport;
const text = (n: number) => Array.from({ length: n }, (_, i) => `const value${i} = compute(${i}, "item-${i % 13}");`).join("\n");
const at = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
  mkdirSync(at("assets"));
  mkdirSync(at("assets/nested"));
  writeFileSync(at("index.html"), `<!doctype html><html><body>${"<p>portal</p>".repeat(200)}</body></html>`);
  writeFileSync(at("assets/app-Ab12Cd34.js"), text(300));
  writeFileSync(at("assets/nested/style-Zz99Yy88.css"), ".a{color:red}\n".repeat(200));
  writeFileSync(at("assets/data.json"), JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `n${i}` }))));
  writeFileSync(at("assets/tiny-Qq11Ww22.js"), "x".repeat(MIN_BYTES - 1)); // one byte short of the threshold
  writeFileSync(at("assets/photo.png"), Buffer.alloc(8000, 1)); // compressible bytes, but an image format
  writeFileSync(at("assets/noise-Rr33Tt44.js"), randomBytes(4000)); // neither variant would be smaller
  report = await precompressDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDir", () => {
  it.each(["index.html", "assets/app-Ab12Cd34.js", "assets/nested/style-Zz99Yy88.css", "assets/data.json"])("%s: .br and .gz that decode to it, smaller", (name) => {
    const raw = readFileSync(at(name));
    const br = readFileSync(at(name + ".br"));
    const gz = readFileSync(at(name + ".gz"));
    expect(brotliDecompressSync(br).equals(raw)).toBe(true);
    expect(gunzipSync(gz).equals(raw)).toBe(true);
    expect(br.length).toBeLessThan(raw.length / 3);
    expect(gz.length).toBeLessThan(raw.length / 3);
  });

  it("leaves out files under the threshold, images, and variants that would not be smaller", () => {
    for (const name of ["assets/tiny-Qq11Ww22.js", "assets/photo.png", "assets/noise-Rr33Tt44.js"]) {
      expect(existsSync(at(name + ".br")), name).toBe(false);
      expect(existsSync(at(name + ".gz")), name).toBe(false);
    }
  });

  it("reports what it did, and a second run makes no variant of a variant", async () => {
    expect(report.files).toBe(5); // the four above and the noise (tried, nothing written)
    expect(report.brBytes).toBeLessThan(report.gzipBytes);
    await precompressDir(dir);
    expect(existsSync(at("assets/app-Ab12Cd34.js.br.gz"))).toBe(false);
    expect(existsSync(at("assets/app-Ab12Cd34.js.gz.br"))).toBe(false);
  });
});
