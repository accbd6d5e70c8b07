// Bench section 2 (issue 9): search and page latency at the large seed.
//
// A real server (startServer: `node --import tsx server/src/server.ts`, embedded PostgreSQL, a
// throwaway DATA_DIR on loopback) gets the large seed (scripts/seedLarge.ts, scale 1: 100,000
// employees, 100,000 UPNs, 20,000 certificates, 20,000 users with 1,000,000 tasks, 50,000 policies).
// Then, per operation, 200 varied requests (a seeded PRNG picks the terms from the seeded rows) go
// through the HTTP API one after the other, after a warm-up of the same requests; the 200 are
// repeated ctx.runs times. Each operation's figure is its p95 per run (the median over runs is
// what the budget judges), p50 in detail; each query kind's p50/p95 too.
//
// Who asks: the administrator (admin / Admin@12345) for everything. The task page is read for the
// seeded users with the administrator's session and `userId` (getTaskPage lets an administrator
// read any user's tasks; the seeded users have no password, see seedLarge.ts): the SQL is the
// same as the user's own session would run.
//
// The EXPLAIN: the slowest query kind (highest p95 in the last run) and its slowest request are
// replayed IN PROCESS through the same handler function the server runs, on a Drizzle instance
// over the same database whose logger records every statement with its parameters; each recorded
// SELECT is then run as EXPLAIN (ANALYZE, BUFFERS) with the same parameters. So the attached
// plans are of the exact SQL the handler sends, not a rewrite.
//
//   node --import tsx scripts/bench/search.ts [--runs 3] [--scale 1] [--queries 200]
import { drizzle } from "drizzle-orm/node-postgres";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import * as schema from "../../server/src/db/schema.ts";
import { handlerFor } from "../../server/src/handlers/index.ts";
import { DEMO, embeddedUrl, freePort, login, parseArgs, prng, ROOT, startServer, waitReady, type ServerProcess } from "../lib/server.ts";
import { BUS, FAMILIES, GIVEN, PROCESSES, seedLarge, SURNAMES, TOPICS } from "../seedLarge.ts";
import { figure, median, percentile, type Figure, type Section } from "./types.ts";

export interface BenchContext {
  root: string;
  runs: number;
  log(line: string): void;
}

const API = "/portal-api";
const BUDGET = { op: "<" as const, value: 30, anchor: "issue 9: search and page queries at the large seed" };

/** One request of the benchmark: an operation, its kind (what sort of term) and its body. */
interface Query {
  op: Op;
  kind: string;
  body: Record<string, unknown>;
}

const OPS = {
  searchEmployee: "/search/searchEmployee",
  searchUPNList: "/search/searchUPNList",
  searchNMPAList: "/search/searchNMPAList",
  getTaskPage: "/personalTask/getTaskPage",
  pageHelpCenterList: "/helpCenter/pageHelpCenterList",
  pageBscPolicyByLabelId: "/helpCenter/pageBscPolicyByLabelId",
  sysUserRolePage: "/sysUserRole/page",
} as const;
type Op = keyof typeof OPS;

// ------------------------------------------------------------------------------ the queries

interface Samples {
  employees: { employee_no: string; chinese_name: string; english_name: string; email: string }[];
  upns: { upn: string; name: string }[];
  certs: { certificate_code: string; product_name_cn: string; product_name_en: string }[];
  busyUsers: number[];
  users: number[];
  topFolders: number[];
  subFolders: number[];
  labels: number[];
  userNames: string[];
}

