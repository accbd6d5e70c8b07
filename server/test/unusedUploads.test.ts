import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { sweepUnusedAvatars, UNUSED_UPLOAD_QUOTA_BYTES } from "../src/lib/unusedUploads.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { SAMPLES, bytes, upload } from "./uploadFixtures.ts";

// Issue 20 item 4: uploads nobody uses. Each user's unused uploads (avatar pictures that are not
// their avatar, files attached to no policy, policy pictures of the last day) may take at most
// 200 MB (HTTP 413 beyond, in both languages), and avatar pictures never set as the avatar are
// removed a day after upload by a sweep one instance at a time runs. The quota reads the sizes
// stored with the files: to stand for 200 MB of uploads without sending them, tests give one
// stored file a large `size` (its bytes stay small).

const QUOTA_EN = "Upload quota reached: your unused uploads may take at most 200 MB (avatar pictures not set as your avatar are removed after a day)";
const QUOTA_CN = "上传空间已满：您尚未使用的上传文件共计不得超过200MB（未设为头像的头像图片一天后自动删除）";
const KB = 1024;

let t: TestApp;
let staff: string;
let lina: string;
const uid: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina]] as const) uid[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts with no uploads and no upload rate spent.
  await t.sql.query("UPDATE sys_user SET head_icon_file_id = NULL");
  await t.sql.query("DELETE FROM sys_file");
  await t.sql.query("DELETE FROM sys_rate_counter WHERE key LIKE 'upload:%'");
});

const avatar = (sid: string, size = 4 * KB) => upload(t, "/file/upload", sid, { filename: "me.png", type: "image/png", data: bytes(SAMPLES.png().subarray(0, 16).toJSON().data, size) });
const generalFile = (sid: string, size = 4 * KB) => upload(t, "/fileInfoEx/uploadFile", sid, { filename: "doc.pdf", type: "application/pdf", data: bytes("%PDF-1.7\n", size) });
/** Stands for unused uploads of `size` bytes: a stored file of the user's whose size says so. */
async function heldBytes(userId: number, purpose: "avatar" | "file" | "picture", size: number, ageHours = 0): Promise<number> {
  const { rows } = await t.sql.query(
    `INSERT INTO sys_file (owner_user_id, file_name, mime, size, sha256, purpose, content, create_time)
     VALUES ($1, 'held.bin', 'application/octet-stream', $2, repeat('0', 64), $3, '\\x00', now() - make_interval(hours => $4)) RETURNING id`,
    [userId, size, purpose, ageHours],
  );
  return rows[0].id;
}
const expectQuota = (res: { statusCode: number; json(): any }) =>
  expect([res.statusCode, res.json()]).toEqual([413, { code: 413, data: null, resultMessage: QUOTA_CN, resultEnMessage: QUOTA_EN }]);
const fileCount = async (userId: number) => Number((await t.sql.query("SELECT count(*) n FROM sys_file WHERE owner_user_id = $1", [userId])).rows[0].n);

