import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { AdminSession } from "./fuzz/admin.ts";
import { RequestGen, type FuzzRequest } from "./fuzz/requests.ts";
import { invalidity, judge, refusedBeforeAuthentication, send, UNREADABLE, undeclaredMediaType, unroutable, urlOf } from "./fuzz/runner.ts";
import { routedOperations, type FuzzOperation } from "./fuzz/schema.ts";

// Issue 8, API fuzzing from the contract: for every routed operation, requests generated from its
// parameters and body schema - conforming ones and hostile ones (wrong types, missing fields,
// oversized strings and arrays, unknown fields, odd unicode, SQL and script payloads, huge numbers,
// bad ids, broken bodies and multipart forms) - sent with the administrator's session, and a few
// without any. Every answer: no 5xx, a status the operation declares, a body matching that
// status's schema, both languages in an error; an invalid request is refused with a 4xx; an
// operation behind security refuses a request without a session with 401 code 4004.
//
// Seeded: FUZZ_SEED (default below) reproduces a run; FUZZ_RUNS sets the valid requests per
// operation (four times as many invalid ones). `npm run fuzz -- --runs N --seed S` is the long run.

const DEFAULT_SEED = 20261122;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : DEFAULT_SEED;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const VALID_RUNS = RUNS ?? 6;
const INVALID_RUNS = RUNS ? RUNS * 4 : 24;
const ANONYMOUS_RUNS = RUNS ? Math.max(3, Math.ceil(RUNS / 2)) : 3;
if (!Number.isInteger(SEED) || (RUNS !== undefined && !(Number.isInteger(RUNS) && RUNS > 0))) throw new Error("FUZZ_SEED and FUZZ_RUNS must be integers");

const { ops } = await routedOperations();

/** One seed per operation, from the run's seed, so one operation reproduces alone. */
const seedOf = (op: FuzzOperation) => {
  let h = SEED | 0;
  for (const ch of op.operationId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

const stats = { requests: 0, invalid: 0, meantInvalidButConforming: 0, rateLimited: 0, byStatus: new Map<number, number>() };

let t: TestApp;
let admin: AdminSession;
let weather: http.Server;

beforeAll(async () => {
  // The weather operations ask a provider: a local one that knows no city (never the internet).
  weather = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/v1/get")) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: true, reason: "Location ID not found." }));
    } else if (req.url?.startsWith("/v1/forecast")) {
      res.end(JSON.stringify({ current: { temperature_2m: 1.5, weather_code: 3, is_day: 1 }, daily: { temperature_2m_max: [4], temperature_2m_min: [-1] } }));
    } else res.end("{}");
  });
  await new Promise<void>((resolve) => weather.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(weather.address() as AddressInfo).port}`;
  t = await buildTestApp({ weather: { geocodingUrl: url, forecastUrl: url } });
  admin = new AdminSession(t);
  await admin.init();
});

afterAll(async () => {
  console.log(
    `fuzz: seed ${SEED}, ${ops.length} operations, ${stats.requests} requests (${stats.invalid} invalid; ${stats.meantInvalidButConforming} mutations the server's coercion accepts), ` +
      `${stats.rateLimited} answered 429, admin session repaired ${admin?.repairs ?? 0} times; statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])))}`,
  );
  if (refusedBeforeAuthentication.size)
    console.log(`fuzz: without a session, refused for an unreadable body or an address the router refuses, before authentication (400/415, not 401): ${refusedBeforeAuthentication.size} operations`);
  await t?.close();
  await new Promise((resolve) => weather?.close(resolve));
});

const short = (v: unknown) => {
  const s = typeof v === "string" ? v : JSON.stringify(v, (_k, x) => (Buffer.isBuffer(x) || (x && x.type === "Buffer") ? `<${x.length ?? x.data?.length} bytes>` : x));
  return s && s.length > 600 ? `${s.slice(0, 600)}... (${s.length} chars)` : s;
};

function describeRequest(op: FuzzOperation, req: FuzzRequest) {
  const body = req.body?.type === "multipart" ? req.body.parts.map((p) => ({ ...p, data: `<${p.data.length} bytes>` })) : (req.body as any)?.value ?? (req.body as any)?.payload;
  return `${op.method} ${short(urlOf(op, req))} [${req.mutation}] body=${short(body)}`;
}


async function exercise(op: FuzzOperation, req: FuzzRequest, mode: "admin" | "anonymous") {
  const anonymous = mode === "anonymous";
  const sent = anonymous ? req : admin.neutralise(op.operationId, req);
  const invalid = invalidity(op, sent);
  // Uploads are rate limited per user (30 a minute): the run resets that counter instead of waiting.
  if (op.body?.["multipart/form-data"] && !anonymous) await t.sql.query("DELETE FROM sys_rate_counter WHERE key LIKE 'upload:%'");
  const res = await send(t, op, sent, anonymous ? undefined : admin.sid);
  stats.requests += 1;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode === 429) stats.rateLimited += 1;
  if (invalid) stats.invalid += 1;
  else if (req.mutation !== "valid") stats.meantInvalidButConforming += 1;
  const problems = judge(op, res, {
    invalid,
    anonymous,
    undeclaredMediaType: undeclaredMediaType(op, sent),
    unreadableBody: UNREADABLE.has(sent.forcedInvalid ?? "") || (sent.body?.type === "rawJson" && invalid === "not JSON"),
    unroutable: unroutable(op, sent),
  });
  if (!anonymous && (AdminSession.RISKY.has(op.operationId) || res.statusCode === 401 || res.statusCode === 403)) await admin.ensure();
  if (problems.length)
    throw new Error(
      `${op.operationId}: ${problems.join("; ")}\n  request: ${describeRequest(op, sent)}${anonymous ? " (no session)" : ""}\n  answer: ${res.statusCode} ${short(res.body)}\n` +
        `  reproduce: FUZZ_SEED=${SEED}${RUNS ? ` FUZZ_RUNS=${RUNS}` : ""} npx vitest run --project api server/test/fuzz.test.ts -t ${op.operationId}`,
    );
}

async function check(op: FuzzOperation, arb: fc.Arbitrary<FuzzRequest>, numRuns: number, mode: "admin" | "anonymous", offset: number) {
  // Shrinking would replay requests against a database the earlier ones changed; report the first failure as it was.
  const seed = seedOf(op) + offset;
  const details = await fc.check(
    fc.asyncProperty(arb, (req) => exercise(op, req, mode)),
    { seed, numRuns, endOnFailure: true },
  );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${cause}\n  fast-check: seed ${seed}, path "${details.counterexamplePath}", run ${details.numRuns} of ${numRuns} (${mode})`);
  }
}

describe(`fuzzing every routed operation from the contract (seed ${SEED}, FUZZ_SEED to change)`, () => {
  it("covers the routed operations", () => {
    if (ops.length < 150) throw new Error(`only ${ops.length} operations found in the contract`);
  });

  for (const op of ops) {
    it(`${op.operationId} (${op.method} ${op.prefix}${op.path})`, { timeout: 120_000 }, async () => {
      const gen = new RequestGen(op);
      await check(op, gen.valid(), VALID_RUNS, "admin", 0);
      await check(op, gen.invalid(), INVALID_RUNS, "admin", 1);
      if (!op.isPublic) await check(op, fc.oneof(gen.valid(), gen.invalid()), ANONYMOUS_RUNS, "anonymous", 2);
    });
  }
});
