import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addReleaseMenus, RELEASE_MENUS } from "../src/lib/releaseMenus.ts";
import { buildApp } from "../src/app.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 24: a database seeded by an earlier release gets the new release's menus (with their
// buttons) at start, granted to the administrator roles, once.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const urls = RELEASE_MENUS.flatMap((r) => r.urls);
const KEYS = RELEASE_MENUS.map((r) => r.key);

/** The release's menus and their buttons, by url, with whether the administrator role holds each. */
async function present() {
  const { rows } = await t.sql.query(
    `SELECT m.url, EXISTS (SELECT 1 FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id WHERE rm.menu_id = m.id AND r.is_admin) AS granted
     FROM sys_menu m WHERE m.url = ANY($1) OR m.parent_id IN (SELECT id FROM sys_menu WHERE url = ANY($1)) ORDER BY m.url`,
    [urls],
  );
  return rows as { url: string; granted: boolean }[];
}

describe("the menus of a release", () => {
  it("are there on a new database, and the release is recorded without adding anything", async () => {
    const now = await present();
    expect(now.map((r) => r.url)).toEqual(expect.arrayContaining(urls));
    expect(now.every((r) => r.granted)).toBe(true);
    const { rows } = await t.sql.query("SELECT key, value FROM sys_meta WHERE key = ANY($1)", [KEYS]);
    expect(rows).toEqual(KEYS.map((key) => ({ key, value: "0" })));
  });

  it("reach a database seeded before the release: added under their parents with their buttons, granted to the administrator, once", async () => {
    const before = await present();
    // A database of the release before: no such menus, nothing recorded.
    await t.sql.query("DELETE FROM sys_menu WHERE parent_id IN (SELECT id FROM sys_menu WHERE url = ANY($1))", [urls]);
    await t.sql.query("DELETE FROM sys_menu WHERE url = ANY($1)", [urls]);
    await t.sql.query("DELETE FROM sys_meta WHERE key = ANY($1)", [KEYS]);
    expect(await present()).toEqual([]);

    // The next start (a second instance on the database) adds them.
    const next = await buildApp({ config: t.app.config, databaseUrl: t.databaseUrl });
    await next.close();
    expect(await present()).toEqual(before);
    const parents = (await t.sql.query("SELECT c.url, p.url AS parent FROM sys_menu c JOIN sys_menu p ON p.id = c.parent_id WHERE c.url = ANY($1) ORDER BY c.url", [urls])).rows;
    expect(parents).toContainEqual({ url: "/compliance/campaign", parent: "/policy" });
    // the change is in the audit trail as the system's
    const entry = (await t.sql.query("SELECT actor_name, operation FROM portal_audit_trail WHERE record_type = 'rolePermission' ORDER BY seq DESC LIMIT 1")).rows[0];
    expect(entry).toEqual({ actor_name: "system", operation: "release menus" });

    // Once: removed again by an administrator, it stays removed.
    await t.sql.query("DELETE FROM sys_menu WHERE url = '/esignSettings' OR parent_id IN (SELECT id FROM sys_menu WHERE url = '/esignSettings')");
    expect(await addReleaseMenus(t.app.db)).toBe(0);
    expect((await present()).some((r) => r.url === "/esignSettings")).toBe(false);
  });
});
