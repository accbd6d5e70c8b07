// Issue 23, live notifications at scale: 2,000 open streams on one instance. A server runs the
// embedded database; a second instance (scripts/bench/notificationServer.ts, forked with
// --expose-gc) holds the streams, all of one person (NOTIFICATION_STREAMS_PER_USER raised for the
// bench). Figures:
//   memory per stream  the instance's heap (after a full collection) and RSS with 2,000 streams
//                      open, minus the same with none, divided by 2,000
//   fan-out            from sending COMMIT of a task that waits on the person (its trigger writes
//                      the notification and NOTIFYs) to each of the 2,000 clients reading the event:
//                      p50, p99 and the slowest, over 20 events a run
//
//   node --import tsx scripts/bench/notifications.ts [--runs 3] [--streams 2000]
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { DEMO, ROOT, embeddedUrl, freePort, login, parseArgs, sleep, startServer, waitReady } from "../lib/server.ts";
import type { BenchContext } from "./context.ts";
import { figure, percentile, type Figure, type Section } from "./types.ts";

const EVENTS = 20;

interface Instance {
  child: ChildProcess;
  base: string;
  ask<T>(what: string, key: string): Promise<T>;
}

async function startInstance(databaseUrl: string, streams: number): Promise<Instance> {
  const child = fork(path.join(ROOT, "scripts/bench/notificationServer.ts"), [], {
    cwd: ROOT,
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      WEB_DIR: "/nonexistent",
      NODE_ENV: "development",
      DEMO_SEED: "false",
      CAPTCHA_ENABLED: "false",
      NOTIFICATION_STREAMS_PER_USER: String(streams),
      NOTIFICATION_STREAMS_PER_INSTANCE: String(streams + 100),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { listening?: number }) => resolve(m.listening ?? 0));
    child.once("exit", (code) => reject(new Error(`the instance exited (${code}) before it listened`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    ask: (what, key) =>
      new Promise((resolve) => {
        const on = (m: Record<string, unknown>) => {
          if (key in m) {
            child.off("message", on);
            resolve(m as never);
          }
        };
        child.on("message", on);
        child.send({ ask: what });
      }),
  };
}

/** One open stream: resolves once it is ready; records when each notification id arrives. */
function openStream(base: string, sid: string, arrivals: Map<number, number[]>): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/portal-api/notification/stream`, { headers: { sid }, agent: false });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith("event: ready")) resolve(req);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id && block.startsWith("event: notification")) {
            const list = arrivals.get(Number(id)) ?? [];
            list.push(at);
            arrivals.set(Number(id), list);
          }
        }
      });
    });
  });
}

interface RunResult {
  heapPerStreamKiB: number;
  rssPerStreamKiB: number;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
  openMs: number;
}

async function once(instance: Instance, db: pg.Client, sid: string, userId: number, streams: number, log: (l: string) => void): Promise<RunResult> {
  type Mem = { memory: NodeJS.MemoryUsage; streams: number };
  const before = await instance.ask<Mem>("memory", "memory");
  const arrivals = new Map<number, number[]>();
  const t0 = performance.now();
  const open: http.ClientRequest[] = [];
  for (let i = 0; i < streams; i += 100) open.push(...(await Promise.all(Array.from({ length: Math.min(100, streams - i) }, () => openStream(instance.base, sid, arrivals)))));
  const openMs = performance.now() - t0;
  const after = await instance.ask<Mem>("memory", "memory");
  if (after.streams !== streams) throw new Error(`the instance holds ${after.streams} streams, not ${streams}`);
  const latencies: number[] = [];
  let delivered = 0;
  for (let e = 0; e < EVENTS; e++) {
    await db.query("BEGIN");
    const { rows } = await db.query("INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, task_status, task_name) VALUES ($1, 0, 0, 1, $2) RETURNING id", [userId, `Bench approval ${e}`]);
    const { rows: n } = await db.query("SELECT max(id)::bigint AS id FROM portal_notification WHERE record_id = $1 AND kind = 'taskPending'", [rows[0].id]);
    const id = Number(n[0].id);
    const sent = performance.now();
    await db.query("COMMIT");
    const deadline = Date.now() + 30_000;
    while ((arrivals.get(id)?.length ?? 0) < streams && Date.now() < deadline) await sleep(5);
    const got = arrivals.get(id) ?? [];
    delivered += got.length;
    latencies.push(...got.map((at) => at - sent));
    await sleep(100);
  }
  for (const r of open) r.destroy();
  const deadline = Date.now() + 30_000;
  while ((await instance.ask<Mem>("memory", "memory")).streams > 0 && Date.now() < deadline) await sleep(200);
  latencies.sort((a, b) => a - b);
  const result = {
    heapPerStreamKiB: (after.memory.heapUsed - before.memory.heapUsed) / streams / 1024,
    rssPerStreamKiB: (after.memory.rss - before.memory.rss) / streams / 1024,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    delivered,
    expected: EVENTS * streams,
    openMs,
  };
  log(
    `notifications: ${streams} streams open in ${Math.round(openMs)} ms; heap ${result.heapPerStreamKiB.toFixed(1)} KiB, RSS ${result.rssPerStreamKiB.toFixed(1)} KiB a stream; fan-out p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms; ${delivered}/${result.expected} delivered`,
  );
  return result;
}

export async function run(ctx: BenchContext, options: { streams?: number } = {}): Promise<Section> {
  const streams = options.streams ?? 2000;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-notifications-"));
  const server = startServer({ port: await freePort(), dataDir });
  let instance: Instance | undefined;
  let direct: pg.Client | undefined;
  const results: RunResult[] = [];
  try {
    await waitReady(server);
    const databaseUrl = await embeddedUrl(dataDir);
    instance = await startInstance(databaseUrl, streams);
    const sid = await login(instance.base, DEMO.zhangwei.userName, DEMO.zhangwei.password);
    direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    const { rows } = await direct.query("SELECT id FROM sys_user WHERE user_name = $1", [DEMO.zhangwei.userName]);
    for (let r = 0; r < ctx.runs; r++) results.push(await once(instance, direct, sid, rows[0].id, streams, ctx.log));
  } finally {
    await direct?.end().catch(() => {});
    if (instance) {
      await instance.ask("close", "closed").catch(() => {});
      instance.child.kill();
    }
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
  const of = (k: keyof RunResult) => results.map((x) => x[k]);
  const figures: Figure[] = [
    figure("notifications.heapPerStreamKiB", `Heap per open stream (${streams} streams, after a full GC)`, "KiB", of("heapPerStreamKiB")),
    figure("notifications.rssPerStreamKiB", `RSS per open stream (${streams} streams)`, "KiB", of("rssPerStreamKiB")),
    figure("notifications.fanoutP99Ms", `Fan-out p99, COMMIT sent to event read, to ${streams} streams`, "ms", of("p99"), undefined, {
      p50: of("p50").map((x) => Math.round(x * 10) / 10),
      max: of("max").map(Math.round),
      delivered: of("delivered"),
      expected: of("expected"),
    }),
    figure("notifications.fanoutP50Ms", `Fan-out p50 to ${streams} streams`, "ms", of("p50")),
    figure("notifications.openMs", `Opening ${streams} streams (100 at a time, each to its ready event)`, "ms", of("openMs")),
  ];
  const notes = [
    `A server on a throwaway DATA_DIR runs the embedded database; a second instance on it (forked with --expose-gc) holds ${streams} streams of one person (zhangwei; NOTIFICATION_STREAMS_PER_USER raised to ${streams} for the bench), opened over ${streams} separate connections from the bench process.`,
    "Memory: the instance's process.memoryUsage() after three full collections with the streams open, minus the same just before they opened, divided by the streams; RSS includes the sockets' kernel-side buffers only as far as they are mapped in the process.",
    `Fan-out: ${EVENTS} events a run, each a task inserted for the person in a transaction (the trigger writes the notification and NOTIFYs); the clock starts when COMMIT is sent and stops when each client has read the event, so it covers the commit, the NOTIFY, the instance's read of the row, ${streams} socket writes and the clients' reads, all on the machine's 2 cores (the bench's own clients included).`,
  ];
  return { key: "notifications", title: `Live notifications: ${streams} open streams on one instance (issue 23)`, figures, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = parseArgs({ runs: 3, streams: 2000 });
  const section = await run({ root: ROOT, runs: a.runs, log: (l) => console.error(l) }, { streams: a.streams });
  console.log(JSON.stringify(section, null, 2));
}
