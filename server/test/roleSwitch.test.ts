// Issue 20, parallel role switches: changeRole is one sid in, one sid out. Ten switches sent at once
// with one sid open exactly one new session; the old sid is dead and the other nine are answered as
// any use of an ended sid is (401, code 4004).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/lib/hash.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let linaId: number;
beforeAll(async () => {
  t = await buildTestApp();
  linaId = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'lina'")).rows[0].id;
});
afterAll(() => t?.close());

const openSessions = async () =>
  (await t.sql.query("SELECT sid_hash FROM sys_session WHERE user_id = $1 AND ended_at IS NULL", [linaId])).rows.map((r) => r.sid_hash as string);

describe("changeRole with one sid, ten times at once", () => {
  it("opens exactly one new live session and ends the old one; the others are refused 401 (code 4004)", async () => {
    for (let round = 0; round < 3; round++) {
      await t.sql.query("UPDATE sys_session SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL", [linaId]);
      const sid = await t.login("lina", "Staff@12345");
      expect(await openSessions()).toEqual([sha256(sid)]);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: "editor" } })),
      );
      const won = answers.filter((a) => a.statusCode === 200);
      expect(won, answers.map((a) => a.body).join("\n")).toHaveLength(1);
      for (const lost of answers.filter((a) => a.statusCode !== 200)) expect([lost.statusCode, lost.json().code]).toEqual([401, 4004]);

      const fresh = won[0].json().data.sid as string;
      expect(fresh).not.toBe(sid);
      expect(await openSessions()).toEqual([sha256(fresh)]);
      expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: fresh })).json().data).toMatchObject({ roleCode: "editor" });
      const old = await t.call("GET", "/sysUserEx/getUserInfo", { sid });
      expect([old.statusCode, old.json().code]).toEqual([401, 4004]);
    }
  });
});
