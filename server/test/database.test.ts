import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../src/db/createDatabase.ts";
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

describe("createDatabase", () => {
  it("falls back to the server's default locale when it lacks the wanted one", async () => {
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    const name = `t_locale_${Date.now().toString(36)}`;
    try {
      await createDatabase(admin, name, "xx_NOPE.UTF-8");
      const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname = $1", [name]);
      expect(rows).toEqual([{ datname: name }]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
