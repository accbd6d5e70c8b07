// Issue 24, campaign progress at scale: a read-and-acknowledge campaign for everyone at the large
// seed (scripts/seedLarge.ts, scale 1: 20,000 users besides the demo's; the enabled ones are asked),
// started after four earlier campaigns for everyone, a share of them having acknowledged, and
// getCampaignProgress asked through the HTTP API. Figures:
//   progress p50/p95/p99   over `--calls` requests a run, one after the other, after a warm-up
//                          (budget: p95 under 100 ms, the issue's)
//   create                 createCampaign for everyone (resolving 20,000 people, one INSERT ...
//                          SELECT, and notifying each through portal_notify), once, for the record
// The acknowledgements are written in SQL (the seeded users have no password to sign in with),
// as the acknowledge operation writes them: the acknowledgement row and the assignment done.
//
//   node --import tsx scripts/bench/compliance.ts [--runs 3] [--scale 1] [--calls 300] [--share 0.4]
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { call, DEMO, embeddedUrl, freePort, login, parseArgs, ROOT, startServer, waitReady, type ServerProcess } from "../lib/server.ts";
import { seedLarge } from "../seedLarge.ts";
import type { BenchContext } from "./context.ts";
import { figure, percentile, type Figure, type Section } from "./types.ts";

const API = "/portal-api";
/** Campaigns for everyone started before the measured one. */
const EARLIER = 4;
const BUDGET = { op: "<" as const, value: 100, anchor: "issue 24: progress of a campaign for 20,000 people at the large seed" };

async function timedProgress(base: string, sid: string, id: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}${API}/compliance/campaign/progress?id=${id}`, { headers: { sid } });
  const body = (await res.json()) as { code: number };
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.code !== 0) throw new Error(`getCampaignProgress answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return ms;
}

