import type { TestApp } from "../helper.ts";

/**
 * The version a record has now (issue 20), read straight from its table: what an administrator's
 * edit sends back with the fields it changes. Tests about the version itself read it through the API.
 */
export async function versionOf(t: TestApp, table: string, id: number): Promise<number> {
  const { rows } = await t.sql.query(`SELECT version FROM ${table} WHERE id = $1`, [id]);
  if (!rows.length) throw new Error(`no ${table} row ${id}`);
  return rows[0].version as number;
}
