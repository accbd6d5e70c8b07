// Load (issue 8): the morning log-in wave with autocannon on loopback. Every connection is one
// person opening the portal, over and over: the login page's key, log in, user info, menus, the
// workspace layout and the four cards' reads (what src/auth/authProvider.ts and src/portal/widgets/api.ts
// call). Zero errors required: a non-2xx answer, an envelope code other than 0, a timeout or a
// connection error is an error (exit 1). p50/p99 latency and throughput per request kind go to
// bench/load-results.json (merged by database kind, so the embedded and the PostgreSQL run sit
// side by side) and to a table on stdout.
//
//   node --import tsx scripts/load.ts [--connections 200] [--duration 60] [--database-url URL]
//
// The server runs with LOGIN_RATE_LIMIT_PER_MINUTE raised (every connection comes from 127.0.0.1,
// and the default 30 log-ins a minute per address would refuse the wave: that is the limit doing
// its job, not the load this measures) and CAPTCHA_ENABLED=false.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  API,
  DEMO,
  ROOT,
  encryptedPassword,
  freePort,
  groupAlive,
  parseArgs,
  sleep,
  startServer,
  waitReady,
  type ServerProcess,
} from "./lib/server.ts";
import { createThrowawayDatabase } from "../server/src/db/createDatabase.ts";

const args = parseArgs({ connections: 200, duration: 60, databaseUrl: "", out: path.join(ROOT, "bench", "load-results.json"), timeout: 30 });
const database = args.databaseUrl ? "postgresql" : "embedded";

// ------------------------------------------------------------------------------ the wave
interface Ctx {
  user?: { userName: string; cipher: string };
  sid?: string;
  userId?: number;
}
type Kind = "getPublicKey" | "baseLogin" | "getUserInfo" | "menus" | "layout" | "charts" | "widgetApps" | "calendar" | "taskPage" | "taskPending";

const samples = new Map<Kind, number[]>();
const errors = new Map<Kind, number>();
const examples: string[] = [];
let lastKind: Kind | undefined; // set by onResponse, read by the 'response' event of the same answer (synchronous)

const today = new Date().toISOString().slice(0, 10);
let users: { userName: string; cipher: string }[] = [];
let nextUser = 0;

function step(kind: Kind, method: "GET" | "POST", url: string | ((c: Ctx) => string), body?: (c: Ctx) => unknown, after?: (data: any, c: Ctx) => void): autocannon.Request {
  return {
    method,
    path: typeof url === "string" ? `${API}${url}` : "",
    setupRequest: (req: autocannon.Request, c: Ctx) => {
      if (kind === "baseLogin") {
        c.user ??= users[nextUser++ % users.length];
        c.sid = undefined; // a failed log-in must not go on with the previous session
      }
      return {
        ...req,
        path: `${API}${typeof url === "string" ? url : url(c)}`,
        headers: { ...(c.sid && kind !== "baseLogin" ? { sid: c.sid } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body(c)) } : {}),
      };
    },
    onResponse: (status: number, text: string, c: Ctx) => {
      lastKind = kind;
      let envelope: any;
      try {
        envelope = JSON.parse(text);
      } catch {
        envelope = undefined;
      }
      if (status < 200 || status > 299 || envelope?.code !== 0) {
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
        if (examples.length < 10) examples.push(`${kind}: HTTP ${status} ${text.slice(0, 200)}`);
        return;
      }
      after?.(envelope.data, c);
    },
  };
}

const wave: autocannon.Request[] = [
  step("getPublicKey", "GET", "/sysUserEx/getPublicKey"),
  step("baseLogin", "POST", "/sysUserEx/baseLogin", (c) => ({ userName: c.user!.userName, password: c.user!.cipher }), (d, c) => (c.sid = d.sid)),
  step("getUserInfo", "GET", "/sysUserEx/getUserInfo", undefined, (d, c) => (c.userId = d.id)),
  step("menus", "POST", "/api/RoleMenuController/getRoleMenuVOByRoles", () => ({})),
  step("layout", "GET", (c) => `/personalLayout/listByUserId?userId=${c.userId}`),
  step("charts", "GET", (c) => `/personalChart/listByUserId?userId=${c.userId}&pcOrH5Status=2`),
  step("widgetApps", "GET", (c) => `/personalApp/listWidgetApp?userId=${c.userId}&pcOrH5Status=2`),
  step("calendar", "POST", "/personalCalendar/listCalendar", (c) => ({ startTime: `${today} 00:00:00`, endTime: `${today} 23:59:59`, userId: c.userId })),
  step("taskPage", "POST", "/personalTask/getWidgetTaskPage", (c) => ({ page: 1, pageSize: 10, userId: c.userId })),
  step("taskPending", "GET", "/personalTask/getTaskPending"),
];

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