async function samples(db: pg.ClientBase): Promise<Samples> {
  // every 97th/101st row: spread over the seeded rows, the same rows every run
  const q = async <T>(text: string) => (await db.query(text)).rows as T[];
  return {
    employees: await q("SELECT employee_no, chinese_name, english_name, email FROM md_employee WHERE employee_no >= 'E200000' AND id % 97 = 0 ORDER BY id LIMIT 500"),
    upns: await q("SELECT upn, name FROM md_upn WHERE (upn LIKE 'H76%' OR upn LIKE '08714700%') AND right(upn, 3)::int % 97 = 0 ORDER BY upn LIMIT 500"),
    certs: await q("SELECT certificate_code, product_name_cn, product_name_en FROM md_nmpa_certificate WHERE id % 41 = 0 ORDER BY id LIMIT 300"),
    busyUsers: (await q<{ id: number }>("SELECT user_id AS id FROM personal_task GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 10")).map((r) => r.id),
    users: (await q<{ id: number }>("SELECT id FROM sys_user WHERE user_name LIKE 'perf%' AND id % 37 = 0 ORDER BY id LIMIT 500")).map((r) => r.id),
    topFolders: (await q<{ id: number }>("SELECT id FROM bsc_folder WHERE parent_id IS NULL AND folder_name LIKE '性能 %' ORDER BY id")).map((r) => r.id),
    subFolders: (await q<{ id: number }>("SELECT f.id FROM bsc_folder f JOIN bsc_folder p ON p.id = f.parent_id WHERE p.folder_name LIKE '性能 %' ORDER BY f.id")).map((r) => r.id),
    labels: (await q<{ id: number }>("SELECT id FROM bsc_label WHERE label_name LIKE '性能标签%' AND status = 1 ORDER BY id")).map((r) => r.id),
    userNames: (await q<{ user_name: string }>("SELECT user_name FROM sys_user WHERE user_name LIKE 'perf%' AND id % 53 = 0 ORDER BY id LIMIT 200")).map((r) => r.user_name),
  };
}

const dayText = (d: Date) => d.toISOString().slice(0, 10);

