// Issue 20, what one import costs everyone else: a server on a throwaway DATA_DIR takes one
// source-data import of a large workbook while two pollers ask /healthz and a database read
// (getUserInfo) one after another; the section reports the pollers' worst and p99 latency during
// the import and how far node's memory rose above what it held just before (idle, exceljs not yet
// loaded). Three workbooks, made by scripts/lib/xlsx.ts:
//   employees5000  5000 employees, every column filled as real data is: imported (200)
//   nmpaWidest     5000 registration certificates, every column at its maximum length: imported (200)
//   xml30MB        the review's workbook: about 6.6 MB holding 30 MB of sheet XML (5000 rows of
//                  eight 750-character cells); refused (413) once the reading limits are passed
// A fresh server per run, so one run's heap never carries into the next.
//
//   node --import tsx scripts/bench/import.ts [--runs 3] [--only employees5000,xml30MB]
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO, ROOT, call, freePort, login, parseArgs, sleep, startServer, waitReady } from "../lib/server.ts";
import { rowsXml, workbook } from "../lib/xlsx.ts";
import type { BenchContext } from "./context.ts";
import { figure, percentile, type Figure, type Section } from "./types.ts";

interface Case {
  key: string;
  label: string;
  kind: "employee" | "nmpa";
  expect: number;
  make(): Buffer;
}

const words = "portal policy device catheter guide wire stent valve pump sensor monitor approval review quality batch record audit signature release label".split(" ");
/** Text of `n` characters from a small vocabulary: compresses about as well as real sheet text. */
function prose(n: number, rnd: () => number) {
  let s = "";
  while (s.length < n) s += `${words[Math.floor(rnd() * words.length)]} `;
  return s.slice(0, n);
}
const letters = (n: number) => crypto.randomBytes(n).toString("base64").replace(/[^A-Za-z0-9]/g, "A").slice(0, n);
const han = (n: number) => Array.from({ length: n }, () => String.fromCharCode(0x4e00 + crypto.randomInt(0, 0x5000))).join("");

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

const CASES: Case[] = [
  {
    key: "employees5000",
    label: "5000 employees (a full import)",
    kind: "employee",
    expect: 200,
    make: () => {
      const header = ["employeeNo", "chineseName", "englishName", "title", "email", "department", "supervisor", "city"];
      const rows = Array.from({ length: 5000 }, (_, i) => [`B${String(i).padStart(6, "0")}`, han(3), `Bench Person ${i}`, "Senior Engineer", `bench.person${i}@example.com`, "Research and Development", "Wei Zhang", "Shanghai"]);
      return workbook(rowsXml([header, ...rows]));
    },
  },
  {
    key: "nmpaWidest",
    label: "5000 certificates, every column at its maximum length",
    kind: "nmpa",
    expect: 200,
    make: () => {
      const header = ["certificateCode", "productNameCn", "productNameEn", "validFrom", "validTo", "category", "approvedDate", "manufacturer", "registrant", "address"];
      const rows = Array.from({ length: 5000 }, (_, i) => [
        `W${String(i).padStart(6, "0")}${letters(53)}`,
        han(200),
        letters(200),
        "2024-01-01",
        "2029-12-31",
        letters(50),
        "2024-01-01",
        letters(200),
        letters(200),
        letters(300),
      ]);
      return workbook(rowsXml([header, ...rows]));
    },
  },
  {
    key: "xml30MB",
    label: "30 MB of sheet XML in a 6-7 MB workbook (the review's)",
    kind: "employee",
    expect: 413,
    make: () => {
      const rnd = seeded(20);
      const header = ["employeeNo", "chineseName", "englishName", "title", "email", "department", "supervisor", "city"];
      const rows = Array.from({ length: 5000 }, () => Array.from({ length: 8 }, () => prose(750, rnd)));
      return workbook(rowsXml([header, ...rows]));
    },
  },
];

async function rssMiB(pid: number) {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
}

/** Asks `url` again and again (10 ms apart) until stopped; each answer's latency. */
function poller(fetchOnce: () => Promise<void>) {
  const latencies: { at: number; ms: number }[] = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await fetchOnce().catch(() => {});
      latencies.push({ at: t0, ms: performance.now() - t0 });
      await sleep(10);
    }
  })();
  return { latencies, stop: async () => ((stop = true), await done) };
}

interface RunResult {
  status: number;
  importMs: number;
  healthMaxMs: number;
  healthP99Ms: number;
  readMaxMs: number;
  readP99Ms: number;
  rssGrowthMiB: number;
  samples: number;
}