describe("the quota of unused uploads (200 MB per user)", () => {
  it("refuses an upload that would pass it, stores one that fits, and counts only the uploader's", async () => {
    await heldBytes(uid.zhangwei, "avatar", UNUSED_UPLOAD_QUOTA_BYTES - 10 * KB);
    expectQuota(await avatar(staff, 12 * KB));
    expectQuota(await generalFile(staff, 12 * KB));
    expect(await fileCount(uid.zhangwei)).toBe(1); // nothing stored
    expect((await avatar(staff, 8 * KB)).json().code).toBe(0);
    expect((await avatar(lina, 12 * KB)).json().code).toBe(0); // another person's quota is their own
  });

  it("a full quota is refused before the upload's bytes are read", async () => {
    await heldBytes(uid.zhangwei, "file", UNUSED_UPLOAD_QUOTA_BYTES);
    const boundary = "----quotaTest";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const counter = { pulled: 0 };
    let sent = 0;
    const total = 4 * 1024 * KB; // under the 5 MB limit: only the quota can refuse it early
    const stream = new Readable({
      read() {
        setImmediate(() => {
          if (sent >= total) return void this.push(null);
          const chunk = sent === 0 ? Buffer.concat([head, SAMPLES.png()]) : Buffer.alloc(Math.min(64 * KB, total - sent), 0x41);
          sent += chunk.length;
          counter.pulled += chunk.length;
          this.push(chunk);
        });
      },
    });
    const res = await t.app.inject({ method: "POST", url: "/portal-api/file/upload", headers: { sid: staff, "content-type": `multipart/form-data; boundary=${boundary}` }, payload: stream });
    const atAnswer = counter.pulled;
    stream.destroy();
    expectQuota(res);
    expect(atAnswer).toBeLessThan(1024 * KB);
  });

  it("uploads in use do not count: the avatar, a policy's attachment, a policy picture older than a day", async () => {
    const big = UNUSED_UPLOAD_QUOTA_BYTES - 10 * KB;
    const asAvatar = await heldBytes(uid.zhangwei, "avatar", big);
    await t.sql.query("UPDATE sys_user SET head_icon_file_id = $1 WHERE id = $2", [asAvatar, uid.zhangwei]);
    const attached = await heldBytes(uid.zhangwei, "file", big);
    const [{ id: policyId }] = (await t.sql.query("SELECT id FROM bsc_policy ORDER BY id LIMIT 1")).rows;
    await t.sql.query("INSERT INTO bsc_policy_attachment (policy_id, file_id) VALUES ($1, $2)", [policyId, attached]);
    await heldBytes(uid.zhangwei, "picture", big, 25);
    expect((await avatar(staff, 12 * KB)).json().code).toBe(0);
    // ...while the same bytes unused do: a picture of today.
    await heldBytes(uid.zhangwei, "picture", big);
    expectQuota(await avatar(staff, 12 * KB));
  });

  it("two uploads at once cannot both squeeze under it: one user's uploads are checked one at a time", async () => {
    await heldBytes(uid.zhangwei, "file", UNUSED_UPLOAD_QUOTA_BYTES - 30 * KB);
    // Another upload of zhangwei's is being stored (its row written, not committed yet)...
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock(727003, $1)", [uid.zhangwei]);
      await other.query(
        "INSERT INTO sys_file (owner_user_id, file_name, mime, size, sha256, purpose, content) VALUES ($1, 'other.png', 'image/png', $2, repeat('0', 64), 'avatar', '\\x00')",
        [uid.zhangwei, 20 * KB],
      );
      // ...when this one arrives: it waits for that one, then sees the quota taken.
      let answered = false;
      const pending = avatar(staff, 20 * KB).finally(() => (answered = true));
      const waiting = async () => Number((await t.sql.query("SELECT count(*) n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n) > 0;
      const deadline = Date.now() + 30_000; // a budget, not a speed check
      while (!answered && !(await waiting()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await other.query("COMMIT");
      expectQuota(await pending);
    } finally {
      await other.query("ROLLBACK").catch(() => {});
      await other.end();
    }
  });
});

describe("avatar pictures never set as the avatar are removed a day after upload", () => {
  async function uploadedAvatar(sid: string, ageHours: number) {
    const id = (await avatar(sid)).json().data.id as number;
    await t.sql.query("UPDATE sys_file SET create_time = now() - make_interval(hours => $2) WHERE id = $1", [id, ageHours]);
    return id;
  }
  const exists = async (id: number) => (await t.sql.query("SELECT 1 FROM sys_file WHERE id = $1", [id])).rowCount === 1;

  it("removes the old unused ones of everyone; keeps avatars in use, younger pictures and other uploads", async () => {
    const inUse = await uploadedAvatar(staff, 0);
    expect((await t.call("POST", "/sysUserEx/saveIcon", { sid: staff, body: { fileId: inUse } })).json().code).toBe(0);
    await t.sql.query("UPDATE sys_file SET create_time = now() - interval '30 days' WHERE id = $1", [inUse]);
    const oldUnused = await uploadedAvatar(staff, 25);
    const fresh = await uploadedAvatar(staff, 23);
    const linaOld = await uploadedAvatar(lina, 48);
    const oldFile = (await generalFile(staff)).json().data.id as number;
    await t.sql.query("UPDATE sys_file SET create_time = now() - interval '30 days' WHERE id = $1", [oldFile]);

    expect(await sweepUnusedAvatars(t.app.db)).toBe(2);
    expect([await exists(inUse), await exists(oldUnused), await exists(fresh), await exists(linaOld), await exists(oldFile)]).toEqual([true, false, true, false, true]);
    // Its share of the quota is free again; setting it now is "not found", never a dangling avatar.
    const late = await t.call("POST", "/sysUserEx/saveIcon", { sid: staff, body: { fileId: oldUnused } });
    expect([late.statusCode, late.json().code]).toEqual([404, 404]);
    const info = (await t.call("GET", "/sysUserEx/getUserTitle", { sid: staff })).json().data;
    expect(info.headIcon).toBe(`/fileInfoEx/downloadFile?id=${inUse}`);
  });

  it("runs on one instance at a time, and never takes a picture being set as an avatar", async () => {
    const old = await uploadedAvatar(staff, 25);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      // Another instance is sweeping: this one skips.
      await other.query("SELECT pg_advisory_lock(727002)");
      expect(await sweepUnusedAvatars(t.app.db)).toBeNull();
      await other.query("SELECT pg_advisory_unlock(727002)");
      expect(await exists(old)).toBe(true);

      // saveIcon of this picture is under way (it holds the picture FOR KEY SHARE): skipped.
      await other.query("BEGIN");
      await other.query("SELECT id FROM sys_file WHERE id = $1 FOR KEY SHARE", [old]);
      expect(await sweepUnusedAvatars(t.app.db)).toBe(0);
      await other.query("ROLLBACK");

      // The avatar is being set (the user's row changed, not committed yet): skipped; once
      // committed it is in use and stays.
      await other.query("BEGIN");
      await other.query("UPDATE sys_user SET head_icon_file_id = $1 WHERE id = $2", [old, uid.zhangwei]);
      expect(await sweepUnusedAvatars(t.app.db)).toBe(0);
      await other.query("COMMIT");
      expect(await sweepUnusedAvatars(t.app.db)).toBe(0);
      expect(await exists(old)).toBe(true);
    } finally {
      await other.query("ROLLBACK").catch(() => {});
      await other.end();
    }
  });

  it("a server sweeps when it starts (and every hour after)", async () => {
    const old = await uploadedAvatar(lina, 25);
    const second = await buildApp({ config: t.app.config, databaseUrl: t.databaseUrl });
    try {
      await second.ready();
      const deadline = Date.now() + 60_000; // a budget for a loaded machine, not a speed check
      while ((await exists(old)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await exists(old)).toBe(false);
    } finally {
      await second.close();
    }
  });
});
