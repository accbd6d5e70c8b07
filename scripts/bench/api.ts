// Issue 9, section 1: API throughput and latency with autocannon on loopback, 50 connections,
// after a warm-up. The baseline is a bare Fastify hello-world (scripts/bench/hello.ts) started the
// same way as the portal's server; each portal route's req/s is reported as a ratio to the
// baseline measured in the same run, so a busy machine moves both and not the ratio.
//
//   node --import tsx scripts/bench/api.ts [--runs 5] [--duration 10] [--connections 50]
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API, DEMO, ROOT, call, encryptedPassword, freePort, login, parseArgs, sleep, startServer, waitReady, type ServerProcess } from "../lib/server.ts";
import type { BenchContext } from "./context.ts";
import { figure, type Figure, type Section } from "./types.ts";

export interface ApiOptions {
  duration: number;
  connections: number;
  warmup: number;
}

interface Target {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** A widget read: held to the issue's budgets. */
  widget: boolean;
}

/** The bare hello-world process. */
async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/hello.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("exit", () => r()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => /listening/.test(String(d)) && resolve());
    child.on("exit", (code) => reject(new Error(`hello-world exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hello`,
    async stop() {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000).then(() => child.kill("SIGKILL"))]);
    },
  };
}

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
}

async function cannon(url: string, o: ApiOptions, duration: number, req: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Measured> {
  const r = await autocannon({ url, connections: o.connections, duration, ...req });
  return { perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, failures: r.non2xx + r.errors };
}

/**
 * The log-in wave of one person: the key, log in (captcha off), user info, menus. `refused()` counts
 * the 2xx answers whose envelope code is not 0 (autocannon counts the non-2xx ones itself).
 */
function loginWave(users: { userName: string; cipher: string }[]): { requests: autocannon.Request[]; refused(): number } {
  let next = 0;
  let refused = 0;
  const ok = (status: number, text: string) => {
    if (status >= 200 && status < 300 && !text.startsWith('{"code":0')) refused++;
  };
  const requests: autocannon.Request[] = [
    { method: "GET", path: `${API}/sysUserEx/getPublicKey`, onResponse: ok },
    {
      method: "POST",
      path: `${API}/sysUserEx/baseLogin`,
      setupRequest: (req) => {
        const u = users[next++ % users.length];
        return { ...req, headers: { "content-type": "application/json" }, body: JSON.stringify({ userName: u.userName, password: u.cipher }) };
      },
      onResponse: (status, text, c) => {
        ok(status, text);
        try {
          c.sid = JSON.parse(text).data?.sid;
        } catch {
          c.sid = undefined;
        }
      },
    },
    { method: "GET", path: `${API}/sysUserEx/getUserInfo`, setupRequest: (req, c) => ({ ...req, headers: { sid: c.sid ?? "" } }), onResponse: ok },
    {
      method: "POST",
      path: `${API}/api/RoleMenuController/getRoleMenuVOByRoles`,
      setupRequest: (req, c) => ({ ...req, headers: { sid: c.sid ?? "", "content-type": "application/json" }, body: "{}" }),
      onResponse: ok,
    },
  ];
  return { requests, refused: () => refused };
}

export async function run(ctx: BenchContext, options: Partial<ApiOptions> = {}): Promise<Section> {
  const o: ApiOptions = { duration: 10, connections: 50, warmup: 3, ...options };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-api-"));
  let hello: Awaited<ReturnType<typeof startHello>> | undefined;
  let server: ServerProcess | undefined;
  try {
    hello = await startHello();
    server = startServer({ port: await freePort(), dataDir, env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(1_000_000), CAPTCHA_ENABLED: "false" } });
    await waitReady(server);
    const sid = await login(server.base, DEMO.zhangwei.userName, DEMO.zhangwei.password);
    const me = await call(server.base, "GET", "/sysUserEx/getUserInfo", { sid });
    const userId = me.body?.data?.id as number;
    const today = new Date().toLocaleDateString("sv-SE");
    const targets: Target[] = [
      { key: "layout", label: "layout list (personalLayout/listByUserId)", method: "GET", path: `/personalLayout/listByUserId?userId=${userId}`, widget: true },
      { key: "taskPage", label: "task page (personalTask/getWidgetTaskPage)", method: "POST", path: "/personalTask/getWidgetTaskPage", body: { page: 1, pageSize: 10, userId }, widget: true },
      { key: "apps", label: "app list (personalApp/listWidgetApp)", method: "GET", path: `/personalApp/listWidgetApp?userId=${userId}&pcOrH5Status=2`, widget: true },
      { key: "calendar", label: "calendar day (personalCalendar/listCalendar)", method: "POST", path: "/personalCalendar/listCalendar", body: { startTime: `${today} 00:00:00`, endTime: `${today} 23:59:59`, userId }, widget: true },
    ];
    // Each read answers code 0 with data before it is measured (a fast refusal would flatter it).
    for (const t of targets) {
      const a = await call(server.base, t.method, t.path, { sid, body: t.body });
      if (a.status !== 200 || a.body?.code !== 0 || a.body.data == null) throw new Error(`${t.key} does not answer data: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    }
    const request = (t: Target) => ({
      method: t.method,
      headers: { sid, ...(t.body ? { "content-type": "application/json" } : {}) },
      ...(t.body ? { body: JSON.stringify(t.body) } : {}),
    });
    const users = await Promise.all(Object.values(DEMO).map(async (a) => ({ userName: a.userName, cipher: await encryptedPassword(server!.base, a.password) })));

    ctx.log(`api: warm-up ${o.warmup} s per target`);
    await cannon(hello.url, o, o.warmup);
    for (const t of targets) await cannon(`${server.base}${API}${t.path}`, o, o.warmup, request(t));

    const baseline: Measured[] = [];
    const byTarget = new Map<string, Measured[]>(targets.map((t) => [t.key, []]));
    const waves: { perSecond: number; wavesPerSecond: number; p50: number; p99: number; failures: number }[] = [];
    for (let r = 0; r < ctx.runs; r++) {
      const b = await cannon(hello.url, o, o.duration);
      baseline.push(b);
      ctx.log(`api: run ${r + 1}/${ctx.runs} baseline ${Math.round(b.perSecond)} req/s p99 ${b.p99} ms`);
      for (const t of targets) {
        const m = await cannon(`${server.base}${API}${t.path}`, o, o.duration, request(t));
        byTarget.get(t.key)!.push(m);
        ctx.log(`api: run ${r + 1}/${ctx.runs} ${t.key} ${Math.round(m.perSecond)} req/s (${(m.perSecond / b.perSecond).toFixed(3)} of baseline) p99 ${m.p99} ms${m.failures ? `, ${m.failures} FAILED` : ""}`);
      }
      const wave = loginWave(users);
      const w = await autocannon({ url: server.base, connections: o.connections, duration: o.duration, requests: wave.requests, initialContext: {}, timeout: 60 });
      const failed = w.non2xx + w.errors + wave.refused();
      waves.push({ perSecond: w.requests.average, wavesPerSecond: w.requests.total / wave.requests.length / w.duration, p50: w.latency.p50, p99: w.latency.p99, failures: failed });
      ctx.log(`api: run ${r + 1}/${ctx.runs} login wave ${(w.requests.total / wave.requests.length / w.duration).toFixed(1)} waves/s, p99 ${w.latency.p99} ms${failed ? `, ${failed} FAILED` : ""}`);
    }

    const figures: Figure[] = [figure("api.baseline.reqPerSec", "hello-world baseline (bare Fastify, same process setup)", "req/s", baseline.map((b) => b.perSecond), undefined, { p99Ms: baseline.map((b) => b.p99) })];
    for (const t of targets) {
      const ms = byTarget.get(t.key)!;
      const ratios = ms.map((m, i) => m.perSecond / baseline[i].perSecond);
      const detail = { reqPerSec: ms.map((m) => Math.round(m.perSecond)), p50Ms: ms.map((m) => m.p50), failures: ms.reduce((a, m) => a + m.failures, 0) };
      figures.push(figure(`api.${t.key}.ratio`, `${t.label}: req/s ÷ baseline`, "ratio", ratios, { op: ">=", value: 0.08, anchor: "Fastify with one pg query per request measured 0.10 here" }, detail));
      figures.push(figure(`api.${t.key}.p99`, `${t.label}: p99 latency`, "ms", ms.map((m) => m.p99), { op: "<", value: 20, anchor: "issue 9" }));
    }
    figures.push(
      figure("api.loginWave.wavesPerSec", "log-in wave (key, log in, user info, menus): waves per second", "waves/s", waves.map((w) => w.wavesPerSecond), undefined, {
        reqPerSec: waves.map((w) => Math.round(w.perSecond)),
        ratioToBaseline: waves.map((w, i) => +(w.perSecond / baseline[i].perSecond).toFixed(4)),
        p50Ms: waves.map((w) => w.p50),
        p99Ms: waves.map((w) => w.p99),
        failures: waves.reduce((a, w) => a + w.failures, 0),
      }),
    );
    const failures = [...byTarget.values()].flat().reduce((a, m) => a + m.failures, 0) + waves.reduce((a, w) => a + w.failures, 0);
    return {
      key: "api",
      title: "API throughput and latency",
      figures,
      notes: [
        `autocannon on loopback, ${o.connections} connections, ${o.warmup} s warm-up per target, then ${o.duration} s per target per run; the baseline is measured first in every run and each ratio uses its own run's baseline.`,
        "Widget reads as zhangwei (18 apps, 3 reports, 23 pending tasks, 3 entries today) with one session; every read answered code 0 with data before it was measured.",
        `The log-in wave logs the three demo accounts in over and over (captcha off, the per-address log-in limit raised); each log-in costs one scrypt hash (N=2^15), which bounds it.`,
        `The load generator, the server and its PostgreSQL share the machine's ${os.cpus().length} cores.`,
        failures ? `**${failures} requests failed** (non-2xx, a refused envelope or a connection error).` : "No request failed (non-2xx, a refused envelope or a connection error).",
      ],
    };
  } finally {
    await hello?.stop();
    if (server) await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = parseArgs({ runs: 5, duration: 10, connections: 50, warmup: 3 });
  const section = await run({ root: ROOT, runs: a.runs, log: (l) => console.error(l) }, a);
  console.log(JSON.stringify(section, null, 2));
}
