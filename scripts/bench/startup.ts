// Issue 9, section 4: start-up and idle memory. What `npm start` runs after its build
// (`node --import tsx server/src/server.ts`, the built app in WEB_DIR):
// - the first start on an empty DATA_DIR (database created, migrated, seeded), to /readyz;
// - a warm start on that existing DATA_DIR, to /readyz;
// - idle memory of the server with its embedded PostgreSQL, 5 s after a warm start and one page
//   load: the process tree's proportional set size (PSS: shared pages divided among the processes
//   that map them, so PostgreSQL's shared buffers count once), with the plain RSS sum and node's
//   own RSS alongside.
//
//   node --import tsx scripts/bench/startup.ts [--runs 5] [--web-dir dist]
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, freePort, parseArgs, sleep, startServer, waitReady } from "../lib/server.ts";
import type { BenchContext } from "./context.ts";
import { figure, type Section } from "./types.ts";

/** Every process whose ancestry reaches `pid` (itself included), from /proc. */
async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await fs.readFile(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** kB fields of /proc/<pid>/smaps_rollup, in MiB summed over the tree. */
export async function treeMemory(pid: number) {
  let rss = 0;
  let pss = 0;
  let nodeRss = 0;
  const pids = await processTree(pid);
  for (const p of pids) {
    try {
      const text = await fs.readFile(`/proc/${p}/smaps_rollup`, "utf8");
      const r = Number(/^Rss:\s+(\d+)/m.exec(text)?.[1] ?? 0);
      rss += r;
      pss += Number(/^Pss:\s+(\d+)/m.exec(text)?.[1] ?? 0);
      if (p === pid) nodeRss = r;
    } catch {
      /* gone or not readable */
    }
  }
  return { processes: pids.length, pssMiB: pss / 1024, rssSumMiB: rss / 1024, nodeRssMiB: nodeRss / 1024 };
}

export async function run(ctx: BenchContext, options: { webDir?: string } = {}): Promise<Section> {
  const webDir = options.webDir ?? path.join(ctx.root, "dist");
  const hasWeb = await fs.stat(path.join(webDir, "index.html")).then(() => true, () => false);
  if (!hasWeb) throw new Error(`No built app in ${webDir}: run \`npm run build\` first (the bench's npm script does).`);
  const first: number[] = [];
  const warm: number[] = [];
  const memory: Awaited<ReturnType<typeof treeMemory>>[] = [];
  const dirs: string[] = [];
  try {
    // First starts: each on its own empty DATA_DIR.
    for (let r = 0; r < ctx.runs; r++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-start-"));
      dirs.push(dataDir);
      const t0 = performance.now();
      const server = startServer({ port: await freePort(), dataDir, env: { WEB_DIR: webDir } });
      try {
        await waitReady(server);
        first.push(performance.now() - t0);
      } finally {
        await server.stop();
      }
      ctx.log(`startup: first start ${r + 1}/${ctx.runs} ${Math.round(first.at(-1)!)} ms`);
    }
    // Warm starts on the first run's DATA_DIR, then idle memory.
    for (let r = 0; r < ctx.runs; r++) {
      const t0 = performance.now();
      const server = startServer({ port: await freePort(), dataDir: dirs[0], env: { WEB_DIR: webDir } });
      try {
        await waitReady(server);
        warm.push(performance.now() - t0);
        const page = await fetch(`${server.base}/baseLogin`, { headers: { accept: "text/html" } });
        if (!page.ok) throw new Error(`/baseLogin answered ${page.status}`);
        await page.text();
        await sleep(5000);
        memory.push(await treeMemory(server.child.pid!));
      } finally {
        await server.stop();
      }
      const m = memory.at(-1)!;
      ctx.log(`startup: warm start ${r + 1}/${ctx.runs} ${Math.round(warm.at(-1)!)} ms; idle PSS ${m.pssMiB.toFixed(0)} MiB (RSS sum ${m.rssSumMiB.toFixed(0)}, node ${m.nodeRssMiB.toFixed(0)}, ${m.processes} processes)`);
    }
  } finally {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  }
  return {
    key: "startup",
    title: "Start-up and idle memory",
    figures: [
      figure("startup.warm.ms", "warm start (existing DATA_DIR) to /readyz", "ms", warm, { op: "<", value: 3000, anchor: "issue 9" }),
      figure("startup.first.ms", "first start (empty DATA_DIR: create, migrate, seed) to /readyz", "ms", first),
      figure("startup.idle.pssMiB", "idle memory of the server and its PostgreSQL (PSS of the process tree)", "MiB", memory.map((m) => m.pssMiB), { op: "<", value: 300, anchor: "issue 9: idle RSS under 300 MB" }, {
        rssSumMiB: memory.map((m) => +m.rssSumMiB.toFixed(1)),
        nodeRssMiB: memory.map((m) => +m.nodeRssMiB.toFixed(1)),
        processes: memory.map((m) => m.processes),
      }),
    ],
    notes: [
      "Times run from spawning `node --import tsx server/src/server.ts` (what `npm start` runs after `npm run build`) to the first 200 from /readyz; the build is excluded.",
      "Idle memory is read from /proc/<pid>/smaps_rollup of node and every PostgreSQL process under it, 5 s after the warm start served /baseLogin. PSS divides shared pages (PostgreSQL's shared buffers, libraries) among the processes that map them; the plain RSS sum counts them once per process and is shown for comparison.",
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = parseArgs({ runs: 5, webDir: path.join(ROOT, "dist") });
  const section = await run({ root: ROOT, runs: a.runs, log: (l) => console.error(l) }, { webDir: a.webDir });
  console.log(JSON.stringify(section, null, 2));
}
