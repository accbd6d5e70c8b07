// Crash and durability (issue 8): a real server on loopback takes a mixed write load from several
// clients, is killed with SIGKILL at a random (seeded) moment, restarts on the same DATA_DIR or
// database, and every write it acknowledged (code 0) must be there exactly once; an import is all
// of its rows or none; every file row holds its bytes (size and sha256 agree) and every
// acknowledged upload downloads byte for byte. Issue 24: regulated writes (a role's remark, edited
// through the API one after another) run through every round, and after each restart every
// committed change has its audit trail entry and no entry exists without its change: the role's
// entries, in order, link each one's before to the previous one's after and the last one's after
// to the role as stored, every acknowledged edit is an entry's after exactly once, and the whole
// trail's hash chain verifies (server/src/lib/auditTrail/chain.ts).
//
//   node --import tsx scripts/durability.ts [--rounds 20] [--seed S] [--database-url URL] [--keep]
//
// The crash (decided): each round picks one of three kills with the seeded PRNG -
//   group:    SIGKILL to the server's whole process group (node, its embedded PostgreSQL and the
//             backends): a machine or container crash. PostgreSQL recovers from its WAL on restart.
//   node:     SIGKILL to the node process only (an OOM kill): the embedded PostgreSQL is orphaned and
//             the next server must stop it first (server/src/db/embedded.ts stopOrphan).
//   database: SIGKILL to the embedded PostgreSQL's postmaster only (its pid from
//             DATA_DIR/pg/postmaster.pid), the server left running (issue 20): the server must start
//             its database again and serve, or exit non-zero for its supervisor - this script, which
//             then starts it again. Requests cut by the kill answer 503 (code 503); their fate is
//             unknown, like a request whose connection died.
// With --database-url only node is killed (the database is not ours to crash). A kill of
// processes cannot lose what the OS has already accepted, so this does not prove fsync against a
// power cut; PostgreSQL's own fsync (on by default) covers that.
// A second server on the same DATA_DIR must refuse: checked once per run (embedded), besides
// server/test/datadir.test.ts. No process of any server started here is alive at the end.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  DEMO,
  alive,
  call,
  embeddedPostmaster,
  embeddedUrl,
  freePort,
  groupAlive,
  login,
  parseArgs,
  prng,
  sleep,
  startServer,
  waitReady,
  type Answer,
  type ServerProcess,
} from "./lib/server.ts";
import { createThrowawayDatabase } from "../server/src/db/createDatabase.ts";
import { verifyChain } from "../server/src/lib/auditTrail/chain.ts";

const args = parseArgs({ rounds: 20, seed: "", databaseUrl: "", keep: false, importRows: 1500 });
const seed = args.seed ? Number(args.seed) : crypto.randomInt(1, 2 ** 31);
const rnd = prng(seed);
const external = Boolean(args.databaseUrl);
console.log(`durability: seed ${seed}, ${args.rounds} rounds, ${external ? "external PostgreSQL" : "embedded database"}`);
console.log(`  replay: node --import tsx scripts/durability.ts --rounds ${args.rounds} --seed ${seed}${external ? " --database-url URL" : ""}`);

// ------------------------------------------------------------------------------ the ledger
// unknown: sent, and the answer never came (the crash); reported: a violation already printed
type Fate = "acked" | "unknown" | "reported";
const complaints = new Map<string, Fate>(); // content -> fate
const uploads = new Map<string, { fate: Fate; id?: number; sha256: string; size: number; bytes: Buffer }>(); // fileName ->
const imports = new Map<string, { fate: Fate; rows: number }>(); // employeeNo prefix ->
/** Per user: the last acknowledged and the last sent sequence number of layout and profile writes. */
const state = new Map<string, { layoutAcked: number; layoutSent: number; profileAcked: number; profileSent: number }>();
/** Issue 24: the role whose remark the regulated client edits; each remark sent, and whether acknowledged. */
const regulated = { roleId: 0, roleCode: "durability24", version: 0, remarks: new Map<string, Fate>(), entries: 0 };
const refused: Record<string, number> = {}; // answered, but not code 0 (429 expected; anything else is reported)
/** Answers 503 "the database is not reachable" (database kills): unanswered as far as the ledger goes. */
let unreachable = 0;
const unexpected: string[] = [];
let acknowledged = 0;
/** Writes in flight at a crash (sent, never answered) and how many of them were found stored. */
const inFlight: Record<string, { sent: number; stored: number }> = {};
const settle = (kind: string, stored: boolean) => {
  const k = (inFlight[kind] ??= { sent: 0, stored: 0 });
  k.sent++;
  if (stored) k.stored++;
};