// ------------------------------------------------------------------------------ the run
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-load-"));
const throwaway = args.databaseUrl ? await createThrowawayDatabase(args.databaseUrl, "load") : undefined;
let server: ServerProcess | undefined;
let failed = false;
try {
  server = startServer({
    port: await freePort(),
    dataDir,
    databaseUrl: throwaway?.url,
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(1_000_000) },
  });
  await waitReady(server);
  users = await Promise.all(Object.values(DEMO).map(async (a) => ({ userName: a.userName, cipher: await encryptedPassword(server!.base, a.password) })));
  console.log(`load: ${args.connections} connections for ${args.duration} s on the ${database} database (${server.base})`);

  const instance = autocannon({
    url: server.base,
    connections: args.connections,
    duration: args.duration,
    timeout: args.timeout,
    requests: wave,
    initialContext: {},
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (!lastKind) return;
    const list = samples.get(lastKind) ?? [];
    list.push(ms);
    samples.set(lastKind, list);
    lastKind = undefined;
  });
  const result = await instance;

  const seconds = result.duration;
  const kinds = Object.fromEntries(
    wave.map((_, i) => {
      const kind = (["getPublicKey", "baseLogin", "getUserInfo", "menus", "layout", "charts", "widgetApps", "calendar", "taskPage", "taskPending"] as Kind[])[i];
      const s = (samples.get(kind) ?? []).sort((a, b) => a - b);
      return [kind, { requests: s.length, perSecond: +(s.length / seconds).toFixed(1), p50Ms: +pct(s, 50).toFixed(1), p99Ms: +pct(s, 99).toFixed(1), maxMs: +(s.at(-1) ?? 0).toFixed(1), errors: errors.get(kind) ?? 0 }];
    }),
  );
  const all = [...samples.values()].flat().sort((a, b) => a - b);
  const envelopeErrors = [...errors.values()].reduce((a, b) => a + b, 0);
  const transportErrors = result.errors; // autocannon counts a timeout in errors too
  const total = {
    requests: all.length,
    perSecond: +(all.length / seconds).toFixed(1),
    wavesPerSecond: +((kinds.taskPending?.requests ?? 0) / seconds).toFixed(1),
    p50Ms: +pct(all, 50).toFixed(1),
    p99Ms: +pct(all, 99).toFixed(1),
    errors: envelopeErrors + transportErrors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    connectionErrors: result.errors - result.timeouts,
  };

  console.log(`\n${"kind".padEnd(14)}${"requests".padStart(10)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"max ms".padStart(9)}${"errors".padStart(8)}`);
  for (const [kind, k] of Object.entries(kinds))
    console.log(`${kind.padEnd(14)}${String(k.requests).padStart(10)}${String(k.perSecond).padStart(9)}${String(k.p50Ms).padStart(9)}${String(k.p99Ms).padStart(9)}${String(k.maxMs).padStart(9)}${String(k.errors).padStart(8)}`);
  console.log(`${"all".padEnd(14)}${String(total.requests).padStart(10)}${String(total.perSecond).padStart(9)}${String(total.p50Ms).padStart(9)}${String(total.p99Ms).padStart(9)}${"".padStart(9)}${String(total.errors).padStart(8)}`);
  for (const e of examples) console.log(`  error: ${e}`);

  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    /* not a checkout */
  }
  await fs.mkdir(path.dirname(args.out), { recursive: true });
  const previous = JSON.parse(await fs.readFile(args.out, "utf8").catch(() => "{}"));
  previous[database] = {
    at: new Date().toISOString(),
    commit,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os.loadavg()[0].toFixed(1)} at the end`,
    connections: args.connections,
    durationSeconds: seconds,
    users: users.map((u) => u.userName),
    total,
    kinds,
  };
  await fs.writeFile(args.out, JSON.stringify(previous, null, 2) + "\n");
  console.log(`\nload: ${total.errors ? "FAIL" : "PASS"} ${total.requests} requests in ${seconds} s (${total.perSecond}/s, ${total.wavesPerSecond} full log-in waves/s), p50 ${total.p50Ms} ms, p99 ${total.p99Ms} ms, ${total.errors} errors (${envelopeErrors} refused answers, ${result.timeouts} timeouts of ${args.timeout} s, ${result.errors - result.timeouts} connection errors); written to ${path.relative(ROOT, args.out)}`);
  failed = total.errors > 0 || total.requests === 0;
} catch (e) {
  console.error(`load: aborted: ${(e as Error).stack ?? e}`);
  failed = true;
} finally {
  if (server) {
    const code = await server.stop();
    if (code !== 0) console.error(`the server did not stop cleanly (exit ${code})`);
    for (let i = 0; i < 50 && groupAlive(server.child.pid!); i++) await sleep(100);
    if (groupAlive(server.child.pid!)) {
      console.error("server processes left running: killed");
      try { process.kill(-server.child.pid!, "SIGKILL"); } catch { /* gone */ }
      failed = true;
    }
  }
  await throwaway?.drop().catch((e) => console.error(`could not drop ${throwaway.name}: ${e}`));
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
