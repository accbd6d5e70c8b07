import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase, createThrowawayDatabase } from "../src/db/createDatabase.ts";
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

describe("createThrowawayDatabase's drop", () => {
  // pg-pool's end() resolves once it has asked its connections to close, before they have. A drop
  // that terminated them in that moment made a closing client emit the server's 57P01
  // ("terminating connection due to administrator command"): an unhandled "error" event that
  // failed a CI run with every test green. So the drop waits for the connections to go.
  it("waits for a connection still open on the database instead of terminating it", async () => {
    const database = await createThrowawayDatabase(inject("pgAdminUrl"), "t");
    const client = new pg.Client({ connectionString: database.url });
    const errors: string[] = [];
    client.on("error", (e: Error & { code?: string }) => errors.push(e.code ?? e.message));
    await client.connect();
    let dropped = false;
    const drop = database.drop().then(() => (dropped = true));
    await new Promise((r) => setTimeout(r, 400));
    expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    expect(dropped).toBe(false);
    await client.end();
    await drop;
    expect(errors).toEqual([]);
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    try {
      expect((await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database.name])).rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