const violations: string[] = [];
const servers: ServerProcess[] = [];

// ------------------------------------------------------------------------------ the clients
interface Client {
  name: string;
  sid: string;
}
let base = "";
let stopping = false;

/**
 * One request; undefined when the connection failed (the server died under it) or the server
 * answered that its database is not reachable (503: the database died under it; the write may or
 * may not have committed, as when a connection dies).
 */
async function send(c: Client, method: string, url: string, opts: { body?: unknown; form?: FormData }): Promise<Answer | undefined> {
  try {
    const res = await call(base, method, url, { sid: c.sid, ...opts });
    if (res.status === 503 && res.body?.code === 503) {
      unreachable++;
      return undefined;
    }
    return res;
  } catch {
    return undefined;
  }
}

function judge(kind: string, res: Answer): boolean {
  if (res.status === 200 && res.body?.code === 0) {
    acknowledged++;
    return true;
  }
  const key = `${kind} ${res.status}/${res.body?.code}`;
  refused[key] = (refused[key] ?? 0) + 1;
  if (res.status !== 429) unexpected.push(`${key}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return false;
}

const MODELS = ["chart_model", "calendar_model", "task_model", "app_model"];

/** Layout and profile writes of one user, one at a time (so "last acknowledged" is well defined). */
async function stateClient(c: Client, round: number) {
  const s = state.get(c.name)!;
  for (let i = 0; !stopping; i++) {
    if (i % 2 === 0) {
      const seq = ++s.layoutSent;
      const cards = MODELS.map((modelCode, k) => ({
        modelCode, modelAbscissaLength: 300, modelOrdinateLength: 200, modelTopMargin: k * 10, modelLeftMargin: round, isDeleted: 0, layoutVersion: seq, breakpoint: "lg",
      }));
      const res = await send(c, "POST", "/personalLayout/saveBatch", { body: cards });
      if (!res) return;
      if (judge("layout", res)) s.layoutAcked = seq;
    } else {
      const seq = ++s.profileSent;
      const res = await send(c, "POST", "/api/user/update", { body: { realName: `dur ${c.name} ${seq}` } });
      if (!res) return;
      if (judge("profile", res)) s.profileAcked = seq;
    }
  }
}

/** Complaints and uploads of one user (each identified by a unique content or file name). */
async function insertClient(c: Client, round: number) {
  let uploadsThisRound = 0;
  for (let i = 0; !stopping; i++) {
    // Uploads are rate limited per user (30 a minute): at most 2 a round, so they stay acknowledged.
    if (i % 3 === 1 && uploadsThisRound < 2) {
      uploadsThisRound++;
      const fileName = `dur-r${round}-${c.name}-${i}.png`;
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), crypto.randomBytes(rnd.int(1, 64) * 1024)]);
      const entry = { fate: "unknown" as Fate, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), size: bytes.length, bytes, id: undefined as number | undefined };
      uploads.set(fileName, entry);
      const form = new FormData();
      form.append("file", new Blob([bytes], { type: "image/png" }), fileName);
      const res = await send(c, "POST", "/fileInfoEx/uploadFile", { form });
      if (!res) return;
      if (judge("upload", res)) Object.assign(entry, { fate: "acked", id: res.body!.data.id });
      else uploads.delete(fileName); // refused: nothing of it may be stored (checked below as "unknown name")
    } else {
      const content = `DUR r${round} ${c.name} #${i} ${crypto.randomBytes(4).toString("hex")}`;
      complaints.set(content, "unknown");
      const res = await send(c, "POST", "/helpcenterTalkShow", { body: { content } });
      if (!res) return;
      if (judge("complaint", res)) complaints.set(content, "acked");
      else complaints.delete(content);
    }
  }
}

/**
 * Regulated writes (issue 24): the administrator edits one role's remark, one edit after another,
 * each sending the version it read; the audit trail enters each committed edit in its transaction.
 */