/** 200 (count) requests per operation, drawn by a seeded PRNG from the sample rows. */
export function buildQueries(s: Samples, count: number, seed = 9009): Record<Op, Query[]> {
  const g = prng(seed);
  const chance = (p: number) => g.next() < p;
  const times = <T>(f: () => T) => Array.from({ length: count }, f);
  const today = new Date();
  const monthsAgo = (m: number) => dayText(new Date(today.getFullYear(), today.getMonth() - m, today.getDate()));

  const employee = (): Query => {
    const e = g.pick(s.employees);
    const r = g.next();
    const q = (kind: string, keyword: string): Query => ({ op: "searchEmployee", kind, body: { keyword, page: 1, pageSize: 10 } });
    if (r < 0.25) return q("chineseName", e.chinese_name);
    if (r < 0.35) return q("surnameCn", g.pick(SURNAMES.slice(0, 20))[0]);
    if (r < 0.5) return q("englishName", e.english_name);
    if (r < 0.55) return q("englishSwapped", e.english_name.split(" ").reverse().join(" "));
    if (r < 0.7) return q("pinyinPart", g.pick(GIVEN)[1] + (chance(0.5) ? g.pick(GIVEN)[1] : ""));
    if (r < 0.8) return q("emailPrefix", e.email.split(".").slice(0, 2).join("."));
    if (r < 0.92) return q("employeeNo", e.employee_no);
    return q("employeeNoPart", e.employee_no.slice(0, 5));
  };
  const upn = (): Query => {
    const u = g.pick(s.upns);
    const r = g.next();
    const q = (kind: string, keyword: string): Query => ({ op: "searchUPNList", kind, body: { keyword, page: chance(0.1) ? 2 : 1, pageSize: 10 } });
    if (r < 0.3) return q("upnExact", u.upn);
    if (r < 0.55) return q("upnPrefix", u.upn.slice(0, 6 + g.int(0, 4)));
    if (r < 0.75) return q("nameCn", g.pick(FAMILIES)[0].slice(0, 2 + g.int(0, 3)));
    return q("nameEn", g.pick(FAMILIES)[1].split(" ").slice(-1 - g.int(0, 1)).join(" "));
  };
  const nmpa = (): Query => {
    const c = g.pick(s.certs);
    const r = g.next();
    const q = (kind: string, keyword: string): Query => ({ op: "searchNMPAList", kind, body: { keyword, page: 1, pageSize: 10 } });
    if (r < 0.35) return q("codeExact", c.certificate_code);
    if (r < 0.55) return q("codePrefix", c.certificate_code.slice(0, 8 + g.int(0, 3)));
    if (r < 0.8) return q("productCn", c.product_name_cn.slice(0, 2 + g.int(0, 2)));
    return q("productEn", c.product_name_en.split(" ").slice(0, 1 + g.int(0, 1)).join(" "));
  };
  const task = (): Query => {
    const userId = chance(0.25) ? g.pick(s.busyUsers) : g.pick(s.users);
    const view = g.pick([
      { receiveOrSponsor: 0, handledStatus: 0, name: "pending" },
      { receiveOrSponsor: 0, handledStatus: 1, name: "processed" },
      { receiveOrSponsor: 1, handledStatus: 1, name: "submitted" },
      { receiveOrSponsor: 1, handledStatus: 0, name: "drafts" },
    ]);
    const body: Record<string, unknown> = { userId, receiveOrSponsor: view.receiveOrSponsor, handledStatus: view.handledStatus, page: 1, pageSize: 10 };
    const kinds = [view.name];
    // the task centre sends its default six-month range unless cleared
    if (chance(0.7)) Object.assign(body, { startDate: monthsAgo(6), endDate: dayText(today) });
    else if (chance(0.3)) Object.assign(body, { startDate: monthsAgo(1), endDate: dayText(today) });
    if (chance(0.25)) (body.processStatus = g.int(0, 7), kinds.push("process"));
    if (chance(0.2)) (body.approvalStatus = g.pick([1, 2, 4, 8, 16, 32]), kinds.push("approval"));
    if (chance(0.1)) (body.taskStatus = g.int(0, 1), kinds.push("taskStatus"));
    if (chance(0.1)) (body.completeStatus = g.int(0, 1), kinds.push("complete"));
    if (chance(0.25)) {
      const p = g.pick(PROCESSES);
      body.title = g.pick([p[0], p[0].slice(0, 2), `${p[2]}-00`, g.pick(SURNAMES)[0] + g.pick(GIVEN)[0]]);
      kinds.push("title");
    }
    if (chance(0.15)) (body.page = g.int(2, 6), kinds.push("deepPage"));
    if (chance(0.15)) body.pageSize = g.pick([20, 50]);
    return { op: "getTaskPage", kind: (s.busyUsers.includes(userId) ? "busy:" : "") + kinds.join("+"), body };
  };
  const helpList = (): Query => {
    const r = g.next();
    const body: Record<string, unknown> = { page: chance(0.2) ? g.int(2, 5) : 1, pageSize: 10 };
    const keyword = () => {
      const t = g.pick(TOPICS);
      return g.pick([t[0], t[0].slice(0, 2), t[1].split(" ")[0], `PERF-00${g.int(100, 499)}`, `版本 ${g.int(1, 50000)}`]);
    };
    if (r < 0.25) return { op: "pageHelpCenterList", kind: "topFolder", body: { ...body, folderId: g.pick(s.topFolders) } };
    if (r < 0.4) return { op: "pageHelpCenterList", kind: "subFolder", body: { ...body, folderId: g.pick(s.subFolders) } };
    if (r < 0.8) return { op: "pageHelpCenterList", kind: "keyword", body: { ...body, keyword: keyword() } };
    if (r < 0.9) return { op: "pageHelpCenterList", kind: "folder+keyword", body: { ...body, folderId: g.pick(s.topFolders), keyword: keyword() } };
    return { op: "pageHelpCenterList", kind: "all", body };
  };
  const byLabel = (): Query => ({
    op: "pageBscPolicyByLabelId",
    kind: "label",
    body: { labelId: g.pick(s.labels), page: chance(0.3) ? g.int(2, 20) : 1, pageSize: g.pick([10, 10, 20]) },
  });
  const adminUsers = (): Query => {
    const body: Record<string, unknown> = { page: chance(0.6) ? 1 : g.int(2, 200), pageSize: g.pick([10, 10, 20, 50]) };
    const kinds: string[] = [];
    if (chance(0.35)) {
      body.userName = g.pick([g.pick(s.userNames), g.pick(s.userNames).slice(0, 7), g.pick(SURNAMES)[0], g.pick(SURNAMES)[0] + g.pick(GIVEN)[0]]);
      kinds.push("userName");
    }
    if (chance(0.2)) (body.bu = g.pick(BUS).slice(0, 3 + g.int(0, 3)), kinds.push("bu"));
    if (chance(0.15)) (body.status = g.int(0, 1), kinds.push("status"));
    if (chance(0.15)) (body.roleCode = g.pick(["staff", "editor", "admin"]), kinds.push("roleCode"));
    if (chance(0.3)) (body.sortField = g.pick(["id", "userName", "realName", "bu", "createTime", "status"]), body.sortOrder = g.pick(["asc", "desc"]), kinds.push("sort"));
    if ((body.page as number) > 1) kinds.push("deepPage");
    return { op: "sysUserRolePage", kind: kinds.join("+") || "plain", body };
  };
  return {
    searchEmployee: times(employee),
    searchUPNList: times(upn),
    searchNMPAList: times(nmpa),
    getTaskPage: times(task),
    pageHelpCenterList: times(helpList),
    pageBscPolicyByLabelId: times(byLabel),
    sysUserRolePage: times(adminUsers),
  };
}