async function once(c: Case, bytes: Buffer): Promise<RunResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-import-"));
  const server = startServer({ port: await freePort(), dataDir });
  try {
    await waitReady(server);
    const admin = await login(server.base, DEMO.admin.userName, DEMO.admin.password);
    const reader = await login(server.base, DEMO.zhangwei.userName, DEMO.zhangwei.password);
    await sleep(2000); // idle: the start's work done
    const pid = server.child.pid!;
    const idle = await rssMiB(pid);
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMiB(pid));
        await sleep(20);
      }
    })();
    const health = poller(async () => void (await fetch(`${server.base}/healthz`).then((r) => r.text())));
    const read = poller(async () => void (await call(server.base, "GET", "/sysUserEx/getUserInfo", { sid: reader })));
    await sleep(500);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), `${c.key}.xlsx`);
    const t0 = performance.now();
    const res = await call(server.base, "POST", `/sourceData/${c.kind}/import`, { sid: admin, form });
    const t1 = performance.now();
    await Promise.all([health.stop(), read.stop()]);
    sampling = false;
    await sampler;
    if (res.status !== c.expect) throw new Error(`${c.key}: expected ${c.expect}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    // Latencies of the requests sent while the import was under way.
    const during = (l: { at: number; ms: number }[]) => l.filter((x) => x.at >= t0 && x.at <= t1).map((x) => x.ms).sort((a, b) => a - b);
    const h = during(health.latencies);
    const r = during(read.latencies);
    return {
      status: res.status,
      importMs: t1 - t0,
      healthMaxMs: h.at(-1) ?? NaN,
      healthP99Ms: percentile(h, 99),
      readMaxMs: r.at(-1) ?? NaN,
      readP99Ms: percentile(r, 99),
      rssGrowthMiB: peak - idle,
      samples: h.length + r.length,
    };
  } finally {
    await server.stop();
    // PostgreSQL may still be writing its last files (pg_logical) a moment after the server stopped: retry.
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

export async function run(ctx: BenchContext, options: { only?: string[] } = {}): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const c of CASES.filter((x) => !options.only || options.only.includes(x.key))) {
    const bytes = c.make();
    const results: RunResult[] = [];
    for (let r = 0; r < ctx.runs; r++) {
      results.push(await once(c, bytes));
      const x = results.at(-1)!;
      ctx.log(
        `import: ${c.key} ${r + 1}/${ctx.runs}: ${x.status} in ${Math.round(x.importMs)} ms; /healthz max ${Math.round(x.healthMaxMs)} ms, read max ${Math.round(x.readMaxMs)} ms (${x.samples} requests); node +${x.rssGrowthMiB.toFixed(0)} MiB`,
      );
    }
    const of = (k: keyof RunResult) => results.map((x) => x[k] as number);
    figures.push(
      figure(`import.${c.key}.worstLatencyMs`, `${c.label}: slowest other request during it (/healthz or a database read)`, "ms", results.map((x) => Math.max(x.healthMaxMs, x.readMaxMs)), { op: "<", value: 200, anchor: "issue 20" }, {
        healthMaxMs: of("healthMaxMs").map(Math.round),
        healthP99Ms: of("healthP99Ms").map(Math.round),
        readMaxMs: of("readMaxMs").map(Math.round),
        readP99Ms: of("readP99Ms").map(Math.round),
        requests: of("samples"),
      }),
      figure(`import.${c.key}.rssGrowthMiB`, `${c.label}: node's memory above idle at its peak`, "MiB", of("rssGrowthMiB"), { op: "<", value: 100, anchor: "issue 20" }),
      figure(`import.${c.key}.ms`, `${c.label}: the import's answer (HTTP ${c.expect})`, "ms", of("importMs"), undefined, { workbookBytes: bytes.length }),
    );
    notes.push(`${c.label}: a ${(bytes.length / 2 ** 20).toFixed(1)} MiB workbook.`);
  }
  notes.push(
    "Each run starts a server on a throwaway DATA_DIR (embedded PostgreSQL), signs in the administrator and zhangwei, waits 2 s, then sends one import while two pollers ask /healthz and getUserInfo (a session lookup and a user read) one after another, 10 ms apart; latencies count the requests sent while the import was under way.",
    "Memory is node's VmRSS sampled every 20 ms; growth is its peak minus the value just before the import (idle: exceljs not yet loaded, so its loading is counted). The upload itself (the workbook is read into memory, at most 10 MB) is part of it.",
    "The pollers, the import's sender, the server and its PostgreSQL share the machine's 2 cores.",
  );
  return { key: "import", title: "An import's cost to everyone else", figures, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = parseArgs({ runs: 3, only: "" });
  const section = await run({ root: ROOT, runs: a.runs, log: (l) => console.error(l) }, { only: a.only ? a.only.split(",") : undefined });
  console.log(JSON.stringify(section, null, 2));
}