export async function run(ctx: BenchContext, opts: { scale?: number; calls?: number; share?: number } = {}): Promise<Section> {
  const scale = opts.scale ?? 1;
  const calls = opts.calls ?? 300;
  const share = opts.share ?? 0.4;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-compliance-"));
  let server: ServerProcess | undefined;
  let db: pg.Client | undefined;
  try {
    server = startServer({ port: await freePort(), dataDir });
    await waitReady(server);
    db = new pg.Client({ connectionString: await embeddedUrl(dataDir) });
    await db.connect();
    ctx.log(`compliance: seeding the large data (scale ${scale}) ...`);
    const seeded = await seedLarge(db, { scale, log: ctx.log });
    ctx.log(`compliance: seed ${seeded.added ? "added" : "was already there"} in ${(seeded.ms / 1000).toFixed(1)} s`);
    const sid = await login(server.base, DEMO.admin.userName, DEMO.admin.password);

    // everyone: every top department (and so every department below) and the staff role every user holds
    const { rows: tops } = await db.query<{ id: number }>("SELECT id FROM sys_dept WHERE parent_id IS NULL ORDER BY id");
    const { rows: staff } = await db.query<{ id: number }>("SELECT id FROM sys_role WHERE role_code = 'staff'");
    const { rows: pol } = await db.query<{ policy_id: number }>("SELECT policy_id FROM bsc_policy_version WHERE policy_id IS NOT NULL ORDER BY id LIMIT 1");
    if (!pol[0]) throw new Error("no published policy version to ask for (the demo seed writes them)");
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const start = async (title: string) => {
      const t0 = performance.now();
      const made = await call(server!.base, "POST", "/compliance/campaign", {
        sid,
        body: { title, policyId: pol[0].policy_id, dueDate: due, signatureRequired: false, targets: { deptIds: tops.map((d) => d.id), roleIds: staff.map((r) => r.id), userIds: [] } },
      });
      if (made.body?.code !== 0) throw new Error(`createCampaign failed: ${JSON.stringify(made.body)}`);
      return { id: made.body.data as number, ms: performance.now() - t0 };
    };
    // earlier campaigns for everyone too, so the assignee table holds other campaigns' rows as it will
    // in use (the progress query must pick its campaign's rows by the index, not read them all)
    for (let i = 1; i <= EARLIER; i++) await start(`Bench: earlier ${i}`);
    const { id, ms: createMs } = await start("Bench: everyone");
    const { rows: [{ n: people }] } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM portal_campaign_assignee WHERE campaign_id = $1", [id]);
    ctx.log(`compliance: campaign ${id} asks ${people} people (created in ${Math.round(createMs)} ms)`);

    // a share acknowledges (every k-th person, so every department has some done)
    const { rows: [{ n: acknowledged }] } = await db.query<{ n: number }>(
      `WITH chosen AS (
         SELECT a.user_id, c.policy_version_id FROM portal_campaign_assignee a JOIN portal_campaign c ON c.id = a.campaign_id
         WHERE a.campaign_id = $1 AND a.done_at IS NULL AND (hashtext(a.user_id::text) & 1023) < $2
       ), acks AS (
         INSERT INTO portal_acknowledgement (user_id, policy_version_id) SELECT user_id, policy_version_id FROM chosen RETURNING id, user_id, acknowledged_at
       ), done AS (
         UPDATE portal_campaign_assignee a SET done_at = acks.acknowledged_at, acknowledgement_id = acks.id FROM acks WHERE a.campaign_id = $1 AND a.user_id = acks.user_id RETURNING 1
       )
       SELECT count(*)::int AS n FROM done`,
      [id, Math.round(share * 1024)],
    );
    await db.query("ANALYZE portal_campaign_assignee");
    ctx.log(`compliance: ${acknowledged} acknowledged`);

    for (let i = 0; i < 30; i++) await timedProgress(server.base, sid, id);
    const perRun: number[][] = [];
    for (let r = 0; r < ctx.runs; r++) {
      const times: number[] = [];
      for (let i = 0; i < calls; i++) times.push(await timedProgress(server.base, sid, id));
      perRun.push(times.sort((a, b) => a - b));
      ctx.log(`compliance: run ${r + 1}/${ctx.runs}: p50 ${percentile(perRun[r], 50).toFixed(1)} ms, p95 ${percentile(perRun[r], 95).toFixed(1)} ms, p99 ${percentile(perRun[r], 99).toFixed(1)} ms`);
    }
    const plan = await db.query(
      "EXPLAIN (ANALYZE, BUFFERS) SELECT dept_id, count(*), count(done_at) FROM portal_campaign_assignee WHERE campaign_id = $1 GROUP BY dept_id",
      [id],
    );
    const { rows: [{ depts }] } = await db.query<{ depts: number }>("SELECT count(DISTINCT dept_id)::int AS depts FROM portal_campaign_assignee WHERE campaign_id = $1", [id]);
    const pick = (p: number) => perRun.map((t) => percentile(t, p));
    const figures: Figure[] = [
      figure("compliance.progressP95Ms", `getCampaignProgress p95, campaign of ${people} people`, "ms", pick(95), BUDGET, {
        p50: pick(50).map((x) => Math.round(x * 10) / 10),
        p99: pick(99).map((x) => Math.round(x * 10) / 10),
        calls,
        people,
        acknowledged,
        departments: depts,
      }),
      figure("compliance.progressP50Ms", "getCampaignProgress p50", "ms", pick(50)),
      figure("compliance.progressP99Ms", "getCampaignProgress p99", "ms", pick(99)),
      figure("compliance.createMs", `createCampaign for ${people} people (resolve, insert, notify each), once`, "ms", [createMs]),
    ];
    const notes = [
      `A server on a throwaway DATA_DIR (embedded database) with the large seed at scale ${scale}; the administrator starts ${EARLIER} campaigns and then the measured one, each for every top department and the staff role (${people} people, one INSERT ... SELECT and one portal_notify call in the create's transaction), so the assignee table holds ${EARLIER + 1} x ${people} rows.`,
      `${acknowledged} of them (about ${Math.round(share * 100)}%, chosen by a hash of the user id) acknowledged, written in SQL as the acknowledge operation writes it; then ANALYZE.`,
      `getCampaignProgress over HTTP (fetch, keep-alive), ${calls} calls a run one after the other after 30 warm-up calls; p50/p95/p99 by nearest rank per run. It is one grouped query over portal_campaign_assignee by the department snapshot (index (campaign_id, dept_id)) and one read of the ${depts} departments' names.`,
    ];
    return { key: "compliance", title: "Read-and-acknowledge campaigns: progress at 20,000 people (issue 24)", figures, notes, attachments: [{ title: "EXPLAIN ANALYZE of the progress query", text: plan.rows.map((r) => r["QUERY PLAN"]).join("\n") }] };
  } finally {
    await db?.end().catch(() => {});
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = parseArgs({ runs: 3, scale: 1, calls: 300, share: 0.4 });
  const section = await run({ root: ROOT, runs: a.runs, log: (l) => console.error(l) }, { scale: a.scale, calls: a.calls, share: a.share });
  console.log(JSON.stringify(section, null, 2));
}
