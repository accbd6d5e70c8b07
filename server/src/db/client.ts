import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export function connect(url: string, max = 20) {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {}); // a dropped idle connection is replaced on the next query
  const db = drizzle(pool, { schema });
  return { pool, db };
}

/** Applies the SQL migrations (drizzle-kit) not yet applied; safe to run from several instances. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect(); // one connection: the advisory lock belongs to it
  try {
    await client.query("SELECT pg_advisory_lock(727001)");
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727001)").catch(() => {});
    client.release();
  }
}
