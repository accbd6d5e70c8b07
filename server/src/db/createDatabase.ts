import crypto from "node:crypto";
import pg from "pg";

/**
 * Creates the portal's database. Character classes follow C.UTF-8 so pg_trgm makes trigrams of
 * Chinese text (under LC_CTYPE C it skips every non-ASCII letter, and the trigram indexes could
 * not serve a Chinese search); sorting stays byte order (LC_COLLATE C). A server without the
 * C.UTF-8 locale gets a database of its defaults: search still finds the same rows, by scanning.
 */
export async function createDatabase(client: pg.Client, name: string, ctype = "C.UTF-8"): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  if (!/^[A-Za-z0-9_.@-]+$/.test(ctype)) throw new Error(`Unexpected locale name ${ctype}`);
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE '${ctype}'`);
  } catch (e) {
    // 42809 is what PostgreSQL answers for a locale this server does not have.
    if ((e as { code?: string }).code !== "42809") throw e;
    await client.query(`CREATE DATABASE ${name}`);
  }
}

/**
 * A throwaway database (created as above) in the PostgreSQL of `adminUrl`, whose credentials must
 * allow CREATE DATABASE: the API tests make one per file, the durability and load scripts one per run.
 */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        // A pool's end() resolves once it has asked each connection to close, not once they have
        // closed (pg-pool does not wait for client.end()). A FORCE drop in that moment terminates
        // a closing connection, whose client then emits the server's 57P01 as an "error" event:
        // unhandled in a pool without a listener, that failed a CI run with every test green. So
        // the drop waits for the database's connections to go; FORCE is for one still open after
        // that, which is a leak its owner hears of.
        for (let i = 0; i < 50; i++) {
          const { rows } = await a.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