async function regulatedClient(c: Client, round: number | string, limit = Infinity) {
  for (let i = 0; !stopping && i < limit; i++) {
    const remark = `dur r${round} #${i}`;
    regulated.remarks.set(remark, "unknown");
    const res = await send(c, "PUT", "/sysRole", {
      body: { id: regulated.roleId, roleName: "Durability", roleCode: regulated.roleCode, remark, version: regulated.version },
    });
    if (!res) return;
    if (judge("regulated", res)) {
      regulated.remarks.set(remark, "acked");
      regulated.version++;
    } else regulated.remarks.delete(remark);
  }
}

/** How long an acknowledged import took (a moving average): aimed kills land in its write phase. */
let importMs = 0;
let importSent: () => void = () => {};

/** Source-data imports by the administrator: each a CSV of `rows` new employees with one prefix. */
async function importClient(c: Client, round: number | string) {
  for (let i = 0; !stopping; i++) {
    const prefix = `DI${round}X${i}`;
    const lines = ["employeeNo,englishName,city"];
    for (let k = 0; k < args.importRows; k++) lines.push(`${prefix}-${k},Durable ${k},Xiamen`);
    imports.set(prefix, { fate: "unknown", rows: args.importRows });
    const form = new FormData();
    form.append("file", new Blob([lines.join("\n") + "\n"], { type: "text/csv" }), `${prefix}.csv`);
    const t = Date.now();
    const pending = send(c, "POST", "/sourceData/employee/import", { form });
    importSent();
    const res = await pending;
    if (!res) return;
    if (judge("import", res)) {
      imports.get(prefix)!.fate = "acked";
      importMs = importMs ? 0.7 * importMs + 0.3 * (Date.now() - t) : Date.now() - t;
    } else imports.delete(prefix);
    if (round === "setup") return;
  }
}

