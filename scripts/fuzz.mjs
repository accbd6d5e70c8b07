#!/usr/bin/env node
// The long API fuzzing run (issue 8): `npm run fuzz -- --runs N [--seed S]`.
// Runs server/test/fuzz.test.ts with FUZZ_RUNS (valid requests per operation; four times as many
// invalid ones) and FUZZ_SEED (default: the test's fixed seed). Other vitest options pass through,
// e.g. `-t changeRole` for one operation. DATABASE_URL, when set, is used as by every API test.
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const env = { ...process.env };
const rest = [];
const usage = () => {
  console.error("usage: node scripts/fuzz.mjs --runs N [--seed S] [vitest options]");
  process.exit(2);
};
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i].split("=", 2);
  if (flag === "--runs" || flag === "--seed") {
    const value = inline ?? args[++i];
    if (!/^-?\d+$/.test(value ?? "") || (flag === "--runs" && Number(value) < 1)) usage();
    env[flag === "--runs" ? "FUZZ_RUNS" : "FUZZ_SEED"] = value;
  } else if (flag === "--help" || flag === "-h") usage();
  else rest.push(args[i]);
}
if (!env.FUZZ_RUNS) env.FUZZ_RUNS = "20";
console.log(`fuzz: FUZZ_RUNS=${env.FUZZ_RUNS}${env.FUZZ_SEED ? ` FUZZ_SEED=${env.FUZZ_SEED}` : " (default seed)"}`);
const child = spawn("npx", ["vitest", "run", "--project", "api", "server/test/fuzz.test.ts", ...rest], { env, stdio: "inherit" });
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
