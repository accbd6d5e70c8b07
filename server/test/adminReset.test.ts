import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbedded } from "../src/db/embedded.ts";
import { connect } from "../src/db/client.ts";
import { administratorRemains } from "../src/lib/administrators.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 18, item 5: `npm run admin:reset -- --user NAME` gives access back from a shell, on a
// database locked out in every way the API now refuses (arranged here in SQL, as a database from
// before the fix or edited by hand could be), with DATABASE_URL and with the embedded database in
// DATA_DIR (started for the moment, or the one of a running server).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the command as an operator would (npm run admin:reset -- ...): exit code and output. */
function adminReset(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "", ...env };
  if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL; // the suite's own DATABASE_URL is not the operator's
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/adminReset.ts", ...args], { cwd: ROOT, env: childEnv, timeout: 180_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;
const loginAnswer = (userName: string, password: string) =>
  t.call("POST", "/sysUserEx/baseLogin", { body: { userName, password: t.app.transportKey.encrypt(password) } });

describe("admin:reset with DATABASE_URL", () => {
  it("restores a database locked out every way: role off, emptied, re-coded and unmarked, user disabled and locked, menus deleted", async () => {
    await t.sql.query(`
      UPDATE sys_role SET status = 0, is_admin = false, role_code = 'gone' WHERE role_code = 'admin';
      DELETE FROM sys_role_menu WHERE role_id = (SELECT id FROM sys_role WHERE role_code = 'gone');
      DELETE FROM sys_menu WHERE url = '/sys/user' OR url LIKE 'sys:user:%' OR url = 'sys:role:edit';
      UPDATE sys_user SET status = 0 WHERE user_name = 'admin';
      INSERT INTO sys_login_throttle (key, failures, locked_until) VALUES ('pair:admin|127.0.0.1', 9, now() + interval '10 minutes'), ('acct:admin', 50, NULL);`);
    expect(await administratorRemains(t.app.db)).toBe(false);
    expect((await loginAnswer("admin", "Admin@12345")).statusCode).not.toBe(200);

    const run = await adminReset(["--user", "admin", "--database-url", t.databaseUrl]);
    expect([run.code, run.out]).toEqual([0, expect.stringContaining("done: admin can sign in and manage users and roles")]);
    expect(run.out).toContain(`admin:reset on database ${t.databaseUrl.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")}`);
    expect(run.out).toMatch(/menus: restored 7 missing menus and buttons/); // /sys/user, its 5 buttons, sys:role:edit
    expect(run.out).toMatch(/administrator role: none existed; created "管理员" \(code admin/);
    expect(run.out).toMatch(/user admin: was disabled, enabled/);
    expect(run.out).toMatch(/user admin: given the administrator role, as primary role/);
    expect(run.out).toMatch(/user admin: login lock after failed attempts cleared/);
    expect(run.out).not.toContain("Admin@12345");

    const answer = await loginAnswer("admin", "Admin@12345");
    expect(answer.statusCode).toBe(200);
    const sid = answer.json().data.sid;
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data).toMatchObject({ roleCode: "admin", isAdmin: true });
    expect((await t.call("POST", "/sysUserRole/page", { sid, body: {} })).statusCode).toBe(200);
    expect((await t.call("GET", "/sysUserEx/changeRoleStatus", { sid, query: { id: (await q("SELECT id FROM sys_role WHERE role_code = 'staff'"))[0].id, status: 1 } })).statusCode).toBe(200);
    // Every menu and button is granted to the administrator role.
    const [{ missing }] = await q("SELECT count(*)::int AS missing FROM sys_menu m WHERE NOT EXISTS (SELECT 1 FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id WHERE r.is_admin AND rm.menu_id = m.id)");
    expect(missing).toBe(0);

    // A second run finds everything in place and changes nothing.
    const again = await adminReset(["--user", "admin", "--database-url", t.databaseUrl]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/menus: every menu and button of the product is there/);
    expect(again.out).toMatch(/administrator role: "管理员" \(code admin, id \d+\) found/);
    expect(again.out).toMatch(/granted 0 more menus and buttons/);
    expect(again.out).toMatch(/user admin: already holds the administrator role as primary role/);
  }, 120_000);

  it("an unknown user is refused (exit 1, nothing changed) unless --create; --new-password prints a new one", async () => {
    await t.sql.query("UPDATE sys_role SET status = 0 WHERE is_admin");
    const refused = await adminReset(["--user", "nobody", "--database-url", t.databaseUrl]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/There is no user "nobody".*--create/);
    expect((await q("SELECT status FROM sys_role WHERE is_admin"))[0].status).toBe(0); // rolled back

    const created = await adminReset(["--user", "rescuer", "--create", "--database-url", t.databaseUrl]);
    expect(created.code).toBe(0);
    const password = /Password of rescuer \(shown once, change it after signing in\): (\S+)/.exec(created.out)?.[1];
    expect(password).toBeTruthy();
    const sid = (await loginAnswer("rescuer", password!)).json().data.sid;
    // The generated password is to be changed at the first sign-in, as an administrator's is (issue 21).
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data).toMatchObject({ isAdmin: true, mustChangePassword: true });

    const renewed = await adminReset(["--user", "rescuer", "--new-password", "--database-url", t.databaseUrl]);
    const next = /Password of rescuer \(shown once, change it after signing in\): (\S+)/.exec(renewed.out)?.[1];
    expect(next).toBeTruthy();
    expect(next).not.toBe(password);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode).toBe(401); // sessions ended
    expect((await loginAnswer("rescuer", password!)).statusCode).toBe(401);
    expect((await loginAnswer("rescuer", next!)).statusCode).toBe(200);
  }, 120_000);
});

describe("admin:reset on the embedded database (DATA_DIR)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-admin-reset-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("starts it for the moment when no server runs, or uses the running server's database", async () => {
    // A new DATA_DIR (no demo seed): the first administrator of an empty database.
    const first = await adminReset(["--user", "root1", "--create", "--data-dir", dir]);
    expect([first.code, first.out]).toEqual([0, expect.stringContaining(`admin:reset on the embedded database in ${dir}`)]);
    expect(first.out).toMatch(/menus: restored \d+ missing menus and buttons/);
    expect(first.out).toContain("done: root1 can sign in and manage users and roles");

    // A server holds DATA_DIR (this process, with the lock and the database running): the command uses its database.
    const running = await startEmbedded(dir);
    try {
      const second = await adminReset(["--user", "root1", "--data-dir", dir]);
      expect([second.code, second.out]).toEqual([0, expect.stringContaining(`admin:reset on the embedded database of the server running on ${dir}`)]);
      expect(second.out).toMatch(/user root1: already holds the administrator role as primary role/);
      const { pool, db } = connect(running.url, 1);
      try {
        expect(await administratorRemains(db)).toBe(true);
        const { rows } = await pool.query("SELECT u.user_name, r.is_admin, r.status FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id");
        expect(rows).toEqual([{ user_name: "root1", is_admin: true, status: 1 }]);
      } finally {
        await pool.end();
      }
    } finally {
      await running.stop();
    }
  }, 300_000);
});

