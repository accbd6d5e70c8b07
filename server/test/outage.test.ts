import net from "node:net";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { connect } from "../src/db/client.ts";
import { createThrowawayDatabase } from "../src/db/createDatabase.ts";
import { freePort } from "../src/db/embedded.ts";
import { isDatabaseUnavailable } from "../src/db/unavailable.ts";
import { registerErrorHandler } from "../src/plugins/errors.ts";
import { callerFor, type TestApp } from "./helper.ts";
import { dbProxy, type DbProxy } from "./support/dbProxy.ts";

// Issue 20 item 3: a database that cannot be reached answers 503 (code 503, both languages), never
// 500 and never "session expired"; /readyz says so and /healthz does not (the database is not this
// process's own here); everything works again once the database is back. The app reaches its
// database through a relay the test can cut (support/dbProxy.ts).

const DB_MESSAGES = { resultMessage: "数据库不可用", resultEnMessage: "The database is not reachable" };

let proxy: DbProxy;
let app: FastifyInstance;
let call: TestApp["call"];
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createThrowawayDatabase(inject("pgAdminUrl"), "t");
  drop = database.drop;
  proxy = await dbProxy(database.url);
  const config = { ...loadConfig({ NODE_ENV: "test", WEB_DIR: "/nonexistent" }), captchaEnabled: false };
  app = await buildApp({ config, databaseUrl: proxy.url });
  call = callerFor(app);
});
afterAll(async () => {
  await proxy.up(); // pool.end() needs no server, but leave nothing half-cut
  await app.close();
  await proxy.close();
  await drop();
});

async function login(userName: string, password: string) {
  const res = await call("POST", "/sysUserEx/baseLogin", { body: { userName, password: app.transportKey.encrypt(password) } });
  expect(res.statusCode).toBe(200);
  return res.json().data.sid as string;
}

describe("the database goes away under a running app", () => {
  it("answers 503 with both messages (never 500, never 4004), /readyz 503, /healthz 200; all is back when the database is", async () => {
    const sid = await login("zhangwei", "Staff@12345");
    expect((await call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode).toBe(200);

    await proxy.down();
    // A signed-in read (the session is looked up first), a write, and a public call that needs the database.
    const answers = [
      await call("GET", "/sysUserEx/getUserInfo", { sid }),
      await call("POST", "/helpcenterTalkShow", { sid, body: { content: "during the outage" } }),
      await call("POST", "/sysUserEx/baseLogin", { body: { userName: "lina", password: app.transportKey.encrypt("Staff@12345") } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, data: null, ...DB_MESSAGES });
      expect(res.headers["retry-after"]).toBe("5");
    }
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, ready.json()]).toEqual([503, { code: 503, data: null, ...DB_MESSAGES }]);
    // Restarting this server would not bring an external database back: it stays alive.
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    await proxy.up();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    // The same session, still signed in.
    const again = await call("GET", "/sysUserEx/getUserInfo", { sid });
    expect([again.statusCode, again.json().code]).toEqual([200, 0]);
  });
});

describe("a connection cut while a transaction holds it", () => {
  it("fails that transaction as unreachable and leaves the process running", async () => {
    const { pool } = connect(proxy.url, 2);
    const errors: unknown[] = [];
    const onUncaught = (e: unknown) => errors.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const client = await pool.connect(); // checked out, as a transaction holds it
      await client.query("BEGIN");
      await proxy.down();
      // The client learns of the cut from its socket; give it a moment to (not) crash the process.
      await new Promise((r) => setTimeout(r, 500));
      const failure = await client.query("SELECT 1").then(() => null, (e: unknown) => e);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      client.release(failure as Error);
      expect(errors).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await proxy.up();
      await pool.end();
    }
  });
});

describe("which failures are the database being unreachable", () => {
  // A bare app with the server's error handler and a pool of its own, each route failing one way.
  let bare: FastifyInstance;
  let pools: pg.Pool[] = [];
  let blackHole: net.Server;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    const url = inject("pgAdminUrl");
    const { db, pool } = connect(url, 2);
    // A server that accepts connections and never answers: the connect timeout is what fails.
    blackHole = net.createServer((socket) => held.push(socket));
    const holePort = await freePort();
    await new Promise<void>((r) => blackHole.listen(holePort, "127.0.0.1", () => r()));
    const silent = new pg.Pool({ connectionString: Object.assign(new URL(url), { port: String(holePort) }).toString(), connectionTimeoutMillis: 300 });
    silent.on("error", () => {});
    const refused = new pg.Pool({ connectionString: Object.assign(new URL(url), { port: String(await freePort()) }).toString() });
    refused.on("error", () => {});
    pools = [pool, silent, refused];
    bare = Fastify();
    registerErrorHandler(bare);
    bare.get("/ourBug", async () => db.execute(sql`SELECT * FROM no_such_table`)); // 42P01
    bare.get("/constraint", async () => db.execute(sql`SELECT 1 / 0`)); // 22012
    bare.get("/terminated", async () => db.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`)); // 57P01
    bare.get("/refused", async () => refused.query("SELECT 1")); // ECONNREFUSED
    bare.get("/connectTimeout", async () => silent.query("SELECT 1"));
    bare.get("/plain", async () => {
      throw new Error("something of ours broke");
    });
  });
  afterAll(async () => {
    await bare.close();
    await Promise.all(pools.map((p) => p.end().catch(() => {})));
    for (const socket of held) socket.destroy();
    await new Promise((r) => blackHole.close(r));
  });

  it.each([
    ["/terminated", 503],
    ["/refused", 503],
    ["/connectTimeout", 503],
    ["/ourBug", 500],
    ["/constraint", 500],
    ["/plain", 500],
  ])("%s answers %i", async (url, status) => {
    const res = await bare.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(
      status === 503 ? { code: 503, data: null, ...DB_MESSAGES } : { code: 500, data: null, resultMessage: "服务器内部错误", resultEnMessage: "Internal server error" },
    );
  });

  it("looks through what wraps the failure (drizzle's cause, Node's AggregateError, the security handlers' list)", () => {
    const adminShutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" });
    const missingTable = Object.assign(new Error('relation "x" does not exist'), { code: "42P01", severity: "ERROR" });
    expect(isDatabaseUnavailable(new Error("Failed query: select", { cause: adminShutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })]), {}))).toBe(true);
    expect(isDatabaseUnavailable({ errors: [new Error("Connection terminated unexpectedly")] })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03", severity: "FATAL" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006", severity: "FATAL" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select", { cause: missingTable }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("password authentication failed"), { code: "28P01", severity: "FATAL" }))).toBe(false);
  });
});
