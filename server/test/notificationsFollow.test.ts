import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { openStream, type SseStream } from "./support/sse.ts";

// Issue 23: following help-centre folders (the caller's own follows) and the policyChanged
// notification: a published policy change in a followed folder or below one tells the follower,
// never the administrator who made it, a non-follower or a disabled user; an unpublished change
// tells no one; and the notification is part of the administrator's transaction.

let t: TestApp;
let admin: string;
let zhang: string;
let lina: string;
let ids: Record<string, number>;
let deptId: number;
let root: number;
let child: number;
let other: number;
const opened: SseStream[] = [];

const folder = async (name: string, parentId: number | null) =>
  (await t.sql.query("INSERT INTO bsc_folder (folder_name, parent_id) VALUES ($1, $2) RETURNING id", [name, parentId])).rows[0].id as number;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, zhang, lina] = await Promise.all([t.login("admin", "Admin@12345"), t.login("zhangwei", "Staff@12345"), t.login("lina", "Staff@12345")]);
  await t.sql.query("INSERT INTO sys_user (user_name, real_name, password_hash, status) VALUES ('gone.user', 'Disabled', 'x', 0)");
  const { rows } = await t.sql.query("SELECT id, user_name FROM sys_user");
  ids = Object.fromEntries(rows.map((r) => [r.user_name, r.id]));
  deptId = (await t.sql.query("SELECT id FROM sys_dept ORDER BY id LIMIT 1")).rows[0].id;
  root = await folder("Follow root", null);
  child = await folder("Follow child", root);
  other = await folder("Not followed", null);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

const followed = async (sid: string) => (await t.call("GET", "/helpCenter/followedFolders", { sid })).json().data as number[];
const follow = (sid: string, folderId: number, on = true) => t.call("PUT", "/helpCenter/followFolder", { sid, body: { folderId, follow: on } });

/** A submitted policy made by the administrator in a folder (answers its id). */
async function submitted(folderId: number, title: string, over: Record<string, unknown> = {}) {
  const body = { title, keyword: `kw-${Math.random().toString(36).slice(2, 10)}`, folderId, content: "<p>Text</p>", deptId, creator: ids.admin, status: 1, ...over };
  const res = await t.call("POST", "/bscPolicy", { sid: admin, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
}
const setStatus = (id: number, status: number) => t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: admin, body: { id, status } });
const toldAbout = async (policyId: number) =>
  (await t.sql.query("SELECT user_id, params FROM portal_notification WHERE kind = 'policyChanged' AND record_id = $1 ORDER BY id", [policyId])).rows as {
    user_id: number;
    params: Record<string, unknown>;
  }[];

describe("following folders", () => {
  it("follows and unfollows the caller's own folders only, idempotently; an unknown folder is 404", async () => {
    expect(await followed(zhang)).toEqual([]);
    expect((await follow(zhang, child)).json()).toMatchObject({ code: 0, data: [child] });
    expect((await follow(zhang, child)).json().data).toEqual([child]);
    expect((await follow(zhang, other)).json().data).toEqual([child, other].sort((a, b) => a - b));
    // lina's follows are hers: zhangwei's do not show, and her unfollow does not touch his.
    expect(await followed(lina)).toEqual([]);
    expect((await follow(lina, child, false)).json().data).toEqual([]);
    expect(await followed(zhang)).toContain(child);
    expect((await follow(zhang, other, false)).json().data).toEqual([child]);
    expect((await follow(zhang, child, false)).json().data).toEqual([]);
    for (const on of [true, false]) {
      const missing = await follow(zhang, 2_000_000_000, on);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, resultEnMessage: "Folder does not exist" });
    }
    expect((await t.call("GET", "/helpCenter/followedFolders", {})).statusCode).toBe(401);
  });

  it("a deleted folder takes its follows with it", async () => {
    const temp = await folder("Short-lived", null);
    await follow(lina, temp);
    await t.sql.query("DELETE FROM bsc_folder WHERE id = $1", [temp]);
    expect(await followed(lina)).toEqual([]);
  });
});

