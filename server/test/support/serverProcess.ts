import { spawn, type ChildProcess } from "node:child_process";

/**
 * The real server (`server/src/server.ts`) as its own process, for tests of how it starts, waits,
 * restarts its database and exits. No web app, no demo seed unless `env` asks; its output is kept
 * for the assertions. The caller keeps `children` and kills what is left after each test.
 */
export function spawnServer(env: Record<string, string>, children: ChildProcess[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    env: { ...process.env, DEMO_SEED: "false", LOG_LEVEL: "warn", WEB_DIR: "/nonexistent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, exited, output: () => output };
}
