// `npm run bench` (issue 9): builds the app (the npm script does), then measures, each figure
// `--runs` times (min/median/max), and writes bench/results.json and bench/RESULTS.md:
//   api      API throughput and latency against a hello-world baseline (scripts/bench/api.ts)
//   search   search and page queries at the large seed (scripts/bench/search.ts)
//   web      what the browser downloads, LCP and the widgets' time (scripts/bench/web.ts)
//   startup  first and warm start, idle memory (scripts/bench/startup.ts)
//   import   what one large import costs other requests and memory (scripts/bench/import.ts, issue 20)
//   notifications  2,000 open notification streams: memory per stream, fan-out p99 (scripts/bench/notifications.ts, issue 23)
//   compliance  progress of a campaign for 20,000 people at the large seed: p50/p95/p99 (scripts/bench/compliance.ts, issue 24)
// Never a pass/fail gate in CI: the machine is shared and noisy, so every figure is a median with
// its spread, and API figures are ratios to a baseline measured in the same run.
//
//   node --import tsx scripts/bench.ts [--runs 5] [--only api,web] [--duration 10]
// --only re-measures some sections and keeps the others from the previous results.json.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT, parseArgs } from "./lib/server.ts";
import type { BenchContext } from "./bench/context.ts";
import type { Figure, Section } from "./bench/types.ts";

const SECTIONS = ["api", "search", "web", "startup", "import", "notifications", "compliance"] as const;
type Key = (typeof SECTIONS)[number];

const args = parseArgs({ runs: 5, only: SECTIONS.join(","), duration: 10 });
const only = args.only.split(",").map((s) => s.trim()) as Key[];
for (const k of only) if (!SECTIONS.includes(k)) throw new Error(`Unknown section ${k} (known: ${SECTIONS.join(", ")})`);
if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error("--runs must be a whole number of at least 1");

const git = (...a: string[]) => {
  try {
    return execFileSync("git", a, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
};

interface Measured {
  section: Section;
  at: string;
  commit: string;
  runs: number;
  seconds: number;
  loadAverage: { before: number; after: number };
}
interface Results {
  machine: { cores: number; cpu: string; memoryGiB: number; node: string; platform: string };
  sections: Partial<Record<Key, Measured | { error: string; at: string; commit: string }>>;
}

const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
};
const commit = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? "+changes" : ""}`;
const resultsPath = path.join(ROOT, "bench", "results.json");
const previous: Results | undefined = JSON.parse(await fs.readFile(resultsPath, "utf8").catch(() => "null")) ?? undefined;
const results: Results = { machine, sections: { ...(previous?.sections ?? {}) } };

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const ctx: BenchContext = { root: ROOT, runs: args.runs, log };
let failed = false;
log(`bench: ${only.join(", ")}; ${args.runs} runs; ${machine.cores} cores, ${machine.memoryGiB} GiB; commit ${commit}`);
for (const key of only) {
  const t0 = Date.now();
  const before = os.loadavg()[0];
  try {
    const mod = (await import(`./bench/${key}.ts`)) as { run(ctx: BenchContext, o?: Record<string, unknown>): Promise<Section> };
    const section = await mod.run(ctx, key === "api" ? { duration: args.duration } : {});
    results.sections[key] = {
      section,
      at: new Date().toISOString(),
      commit,
      runs: args.runs,
      seconds: Math.round((Date.now() - t0) / 1000),
      loadAverage: { before: +before.toFixed(2), after: +os.loadavg()[0].toFixed(2) },
    };
    for (const f of section.figures) log(`${key}: ${line(f)}`);
  } catch (e) {
    failed = true;
    log(`bench: ${key} failed: ${(e as Error).stack ?? e}`);
    results.sections[key] = { error: String((e as Error).message ?? e), at: new Date().toISOString(), commit };
  }
}

await fs.mkdir(path.dirname(resultsPath), { recursive: true });
await fs.writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
await fs.writeFile(path.join(ROOT, "bench", "RESULTS.md"), markdown(results));
log(`bench: wrote bench/results.json and bench/RESULTS.md${failed ? " (a section failed)" : ""}`);
process.exitCode = failed ? 1 : 0;

// ------------------------------------------------------------------------------ formatting
function fmt(x: number) {
  return Number.isFinite(x) ? x.toLocaleString("en-US", { maximumFractionDigits: Math.abs(x) < 10 ? 3 : Math.abs(x) < 100 ? 1 : 0 }) : "n/a";
}
function budgetText(f: Figure) {
  return f.budget ? `${f.budget.op} ${fmt(f.budget.value)} ${f.unit}` : "";
}
function verdict(f: Figure) {
  return f.pass === undefined ? "" : f.pass ? "met" : "**not met**";
}
function line(f: Figure) {
  return `${f.label}: median ${fmt(f.median)} ${f.unit} (min ${fmt(f.min)}, max ${fmt(f.max)})${f.budget ? `, budget ${budgetText(f)}: ${f.pass ? "met" : "NOT MET"}` : ""}`;
}

function markdown(r: Results) {
  const out: string[] = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (scripts/bench.ts); do not edit by hand. Each figure is measured",
    "several times on a shared machine: the median decides a budget, min and max show the spread.",
    "",
    `Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB memory, Node ${r.machine.node}, ${r.machine.platform}.`,
    "",
    "## Budgets",
    "",
    "| Figure | Median | Min – max | Budget | |",
    "|---|---:|---:|---|---|",
  ];
  for (const key of SECTIONS) {
    const m = r.sections[key];
    if (!m || "error" in m) continue;
    for (const f of m.section.figures.filter((f) => f.budget))
      out.push(`| ${f.label} | ${fmt(f.median)} ${f.unit} | ${fmt(f.min)} – ${fmt(f.max)} | ${budgetText(f)} | ${verdict(f)} |`);
  }
  for (const key of SECTIONS) {
    const m = r.sections[key];
    if (!m) continue;
    if ("error" in m) {
      out.push("", `## ${key}`, "", `Failed at ${m.at} (commit ${m.commit}): ${m.error}`);
      continue;
    }
    const s = m.section;
    out.push(
      "",
      `## ${s.title}`,
      "",
      `Measured ${m.at.slice(0, 16).replace("T", " ")} UTC at commit ${m.commit}, ${m.runs} runs, ${m.seconds} s; load average ${m.loadAverage.before} before, ${m.loadAverage.after} after.`,
      "",
      "| Figure | Median | Min | Max | Runs | Budget | |",
      "|---|---:|---:|---:|---|---|---|",
    );
    for (const f of s.figures)
      out.push(`| ${f.label} | ${fmt(f.median)} ${f.unit} | ${fmt(f.min)} | ${fmt(f.max)} | ${f.runs.map(fmt).join(", ")} | ${budgetText(f)} | ${verdict(f)} |`);
    if (s.notes.length) out.push("", ...s.notes.map((n) => `- ${n}`));
    const details = s.figures.filter((f) => f.detail && Object.keys(f.detail).length);
    if (details.length) {
      out.push("", "<details><summary>Details per figure</summary>", "");
      for (const f of details) out.push(`- ${f.label}: \`${JSON.stringify(f.detail)}\``);
      out.push("", "</details>");
    }
    for (const a of s.attachments ?? []) out.push("", `<details><summary>${a.title}</summary>`, "", "```", a.text.trimEnd(), "```", "", "</details>");
  }
  return `${out.join("\n")}\n`;
}
