import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embedded.ts";
import { spawnServer } from "./support/serverProcess.ts";

// The embedded database's DATA_DIR: one server at a time, and recovery after a killed server.
// Real server processes, so this file runs only on the embedded database (not with DATABASE_URL).
const external = Boolean(process.env.DATABASE_URL);
let dir: string;
const children: ChildProcess[] = [];

function start(port: number) {
  // The demo seed on, as a first start of `npm start` has it.
  return spawnServer({ DATABASE_URL: "", PORT: String(port), DATA_DIR: dir, DEMO_SEED: "true" }, children);
}

// Budgets, not speed checks: a first start makes a cluster and seeds the demo (thousands of rows),
// which takes about a minute when another test file shares the 2 cores.
async function ready(port: number, ms = 150_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-datadir-"));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(external)("DATA_DIR", () => {
  it("a second server on the same DATA_DIR exits non-zero at once, saying another server holds it", async () => {
    const port = await freePort();
    const first = start(port);
    await ready(port);
    const second = start(await freePort());
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/Another server \(pid \d+\) is using DATA_DIR/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true); // the first is untouched

    // Killed without a chance to clean up: its database keeps running and its lock stays.
    first.child.kill("SIGKILL");
    await first.exited;
    const pgPid = Number((await fs.readFile(path.join(dir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
    expect(() => process.kill(pgPid, 0)).not.toThrow();

    const port3 = await freePort();
    const third = start(port3);
    await ready(port3);
    expect(third.output()).toContain("Recovering");
    const login = await fetch(`http://127.0.0.1:${port3}/portal-api/sysUserEx/getPublicKey`);
    expect((await login.json()).code).toBe(0);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    await expect(fs.access(path.join(dir, "server.lock"))).rejects.toThrow(); // clean stop releases the lock
  }, 300_000);
});