// ------------------------------------------------------------------------------ the checks
async function verify(dbUrl: string, round: number) {
  const before = violations.length;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // Complaints: an acknowledged one exactly once; any one at most once; none that was never sent.
    const rows = (await db.query<{ content: string; n: string }>("SELECT content, count(*) n FROM talk_show WHERE content LIKE 'DUR r%' GROUP BY content")).rows;
    const stored = new Map(rows.map((r) => [r.content, Number(r.n)]));
    for (const [content, fate] of complaints) {
      const n = stored.get(content) ?? 0;
      if (fate === "acked" && n !== 1) violations.push(`round ${round}: acknowledged complaint "${content}" stored ${n} times`);
      if (fate === "unknown" && n > 1) violations.push(`round ${round}: complaint "${content}" stored ${n} times`);
      if (fate === "unknown") settle("complaint", n > 0);
      // Settled: one that is stored must stay exactly once from now on; one that is not is forgotten.
      if (n === 0) complaints.delete(content);
      else complaints.set(content, "acked");
    }
    for (const [content, n] of stored) if (!complaints.has(content)) violations.push(`round ${round}: complaint "${content}" stored ${n} times but never acknowledged or sent`);

    // Files: every row holds its bytes; every acknowledged upload is there once with its bytes.
    const bad = (await db.query("SELECT id, file_name FROM sys_file WHERE length(content) <> size OR encode(sha256(content), 'hex') <> sha256")).rows;
    for (const r of bad) violations.push(`round ${round}: file row ${r.id} (${r.file_name}) does not hold its bytes`);
    const files = (await db.query<{ id: number; file_name: string; sha256: string; size: number }>("SELECT id, file_name, sha256, size FROM sys_file WHERE file_name LIKE 'dur-r%'")).rows;
    const byName = new Map<string, typeof files>();
    for (const f of files) byName.set(f.file_name, [...(byName.get(f.file_name) ?? []), f]);
    for (const [name, u] of uploads) {
      const got = byName.get(name) ?? [];
      if (u.fate === "reported") continue;
      const known = violations.length;
      if (got.length > 1) violations.push(`round ${round}: upload ${name} stored ${got.length} times`);
      if (u.fate === "acked" && (got.length !== 1 || got[0].id !== u.id || got[0].sha256 !== u.sha256 || got[0].size !== u.size))
        violations.push(`round ${round}: acknowledged upload ${name} (id ${u.id}) ${got.length ? "stored with other bytes or id" : "lost"}`);
      if (violations.length > known) u.fate = "reported";
      else if (u.fate === "unknown") {
        settle("upload", got.length === 1);
        if (got.length === 1) Object.assign(u, { fate: "acked", id: got[0].id });
        else uploads.delete(name);
      }
    }
    for (const [name, got] of byName) if (!uploads.has(name)) violations.push(`round ${round}: file ${name} stored ${got.length} times but never acknowledged or sent`);

    // Imports: all rows of an import or none; all of an acknowledged one.
    const counts = (await db.query<{ prefix: string; n: string }>("SELECT split_part(employee_no, '-', 1) prefix, count(*) n FROM md_employee WHERE employee_no LIKE 'DI%' GROUP BY 1")).rows;
    const byPrefix = new Map(counts.map((r) => [r.prefix, Number(r.n)]));
    for (const [prefix, imp] of imports) {
      const n = byPrefix.get(prefix) ?? 0;
      if (imp.fate === "reported") continue;
      const known = violations.length;
      if (n !== 0 && n !== imp.rows) violations.push(`round ${round}: import ${prefix} is partial: ${n} of ${imp.rows} rows`);
      if (imp.fate === "acked" && n !== imp.rows) violations.push(`round ${round}: acknowledged import ${prefix} has ${n} of ${imp.rows} rows`);
      if (violations.length > known) imp.fate = "reported";
      else if (imp.fate === "unknown") {
        settle("import", n === imp.rows);
        if (n === imp.rows) imp.fate = "acked";
        else imports.delete(prefix);
      }
    }
    for (const [prefix, n] of byPrefix) if (!imports.has(prefix)) violations.push(`round ${round}: import ${prefix} has ${n} rows but was never acknowledged or sent`);

    // Layouts and profiles: the last acknowledged write, or the one in flight at the crash; a
    // layout batch whole (its four cards carry one version).
    for (const [user, s] of state) {
      const cards = (await db.query<{ model_code: string; layout_version: number }>(
        "SELECT l.model_code, l.layout_version FROM personal_layout l JOIN sys_user u ON u.id = l.user_id WHERE u.user_name = $1 AND l.breakpoint = 'lg'", [user],
      )).rows;
      const versions = new Set(cards.map((c) => c.layout_version));
      const v = cards.length ? cards[0].layout_version : 0;
      if (cards.length && (cards.length !== 4 || versions.size !== 1 || new Set(cards.map((c) => c.model_code)).size !== 4))
        violations.push(`round ${round}: ${user}'s layout is not one whole batch: ${JSON.stringify(cards)}`);
      else if (v < s.layoutAcked || v > s.layoutSent)
        violations.push(`round ${round}: ${user}'s layout is version ${v}; acknowledged ${s.layoutAcked}, last sent ${s.layoutSent}`);
      if (s.layoutSent > s.layoutAcked) settle("layout", v === s.layoutSent);
      s.layoutAcked = s.layoutSent = v;
      const [u] = (await db.query<{ real_name: string }>("SELECT real_name FROM sys_user WHERE user_name = $1", [user])).rows;
      const m = /^dur \S+ (\d+)$/.exec(u.real_name);
      const p = m ? Number(m[1]) : 0;
      if (p < s.profileAcked || p > s.profileSent)
        violations.push(`round ${round}: ${user}'s profile is "${u.real_name}"; acknowledged ${s.profileAcked}, last sent ${s.profileSent}`);
      if (s.profileSent > s.profileAcked) settle("profile", p === s.profileSent);
      s.profileAcked = s.profileSent = p;
    }

    // Regulated records (issue 24): never a change without its audit entry, nor an entry without its change.
    const known = violations.length;
    const role = (await db.query<{ remark: string | null; version: number }>("SELECT remark, version FROM sys_role WHERE id = $1", [regulated.roleId])).rows[0];
    // (the trail leaves out the version counter: an edit is one entry, of its fields)
    const entries = (await db.query<{ seq: string; before: { remark: string | null } | null; after: { remark: string | null } | null }>(
      "SELECT seq::text, before, after FROM portal_audit_trail WHERE record_type = 'role' AND record_id = $1 ORDER BY seq", [String(regulated.roleId)],
    )).rows;
    const last = entries.at(-1)?.after;
    if (!last || last.remark !== role.remark)
      violations.push(`round ${round}: the role is stored as ${JSON.stringify(role)} but its last audit entry says ${JSON.stringify(last)}`);
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [entries[i - 1].after, entries[i].before];
      if (a?.remark !== b?.remark)
        violations.push(`round ${round}: audit entry ${entries[i].seq} starts from ${JSON.stringify(b)}, the entry before it ended at ${JSON.stringify(a)}: a change without its entry`);
    }
    // Each edit changes the remark (to a text of its own): the entry that does is the edit's.
    const entered = new Map<string, number>();
    for (const e of entries)
      if (e.before && e.after && e.before.remark !== e.after.remark) entered.set(e.after.remark ?? "", (entered.get(e.after.remark ?? "") ?? 0) + 1);
    for (const [remark, n] of entered)
      if (n !== 1 || !regulated.remarks.has(remark)) violations.push(`round ${round}: the role's remark "${remark}" has ${n} audit entries${regulated.remarks.has(remark) ? "" : " but was never sent"}`);
    for (const [remark, fate] of regulated.remarks) {
      const n = entered.get(remark) ?? 0;
      if (fate === "acked" && n !== 1) violations.push(`round ${round}: the acknowledged role edit "${remark}" has ${n} audit entries`);
      if (fate === "unknown") settle("regulated", n === 1);
      if (n === 1) regulated.remarks.set(remark, "acked");
      else regulated.remarks.delete(remark);
    }
    regulated.version = role.version;
    regulated.entries = [...entered.values()].reduce((a, b) => a + b, 0);
    const chain = await verifyChain(db);
    if (chain.firstBroken) violations.push(`round ${round}: the audit trail is broken at entry ${chain.firstBroken.seq} (${chain.firstBroken.reason}), intact up to ${chain.intactUpTo}`);
    if (violations.length > known) regulated.remarks.clear();
  } finally {
    await db.end();
  }
  // Through the API too: the newest acknowledged uploads download byte for byte.
  const admin = sessions.get("admin")!;
  for (const [name, u] of [...uploads].filter(([n, u]) => u.fate === "acked" && n.startsWith(`dur-r${round}-`))) {
    const res = await fetch(`${base}/portal-api/fileInfoEx/downloadFile?id=${u.id}`, { headers: { sid: admin.sid } });
    const got = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !got.equals(u.bytes)) violations.push(`round ${round}: acknowledged upload ${name} (id ${u.id}) downloads as ${res.status}, ${got.length} bytes`);
  }
  return violations.length - before;
}

