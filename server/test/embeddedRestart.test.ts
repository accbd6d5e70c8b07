import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { freePort, startEmbedded, type EmbeddedDb } from "../src/db/embedded.ts";
import { opsHandlers } from "../src/handlers/ops/ops.ts";
import { spawnServer } from "./support/serverProcess.ts";

// Issue 20 item 3: the embedded PostgreSQL dying under a running server. The server starts it again
// with back-off (nothing committed is lost: PostgreSQL's crash recovery), /healthz answers 503 while
// it does, and when every restart fails the server gives up and exits non-zero for its supervisor.
// Real PostgreSQL processes killed with SIGKILL; this file runs only on the embedded database.
const external = Boolean(process.env.DATABASE_URL);

const dirs: string[] = [];
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-restart-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const postmasterPid = async (dataDir: string) => Number((await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Budgets, not speed checks: they hold on a loaded 2-core machine. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Kills the postmaster outright and takes its port, so no restart can succeed until `release`. */
async function killAndHoldPort(dataDir: string, port: number) {
  const pid = await postmasterPid(dataDir);
  process.kill(pid, "SIGKILL");
  await until("the postmaster to die", () => !alive(pid));
  // Connections that reach it are cut at once (a client would otherwise wait for its connect timeout).
  const holder = net.createServer((socket) => socket.destroy());
  await until("the port to be free", () =>
    new Promise<boolean>((resolve) => {
      holder.once("error", () => resolve(false));
      holder.listen(port, "127.0.0.1", () => resolve(true));
    }),
  );
  return () => new Promise<void>((r) => holder.close(() => r()));
}

describe.skipIf(external)("the embedded database stops under a running app", () => {
  let dataDir: string;
  let embedded: EmbeddedDb;
  let app: FastifyInstance;
  const log: string[] = [];
  let gaveUp: string | null = null;

  beforeAll(async () => {
    dataDir = await tempDir();
    embedded = await startEmbedded(dataDir, (m) => log.push(m), { restartAttempts: 200, firstDelayMs: 100, maxDelayMs: 200, onGiveUp: (r) => (gaveUp = r) });
    const config = { ...loadConfig({ NODE_ENV: "test", WEB_DIR: "/nonexistent" }), demoSeed: false };
    app = await buildApp({ config, databaseUrl: embedded.url, ownDatabaseState: embedded.state });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await embedded?.stop();
  });

  it("is restarted: /healthz and /readyz answer 503 meanwhile, then 200, and a committed write is still there", async () => {
    const url = new URL(embedded.url);
    const direct = new pg.Client({ connectionString: embedded.url });
    await direct.connect();
    await direct.query("CREATE TABLE restart_probe (n int)");
    await direct.query("INSERT INTO restart_probe VALUES (42)");
    await direct.end().catch(() => {});

    const release = await killAndHoldPort(dataDir, Number(url.port));
    await until("the restart to be tried", () => log.some((m) => /Restart \d+ of 200 of the database failed/.test(m)));
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ code: 503, resultEnMessage: expect.stringMatching(/^The database this server runs stopped and is being restarted \(try \d+ of 200\)$/) });
    expect(health.json().resultMessage).toMatch(/^数据库已停止，正在重启/);
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, ready.json().resultEnMessage]).toEqual([503, "The database is not reachable"]);
    const api = await app.inject({ method: "GET", url: "/portal-api/sysUserEx/getPublicKey" });
    expect(api.statusCode).not.toBe(500);

    await release();
    await until("the database to run again", () => embedded.state().state === "up");
    expect(log.some((m) => /The database \(pid \d+\) stopped unexpectedly \(signal SIGKILL\); restarting it\./.test(m))).toBe(true);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    await until("/readyz to answer 200", async () => (await app.inject({ method: "GET", url: "/readyz" })).statusCode === 200);
    const again = new pg.Client({ connectionString: embedded.url });
    await again.connect();
    expect((await again.query("SELECT n FROM restart_probe")).rows).toEqual([{ n: 42 }]);
    await again.end();
    expect(gaveUp).toBeNull();
  }, 120_000);
});

describe.skipIf(external)("every restart fails", () => {
  it("gives up after the configured tries: onGiveUp with the reason, and the state says failed", async () => {
    const dataDir = await tempDir();
    const log: string[] = [];
    let gaveUp: string | null = null;
    const embedded = await startEmbedded(dataDir, (m) => log.push(m), { restartAttempts: 3, firstDelayMs: 100, maxDelayMs: 200, onGiveUp: (r) => (gaveUp = r) });
    try {
      const release = await killAndHoldPort(dataDir, Number(new URL(embedded.url).port));
      await until("the supervisor to give up", () => gaveUp !== null);
      expect(gaveUp).toBe("The database stopped and could not be restarted (3 tries).");
      expect(embedded.state()).toEqual({ state: "failed" });
      const probe = Fastify();
      probe.decorate("ownDatabaseState", embedded.state);
      probe.get("/healthz", opsHandlers.healthz);
      const health = await probe.inject({ method: "GET", url: "/healthz" });
      expect([health.statusCode, health.json().resultEnMessage]).toEqual([503, "The database could not be restarted; the server is exiting"]);
      expect(log.filter((m) => /^Restart \d of 3 of the database failed: /.test(m))).toHaveLength(3);
      await release();
    } finally {
      await embedded.stop();
    }
  }, 120_000);
});

describe.skipIf(external)("the real server", () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  });

  it("brings its killed database back and keeps serving; when it cannot, exits non-zero saying why", async () => {
    const dataDir = await tempDir();
    const port = await freePort();
    const { exited, output } = spawnServer({ DATABASE_URL: "", PORT: String(port), DATA_DIR: dataDir }, children);
    const status = (p: string) => fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.status, () => 0);
    await until("the server to be ready", async () => (await status("/readyz")) === 200, 180_000);

    // Killed once: restarted, and the server serves from it again.
    const first = await postmasterPid(dataDir);
    process.kill(first, "SIGKILL");
    await until("the database to be restarted", async () => (await status("/readyz")) === 200 && (await postmasterPid(dataDir)) !== first, 120_000);
    expect(output()).toMatch(/stopped unexpectedly \(signal SIGKILL\); restarting it/);
    expect(output()).toMatch(/The database is running again \(restart \d of 8\)/);
    expect(await status("/healthz")).toBe(200);

    // Killed with its port taken: every restart fails and the server exits non-zero for its supervisor.
    const dbPort = Number((await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[3]); // postmaster.pid line 4
    const release = await killAndHoldPort(dataDir, dbPort);
    expect(await exited).toBe(1);
    await release();
    expect(output()).toMatch(/The database stopped and could not be restarted \(8 tries\)\. Exiting so that the server is started again\./);
  }, 400_000);
});
