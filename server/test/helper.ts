import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { createThrowawayDatabase } from "../src/db/createDatabase.ts";

export interface TestApp {
  app: FastifyInstance;
  /** A raw connection to this test's database, for arranging state the API cannot (expiry). */
  sql: pg.Pool;
  /** This test's database, for a second app on it (several instances sharing one database). */
  databaseUrl: string;
  login(userName: string, password: string): Promise<string>;
  call(method: string, url: string, opts?: { sid?: string; body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `call` of a TestApp for any app (a second instance on the same database, say). */
export function callerFor(app: FastifyInstance): TestApp["call"] {
  return (method, url, opts = {}) =>
    app.inject({
      method: method as any,
      url: `/portal-api${url}`,
      query: opts.query as any,
      payload: opts.body as any,
      headers: { ...(opts.sid ? { sid: opts.sid } : {}), ...opts.headers },
    });
}

/** A fresh database (migrated and seeded) and app per test file, like fastify/demo's helper. */
export async function buildTestApp(overrides: Partial<Config> = {}, options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const adminUrl = inject("pgAdminUrl");
  const database = await createThrowawayDatabase(adminUrl, "t");
  const databaseUrl = database.url;

  const config: Config = { ...loadConfig({ NODE_ENV: "test", WEB_DIR: "/nonexistent" }), captchaEnabled: false, ...overrides };
  const app = await buildApp({ config, databaseUrl, logStream: options.logStream });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const call = callerFor(app);

  return {
    app,
    sql,
    databaseUrl,
    call,
    async login(userName, password) {
      const res = await call("POST", "/sysUserEx/baseLogin", { body: { userName, password: app.transportKey.encrypt(password) } });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.body}`);
      return res.json().data.sid as string;
    },
    async close() {
      await app.close();
      await sql.end();
      await database.drop();
    },
  };
}

/**
 * A user an administrator created or reset, as after their own password change: the test is about
 * something else, and a password an administrator gave holds the next password sign-in to the
 * change (issue 21; mustChangePassword.test.ts covers that step itself).
 */
export async function asOwnPassword(t: TestApp, userName: string): Promise<void> {
  await t.sql.query("UPDATE sys_user SET must_change_password = false WHERE user_name = $1", [userName]);
}