/**
 * After its postmaster was killed: the server runs a new database and answers /readyz again
 * (recovered), or exits non-zero (gave up, for its supervisor) and is started again here. Anything
 * else - an exit code 0, neither within the budget - is a violation.
 */
async function recovered(round: number, killedPid: number, since: number): Promise<string> {
  const current = server!;
  const until = Date.now() + 180_000; // eight restarts with back-off take about 40 s; a budget for a loaded machine
  while (Date.now() < until) {
    if (current.child.exitCode !== null || current.child.signalCode !== null) {
      const code = current.child.exitCode;
      if (code === 0 || code === null) violations.push(`round ${round}: the server ended (${code ?? current.child.signalCode}) instead of recovering or exiting non-zero`);
      // Its last line says why (a supervisor's log would show the same).
      const why = current.output().trim().split("\n").filter((l) => !l.startsWith("{")).pop() ?? "";
      server = await boot();
      return `the server exited (${code}: ${why.slice(0, 160)}) and was started again in ${((Date.now() - since) / 1000).toFixed(1)} s`;
    }
    const ready = await fetch(`${current.base}/readyz`).then((r) => r.ok, () => false);
    const now = embeddedPostmaster(dataDir);
    if (ready && now && now.pid !== killedPid && alive(now.pid)) return `the server restarted its database in ${((Date.now() - since) / 1000).toFixed(1)} s`;
    await sleep(100);
  }
  violations.push(`round ${round}: the server neither recovered its database nor exited within 180 s: ${current.output().slice(-2000)}`);
  current.killGroup();
  await current.exited;
  server = await boot();
  return "no recovery";
}

