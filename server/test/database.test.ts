import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// The database is made so the trigram indexes serve Chinese as well as English (createDatabase).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the portal database", () => {
  it("classifies characters as UTF-8 text, so Chinese words make trigrams; it sorts in byte order", async () => {
    const { rows } = await t.sql.query(
      "SELECT datctype, datcollate, array_length(show_trgm('张伟明'), 1) AS cn, array_length(show_trgm('zhang'), 1) AS en FROM pg_database WHERE datname = current_database()",
    );
    expect(rows[0]).toEqual({ datctype: "C.UTF-8", datcollate: "C", cn: 4, en: 6 });
  });

  it("a Chinese name search can use the trigram index", async () => {
    const client = await t.sql.connect();
    try {
      await client.query("SET enable_seqscan = off");
      const plan = (await client.query("EXPLAIN SELECT id FROM md_employee WHERE chinese_name ILIKE '%张伟明%'")).rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).toContain("md_employee_cn_trgm");
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });
});
