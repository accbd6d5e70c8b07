import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createThrowawayDatabase } from "../src/db/createDatabase.ts";
import { freePort } from "../src/db/embedded.ts";
import { dbProxy, type DbProxy } from "./support/dbProxy.ts";

// Issue 20 item 3: a server started on an external database (DATABASE_URL) that does not answer yet
// keeps trying with back-off for DATABASE_WAIT_SECONDS, logging each try without the password,
// starts as soon as the database answers, and exits non-zero with a clear message when it never
// does. Real server processes; the database sits behind a relay the test switches on.

const children: ChildProcess[] = [];
let database: { url: string; drop(): Promise<void> };
let password: string;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    env: { ...process.env, DEMO_SEED: "false", LOG_LEVEL: "warn", WEB_DIR: "/nonexistent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { exited, output: () => output };
}

/** Budgets, not speed checks: a loaded 2-core machine starts a server in seconds, not minutes. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  database = await createThrowawayDatabase(inject("pgAdminUrl"), "t");
  password = decodeURIComponent(new URL(database.url).password);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null)));
  await database.drop();
});

describe("an external database that is not there at start", () => {
  let proxy: DbProxy;
  beforeAll(async () => {
    proxy = await dbProxy(database.url, { startUp: false });
  });
  afterAll(() => proxy.close());

  it("is waited for, each try logged without the password, and the server starts once it answers", async () => {
    const port = await freePort();
    const server = start({ DATABASE_URL: proxy.url, DATABASE_WAIT_SECONDS: "120", PORT: String(port) });
    await until("two logged tries", () => (server.output().match(/Waiting for the database at /g) ?? []).length >= 2);
    await proxy.up();
    await until("the server to be ready", () => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false));
    const out = server.output();
    expect(out).toMatch(/Waiting for the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/t_\w+: try 1 failed \(connect ECONNREFUSED/);
    expect(out).toMatch(/The database at postgres:\/\/postgres:\*\*\*@.* answers \(try \d+\)/);
    if (password) expect(out).not.toContain(password);
  }, 180_000);

  it("exits non-zero with a clear message when it does not answer within DATABASE_WAIT_SECONDS", async () => {
    await proxy.down();
    const server = start({ DATABASE_URL: proxy.url, DATABASE_WAIT_SECONDS: "2", PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/The database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/t_\w+ did not answer within 2 s \(DATABASE_WAIT_SECONDS; \d+ tries\): connect ECONNREFUSED/);
    if (password) expect(server.output()).not.toContain(password);
  }, 120_000);
});

it("does not wait for a database that refuses the password: exits non-zero saying so", async () => {
  const wrong = Object.assign(new URL(database.url), { password: "not-the-password" }).toString();
  const server = start({ DATABASE_URL: wrong, DATABASE_WAIT_SECONDS: "600", PORT: String(await freePort()) });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/The database at postgres:\/\/postgres:\*\*\*@.* refused the connection: password authentication failed/);
  expect(server.output()).not.toContain("Waiting for the database");
}, 120_000);