// ------------------------------------------------------------------------------ the run
const sessions = new Map<string, Client>();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-durability-"));
const throwaway = external ? await createThrowawayDatabase(args.databaseUrl, "durability") : undefined;
const started = Date.now();
let server: ServerProcess | undefined;

// Complaints are the insert load: far above the per-user limit a person never meets (issue 20).
const SERVER_ENV = { TALK_SHOW_POSTS_PER_MINUTE: "1000000" };

async function boot() {
  const s = startServer({ port: await freePort(), dataDir, databaseUrl: throwaway?.url, env: SERVER_ENV });
  servers.push(s);
  await waitReady(s);
  base = s.base;
  return s;
}
const dbUrl = async () => throwaway?.url ?? (await embeddedUrl(dataDir));

let exitCode = 0;
try {
  const t0 = Date.now();
  server = await boot();
  console.log(`  first start (database made and seeded) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  if (!external) {
    const second = startServer({ port: await freePort(), dataDir, env: SERVER_ENV });
    servers.push(second);
    const code = await Promise.race([second.exited, sleep(60_000).then(() => "timeout")]);
    if (code === "timeout") {
      second.killGroup();
      violations.push("a second server on the same DATA_DIR did not exit");
    } else if (code === 0 || !/Another server \(pid \d+\) is using DATA_DIR/.test(second.output()))
      violations.push(`a second server on the same DATA_DIR did not refuse (exit ${code}): ${second.output()}`);
    else console.log("  a second server on the same DATA_DIR refuses (exit code " + code + ")");
    if (!(await fetch(`${server.base}/readyz`)).ok) violations.push("the first server stopped answering after the second one's attempt");
  }

  for (const [name, acct] of Object.entries(DEMO)) {
    sessions.set(name, { name, sid: await login(base, acct.userName, acct.password) });
    state.set(name, { layoutAcked: 0, layoutSent: 0, profileAcked: 0, profileSent: 0 });
  }
  // The role the regulated writes edit (issue 24), created through the API like any role.
  const created = await call(base, "POST", "/sysRole", { sid: sessions.get("admin")!.sid, body: { roleName: "Durability", roleCode: regulated.roleCode, status: 1 } });
  if (created.body?.code !== 0) throw new Error(`could not create the regulated role: ${JSON.stringify(created.body)}`);
  {
    const db = new pg.Client({ connectionString: await dbUrl() });
    await db.connect();
    const [row] = (await db.query<{ id: number; version: number }>("SELECT id, version FROM sys_role WHERE role_code = $1", [regulated.roleCode])).rows;
    await db.end();
    Object.assign(regulated, { roleId: row.id, version: row.version });
  }
  // One import without a crash: its time aims the kills of later rounds. Then the starting state.
  await importClient(sessions.get("admin")!, "setup");
  await regulatedClient(sessions.get("admin")!, "setup", 3);
  console.log(`  an import of ${args.importRows} rows takes ${importMs} ms`);
  await verify(await dbUrl(), 0);

  for (let round = 1; round <= args.rounds; round++) {
    const kill = external ? "node" : rnd.pick(["group", "node", "database"] as const);
    // Half the rounds aim at an import: the kill comes 60-110% of an import's usual time after
    // one is sent, where it writes its rows; the others at any moment 150-1500 ms in.
    const aimed = rnd.next() < 0.5;
    const fraction = 0.6 + 0.5 * rnd.next();
    const after = rnd.int(150, 1500);
    const firstImport = new Promise<void>((r) => (importSent = r));
    stopping = false;
    const counts = { acked: acknowledged };
    const clients = [
      ...[...sessions.values()].map((c) => stateClient(c, round)),
      ...[...sessions.values()].map((c) => insertClient(c, round)),
      importClient(sessions.get("admin")!, round),
      regulatedClient(sessions.get("admin")!, round),
    ];
    let waited = after;
    if (aimed) {
      const t = Date.now();
      await firstImport;
      waited = Math.round(Date.now() - t + fraction * importMs);
      await sleep(Math.round(fraction * importMs));
    } else await sleep(after);
    const pgBefore = embeddedPostmaster(dataDir);
    let restart: string;
    if (kill === "database") {
      const t1 = Date.now();
      if (!pgBefore || !alive(pgBefore.pid)) throw new Error(`round ${round}: no embedded database to kill`);
      process.kill(pgBefore.pid, "SIGKILL");
      // A client stops at its first 503 or cut connection; one that met none (the database was back
      // before its next request) is stopped after a while. Either way the server never went away.
      await Promise.race([Promise.all(clients), sleep(5000)]);
      stopping = true;
      await Promise.all(clients);
      restart = await recovered(round, pgBefore.pid, t1);
    } else {
      if (kill === "group") server.killGroup();
      else server.killNode();
      await server.exited;
      await Promise.all(clients);
      stopping = true;
      if (kill === "group" && pgBefore && !external) {
        for (let i = 0; i < 50 && alive(pgBefore.pid); i++) await sleep(100);
        if (alive(pgBefore.pid)) violations.push(`round ${round}: the database (pid ${pgBefore.pid}) survived a group kill`);
      }
      const t1 = Date.now();
      server = await boot();
      restart = `restart ${((Date.now() - t1) / 1000).toFixed(1)} s`;
    }
    const found = await verify(await dbUrl(), round);
    console.log(
      `  round ${String(round).padStart(2)}: kill ${kill.padEnd(8)} after ${String(waited).padStart(4)} ms${aimed ? " (aimed at an import)" : ""}, ${acknowledged - counts.acked} writes acknowledged, ${restart}, ${found ? `${found} VIOLATIONS` : "all there"}`,
    );
  }
} catch (e) {
  console.error(`durability: aborted: ${(e as Error).stack ?? e}`);
  exitCode = 2;
} finally {
  stopping = true;
  if (server && server.child.exitCode === null) {
    const code = await server.stop();
    if (code !== 0 && exitCode === 0) violations.push(`the last server did not stop cleanly (exit ${code}): ${server.output().slice(-2000)}`);
  }
  // Nothing left behind: no process of any group started here, no embedded database.
  for (let i = 0; i < 50 && servers.some((s) => groupAlive(s.child.pid!)); i++) await sleep(100);
  for (const s of servers) if (groupAlive(s.child.pid!)) {
    violations.push(`processes of server group ${s.child.pid} are still running (killed now)`);
    try { process.kill(-s.child.pid!, "SIGKILL"); } catch { /* gone */ }
  }
  const pm = embeddedPostmaster(dataDir);
  if (pm && alive(pm.pid)) violations.push(`the embedded database (pid ${pm.pid}) is still running`);
  await throwaway?.drop().catch((e) => console.error(`could not drop ${throwaway.name}: ${e}`));
  if (!args.keep) await fs.rm(dataDir, { recursive: true, force: true });
  else console.log(`  DATA_DIR kept: ${dataDir}`);
}

const ackedTotals = {
  complaints: [...complaints.values()].filter((f) => f === "acked").length,
  uploads: [...uploads.values()].filter((u) => u.fate === "acked").length,
  imports: [...imports.values()].filter((i) => i.fate === "acked").length,
  layoutWrites: [...state.values()].reduce((n, s) => n + s.layoutAcked, 0),
  profileWrites: [...state.values()].reduce((n, s) => n + s.profileAcked, 0),
};
if (unexpected.length) {
  console.log(`  unexpected refusals (${unexpected.length}):`);
  for (const u of unexpected.slice(0, 20)) console.log(`    ${u}`);
}
for (const v of violations) console.log(`  VIOLATION ${v}`);
const ok = exitCode === 0 && violations.length === 0 && unexpected.length === 0;
console.log(
  `durability: ${ok ? "PASS" : "FAIL"} seed ${seed}, ${args.rounds} rounds in ${((Date.now() - started) / 1000).toFixed(0)} s on ${external ? "external PostgreSQL" : "the embedded database"}: ` +
    `${acknowledged} acknowledged writes (stored now: ${ackedTotals.complaints} complaints, ${ackedTotals.uploads} uploads, ${ackedTotals.imports} imports of ${args.importRows} rows, ` +
    `layout and profile at their last write, ${regulated.entries} audited role edits), in flight at the crashes (stored whole / sent): ${Object.entries(inFlight).map(([k, v]) => `${k} ${v.stored}/${v.sent}`).join(", ")}, refused ${JSON.stringify(refused)}, ${unreachable} answered 503 (database killed), ${violations.length} violations`,
);
process.exit(ok ? 0 : exitCode || 1);
