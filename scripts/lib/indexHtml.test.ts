// index.html's icon is inline, never an address the browser fetches (see the comment there): a
// fetched icon went out with a sid-bearing address as its Referer. The inline copy is the same
// picture as public/favicon.svg, which stays for bookmarks and anything that asks for it by name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const icons = [...html.matchAll(/<link\b[^>]*\brel="[^"]*\bicon\b[^"]*"[^>]*>/g)].map((m) => m[0]);

describe("index.html's icon", () => {
  it("is declared, and only as a data: URL (nothing for the browser to fetch)", () => {
    expect(icons.length).toBeGreaterThan(0);
    for (const link of icons) expect(link).toMatch(/\bhref="data:image\/svg\+xml,/);
  });

  it("is public/favicon.svg", () => {
    const href = /\bhref="([^"]*)"/.exec(icons[0])![1];
    const inline = decodeURIComponent(href.slice("data:image/svg+xml,".length)).replace(/'/g, '"');
    expect(inline).toBe(fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8").trim());
  });
});
