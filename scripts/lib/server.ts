// Shared by scripts/durability.ts and scripts/load.ts: a real server process on loopback (the same
// command as `npm start` without the web build), its readiness, its database, a logged-in client.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../server/src/db/embedded.ts";
import { mulberry32 } from "../../server/src/lib/random.ts";

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const API = "/portal-api";

/** `--name value` and `--flag` arguments; numbers where the default is a number. */
export function parseArgs<T extends Record<string, string | number | boolean | undefined>>(defaults: T, argv = process.argv.slice(2)): T {
  const out: Record<string, unknown> = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`Unexpected argument ${argv[i]}`);
    const key = m[1].replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!(key in defaults)) throw new Error(`Unknown option --${m[1]} (known: ${Object.keys(defaults).join(", ")})`);
    const raw = m[2] ?? (typeof defaults[key] === "boolean" ? "true" : argv[++i]);
    if (raw === undefined) throw new Error(`--${m[1]} needs a value`);
    out[key] = typeof defaults[key] === "number" ? Number(raw) : typeof defaults[key] === "boolean" ? raw !== "false" : raw;
    if (typeof defaults[key] === "number" && !Number.isFinite(out[key])) throw new Error(`--${m[1]} must be a number`);
  }
  return out as T;
}

/** mulberry32: a small seeded PRNG, so a printed seed replays the same choices. */
export function prng(seed: number) {
  const next = mulberry32(seed);
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** SIGKILL to the node process only: its embedded PostgreSQL (if any) keeps running. */
  killNode(): void;
  /** SIGKILL to the whole process group (node and its PostgreSQL): a machine or container crash. */
  killGroup(): void;
  /** SIGTERM and wait: the clean shutdown path (app, database, lock). */
  stop(ms?: number): Promise<number | null>;
}

/**
 * Starts `node --import tsx server/src/server.ts` in its own process group (detached), so the
 * whole group (node and the embedded PostgreSQL it spawns) can be killed at once.
 */
export function startServer(opts: { port: number; dataDir: string; databaseUrl?: string; env?: Record<string, string> }): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl ?? "",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: "warn",
      WEB_DIR: "/nonexistent",
      NODE_ENV: "development",
      CAPTCHA_ENABLED: "false",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const group = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
    }
  };
  return {
    child,
    port: opts.port,
    base: `http://127.0.0.1:${opts.port}`,
    exited,
    output: () => out,
    killNode: () => void (child.exitCode === null && child.kill("SIGKILL")),
    killGroup: () => group("SIGKILL"),
    async stop(ms = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await Promise.race([exited, sleep(ms).then(() => "timeout" as const)]);
      if (code === "timeout") {
        group("SIGKILL");
        return exited;
      }
      return code;
    },
  };
}

/** Polls /readyz until it answers 200 (the database is reachable), or the server exits. */
export async function waitReady(server: ServerProcess, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`server exited (${server.child.exitCode ?? server.child.signalCode}) before it was ready:\n${server.output()}`);
    const ok = await fetch(`${server.base}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`server did not become ready in ${ms} ms:\n${server.output()}`);
}

/** True while any process of the group (node, PostgreSQL and its backends) is alive. */
export function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The embedded PostgreSQL's pid and port from DATA_DIR/pg/postmaster.pid (undefined when absent). */
export function embeddedPostmaster(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

/** A connection string to the embedded database of a running server (its password file, its port). */
export async function embeddedUrl(dataDir: string) {
  const pm = embeddedPostmaster(dataDir);
  if (!pm) throw new Error(`No running embedded database in ${dataDir}`);
  const password = (await fs.readFile(path.join(dataDir, "db-password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pm.port}/portal`;
}

/** The answer of one API call: HTTP status and the decoded envelope (undefined when not JSON). */
export interface Answer {
  status: number;
  body: { code?: number; data?: any; resultEnMessage?: string } | undefined;
}

export async function call(base: string, method: string, url: string, opts: { sid?: string; body?: unknown; form?: FormData; signal?: AbortSignal } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.sid) headers.sid = opts.sid;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${base}${API}${url}`, { method, headers, body, signal: opts.signal });
  const text = await res.text();
  let parsed: Answer["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed };
}

/** Encrypts like the browser (RSA-OAEP SHA-256 with the getPublicKey key). */
export async function encryptedPassword(base: string, password: string) {
  const key = await call(base, "GET", "/sysUserEx/getPublicKey");
  if (key.body?.code !== 0) throw new Error(`getPublicKey failed: ${JSON.stringify(key.body)}`);
  return crypto
    .publicEncrypt({ key: key.body.data.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password, "utf8"))
    .toString("base64");
}

export async function login(base: string, userName: string, password: string): Promise<string> {
  const res = await call(base, "POST", "/sysUserEx/baseLogin", { body: { userName, password: await encryptedPassword(base, password) } });
  if (res.status !== 200 || res.body?.code !== 0) throw new Error(`login ${userName} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.sid as string;
}

/** Demo accounts (server/src/db/seed.ts DEMO_ACCOUNTS; the server seeds them outside production). */
export const DEMO = {
  admin: { userName: "admin", password: "Admin@12345" },
  zhangwei: { userName: "zhangwei", password: "Staff@12345" },
  lina: { userName: "lina", password: "Staff@12345" },
} as const;