describe("policyChanged", () => {
  beforeAll(async () => {
    // zhangwei follows the root (so the child too), the administrator follows it as well (he is the
    // editor and hears nothing of his own change), a disabled user follows the child, lina nothing.
    await follow(zhang, root);
    await follow(admin, root);
    await t.sql.query("INSERT INTO portal_folder_follow (user_id, folder_id) VALUES ($1, $2)", [ids["gone.user"], child]);
  });

  it("an approval in a folder below a followed one tells the follower, not the editor, a non-follower or a disabled user", async () => {
    const s = await openStream(t.app, zhang);
    opened.push(s);
    await s.waitFor((e) => e.event === "ready");
    const id = await submitted(child, "Travel allowance");
    expect(await toldAbout(id)).toEqual([]); // submitted is not published
    expect((await setStatus(id, 4)).statusCode).toBe(200);
    const e = await s.waitFor((x) => x.event === "notification" && x.data.kind === "policyChanged");
    expect(e.data).toMatchObject({
      record: { type: "policy", id },
      params: { policyId: id, title: "Travel allowance", folderId: child, folderName: "Follow child", change: "published" },
    });
    expect((await toldAbout(id)).map((r) => r.user_id)).toEqual([ids.zhangwei]);
  });

  it("a policy approved again after an edit is an update", async () => {
    const id = await submitted(root, "Leave rules");
    await setStatus(id, 4);
    await setStatus(id, 0);
    await setStatus(id, 1);
    await setStatus(id, 4);
    expect((await toldAbout(id)).map((r) => [r.user_id, r.params.change])).toEqual([
      [ids.zhangwei, "published"],
      [ids.zhangwei, "updated"],
    ]);
  });

  it("an unpublished change tells no one: submitted, in discussion, rejected, withdrawn, or approved but hidden", async () => {
    const id = await submitted(child, "Still in review");
    await setStatus(id, 2);
    await setStatus(id, 3);
    expect(await toldAbout(id)).toEqual([]);
    const hidden = await submitted(child, "Hidden policy", { visibility: 0 });
    expect((await setStatus(hidden, 4)).statusCode).toBe(200);
    expect(await toldAbout(hidden)).toEqual([]);
    const withdrawn = await submitted(child, "Withdrawn");
    await setStatus(withdrawn, 4);
    await setStatus(withdrawn, 0);
    expect(await toldAbout(withdrawn)).toHaveLength(1);
  });

  it("a policy in a folder nobody follows tells no one", async () => {
    const id = await submitted(other, "Elsewhere");
    await setStatus(id, 4);
    expect(await toldAbout(id)).toEqual([]);
  });

  it("is written in the approval's transaction: an approval that fails at commit leaves no notification", async () => {
    // A deferred check fails the approval's transaction at commit, after everything it wrote.
    await t.sql.query(`CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
    await t.sql.query(
      `CREATE CONSTRAINT TRIGGER fail_at_commit AFTER UPDATE ON bsc_policy DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.title = 'Fails at commit') EXECUTE FUNCTION fail_at_commit()`,
    );
    try {
      const id = await submitted(child, "Fails at commit");
      const res = await setStatus(id, 4);
      expect(res.statusCode).toBe(500);
      expect((await t.sql.query("SELECT status FROM bsc_policy WHERE id = $1", [id])).rows[0].status).toBe(1);
      expect(await toldAbout(id)).toEqual([]);
    } finally {
      await t.sql.query("DROP TRIGGER fail_at_commit ON bsc_policy; DROP FUNCTION fail_at_commit()");
    }
  });

  it("a person who stops following hears no more", async () => {
    await follow(zhang, root, false);
    const id = await submitted(child, "After unfollow");
    await setStatus(id, 4);
    expect(await toldAbout(id)).toEqual([]);
  });
});