// ------------------------------------------------------------------------------ measuring

async function timed(base: string, sid: string, q: Query): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}${API}${OPS[q.op]}`, { method: "POST", headers: { sid, "content-type": "application/json" }, body: JSON.stringify(q.body) });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200 || JSON.parse(text).code !== 0) throw new Error(`${q.op} ${JSON.stringify(q.body)}: ${res.status} ${text.slice(0, 300)}`);
  return ms;
}

/**
 * Replays one request in process through the server's own handler, recording its SQL, then runs
 * EXPLAIN (ANALYZE, BUFFERS) of each recorded SELECT with its parameters.
 */
export async function explainRequest(url: string, q: Query, adminUserId: number): Promise<{ text: string; slowestMs: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    const statements: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => void statements.push({ sql, params }) } });
    const opId = q.op === "sysUserRolePage" ? "sysUserRolePage" : q.op;
    const req = {
      server: { db },
      body: q.body,
      query: {},
      session: { userId: adminUserId, isAdmin: true, userName: "admin", realName: "admin", roleCode: "admin", permissions: new Set<string>() },
    };
    await handlerFor(opId)!(req as never, {} as never);
    const parts: { ms: number; text: string }[] = [];
    for (const s of statements) {
      if (!/^\s*select/i.test(s.sql)) continue;
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params as unknown[]);
      const lines = plan.rows.map((r) => r["QUERY PLAN"] as string);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? NaN);
      parts.push({ ms, text: `-- ${s.sql}\n-- parameters: ${JSON.stringify(s.params)}\n${lines.join("\n")}` });
    }
    parts.sort((a, b) => b.ms - a.ms);
    return { text: parts.map((p) => p.text).join("\n\n"), slowestMs: parts[0]?.ms ?? NaN };
  } finally {
    await pool.end();
  }
}

export async function run(ctx: BenchContext, opts: { scale?: number; queries?: number; dataDir?: string } = {}): Promise<Section> {
  const scale = opts.scale ?? 1;
  const count = opts.queries ?? 200;
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "bench-search-")));
  const keepDir = opts.dataDir !== undefined;
  let server: ServerProcess | undefined;
  try {
    server = startServer({ port: await freePort(), dataDir });
    await waitReady(server);
    const url = await embeddedUrl(dataDir);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    let seeded: Awaited<ReturnType<typeof seedLarge>>;
    let s: Samples;
    let adminUserId: number;
    try {
      ctx.log(`search: seeding the large data (scale ${scale}) ...`);
      seeded = await seedLarge(db, { scale, log: ctx.log });
      ctx.log(`search: seed ${seeded.added ? "added" : "was already there"} in ${(seeded.ms / 1000).toFixed(1)} s`);
      s = await samples(db);
      adminUserId = (await db.query("SELECT id FROM sys_user WHERE user_name = 'admin'")).rows[0].id;
    } finally {
      await db.end();
    }
    const sid = await login(server.base, DEMO.admin.userName, DEMO.admin.password);
    const queries = buildQueries(s, count);
    const all = Object.values(queries).flat();

    ctx.log(`search: warm-up (${all.length} requests)`);
    for (const q of all) await timed(server.base, sid, q);

    const perRun: Record<Op, number[][]> = Object.fromEntries(Object.keys(OPS).map((k) => [k, []])) as unknown as Record<Op, number[][]>;
    let last: { q: Query; ms: number }[] = [];
    for (let r = 0; r < ctx.runs; r++) {
      last = [];
      for (const op of Object.keys(OPS) as Op[]) {
        const times: number[] = [];
        for (const q of queries[op]) {
          const ms = await timed(server.base, sid, q);
          times.push(ms);
          last.push({ q, ms });
        }
        perRun[op].push(times);
      }
      ctx.log(`search: run ${r + 1}/${ctx.runs} done`);
    }

    const figures: Figure[] = [];
    for (const op of Object.keys(OPS) as Op[]) {
      const sorted = perRun[op].map((t) => [...t].sort((a, b) => a - b));
      const p95 = sorted.map((t) => percentile(t, 95));
      const p50 = sorted.map((t) => percentile(t, 50));
      // per kind over every run
      const byKind = new Map<string, number[]>();
      perRun[op].forEach((times) => times.forEach((ms, i) => byKind.set(queries[op][i].kind, [...(byKind.get(queries[op][i].kind) ?? []), ms])));
      const kinds = Object.fromEntries(
        [...byKind].map(([k, v]) => {
          const t = v.sort((a, b) => a - b);
          return [k, { n: t.length / ctx.runs, p50: +percentile(t, 50).toFixed(2), p95: +percentile(t, 95).toFixed(2), max: +t[t.length - 1].toFixed(2) }];
        }),
      );
      figures.push(
        figure(`search.${op}.p95Ms`, `${op}: p95 of ${count} varied requests at the large seed`, "ms", p95, BUDGET, {
          p50Runs: p50.map((x) => +x.toFixed(2)),
          p50Median: +median(p50).toFixed(2),
          maxRuns: sorted.map((t) => +t[t.length - 1].toFixed(2)),
          kinds,
        }),
      );
    }

    // the slowest kind (highest p95 over every run's requests of that kind, at least 3 a run) and its slowest request of the last run
    const kindStats = figures.flatMap((f) =>
      Object.entries(f.detail!.kinds as Record<string, { n: number; p95: number }>)
        .filter(([, v]) => v.n >= 3)
        .map(([kind, v]) => ({ op: f.key.split(".")[1] as Op, kind, p95: v.p95 })),
    );
    kindStats.sort((a, b) => b.p95 - a.p95);
    const worst = kindStats[0];
    const worstRequest = last.filter((x) => x.q.op === worst.op && x.q.kind === worst.kind).sort((a, b) => b.ms - a.ms)[0];
    const plan = await explainRequest(url, worstRequest.q, adminUserId);

    const sizes = (await (async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(
          "SELECT relname, n_live_tup::bigint AS rows FROM pg_stat_user_tables WHERE relname IN ('md_employee','md_upn','md_nmpa_certificate','sys_user','personal_task','bsc_policy') ORDER BY relname",
        )).rows;
      } finally {
        await c.end();
      }
    })()) as { relname: string; rows: string }[];

    return {
      key: "search",
      title: "Search and page latency at the large seed",
      figures,
      notes: [
        `Large seed (scripts/seedLarge.ts, scale ${scale}): ${Object.entries(seeded.counts).map(([k, v]) => `${k} ${v.toLocaleString("en")}`).join(", ")}; seeded in ${(seeded.ms / 1000).toFixed(1)} s. Table rows: ${sizes.map((r) => `${r.relname} ${Number(r.rows).toLocaleString("en")}`).join(", ")}.`,
        `Each operation: ${count} requests from a seeded PRNG (names, partial names, pinyin, e-mail prefixes, employee numbers, UPN exact/prefix/product words, certificate codes, every task-page list and filter for the busiest and random seeded users, help-centre folders/keywords/tags, admin user page filters, sorts and deep pages), sequential over HTTP on loopback after one warm-up pass; ${ctx.runs} runs; the figure is each run's p95 (p50 in detail).`,
        "Sessions: the administrator for every request; the task page reads seeded users' tasks with userId (the same SQL as the user's own session).",
        `Slowest query kind: ${worst.op} "${worst.kind}" (p95 ${worst.p95} ms); its slowest request ${JSON.stringify(worstRequest.q.body)} took ${worstRequest.ms.toFixed(1)} ms over HTTP. The attached EXPLAIN (ANALYZE, BUFFERS) is of the SQL the handler itself sent for that request (replayed in process through the same handler, statements recorded by Drizzle's logger), slowest statement first.`,
      ],
      attachments: [{ title: `EXPLAIN (ANALYZE, BUFFERS): ${worst.op} ${worst.kind} ${JSON.stringify(worstRequest.q.body)}`, text: plan.text }],
    };
  } finally {
    if (server) await server.stop();
    if (!keepDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ runs: 3, scale: 1, queries: 200, dataDir: "" });
  run({ root: ROOT, runs: args.runs, log: (l) => console.error(l) }, { scale: args.scale, queries: args.queries, dataDir: args.dataDir || undefined })
    .then((section) => console.log(JSON.stringify(section, null, 2)))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
