import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { heicToJpeg } from "../src/lib/heic/toJpeg.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { readFileSync } from "node:fs";
import jpeg from "jpeg-js";
import { bytes, SAMPLES, upload } from "./uploadFixtures.ts";

let t: TestApp;
let staff: string;
let staffId: number;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  staffId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: staff })).json().data.id;
});
afterAll(() => t.close());
// This file uploads more than a user may in a minute; each test starts with a fresh allowance.
beforeEach(() => t.sql.query("DELETE FROM sys_rate_counter WHERE key LIKE 'upload:%'"));

const MB = 1024 * 1024;
/** A real HEIC picture, 1024 x 640, left half red and right half blue (fixtures/README.md). */
const HEIC = readFileSync(new URL("./fixtures/red-blue.heic", import.meta.url));
const download = (sid: string, id: number, headers: Record<string, string> = {}) =>
  t.call("GET", "/fileInfoEx/downloadFile", { sid, query: { id }, headers });

describe("avatar upload (POST /file/upload)", () => {
  it("stores a png with its owner, answers {id, fileUrl}, and the owner downloads the same bytes", async () => {
    const png = SAMPLES.png();
    const res = await upload(t, "/file/upload", staff, { filename: "me.png", type: "image/png", data: png });
    expect(res.statusCode).toBe(200);
    const { id, fileUrl } = res.json().data;
    expect(fileUrl).toBe(`/fileInfoEx/downloadFile?id=${id}`);
    const sha = crypto.createHash("sha256").update(png).digest("hex");
    const { rows } = await t.sql.query("SELECT owner_user_id, file_name, mime, size, sha256, purpose, content FROM sys_file WHERE id = $1", [id]);
    expect(rows[0]).toMatchObject({ owner_user_id: staffId, file_name: "me.png", mime: "image/png", size: png.length, sha256: sha, purpose: "avatar" });
    expect(Buffer.compare(rows[0].content, png)).toBe(0);

    const got = await t.app.inject({ method: "GET", url: `/portal-api${fileUrl}`, headers: { sid: staff } });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, png)).toBe(0);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.headers["content-disposition"]).toBe(`attachment; filename="me.png"; filename*=UTF-8''me.png`);
    expect(got.headers.etag).toBe(`"${sha}"`);
    expect(got.headers["cache-control"]).toBe("private, max-age=3600");
    expect(got.headers.vary).toContain("sid");
    const again = await download(staff, id, { "if-none-match": `"${sha}"` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("reads the type from the bytes, never from the name or the declared type", async () => {
    for (const [data, mime] of [
      [SAMPLES.jpeg(), "image/jpeg"],
      [SAMPLES.png(), "image/png"],
      // A HEIF/HEIC picture is recognised by its ftyp brands and then converted (the tests below).
      [HEIC, "image/jpeg"],
    ] as const) {
      // Named and declared as something else entirely.
      const res = await upload(t, "/file/upload", staff, { filename: "picture.gif", type: "application/pdf", data });
      expect([mime, res.statusCode]).toEqual([mime, 200]);
      expect((await download(staff, res.json().data.id)).headers["content-type"]).toBe(mime);
    }
    for (const data of [SAMPLES.avif(), SAMPLES.gif(), SAMPLES.pdf(), Buffer.from("not an image"), Buffer.alloc(0)]) {
      const res = await upload(t, "/file/upload", staff, { filename: "photo.png", type: "image/png", data });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 415,
        resultMessage: "请上传 png、jpg、jpeg、heif、heic 格式的图片",
        resultEnMessage: "Please upload images in png, jpg, jpeg, heif or heic format",
      });
    }
  });

  it("accepts exactly 5 MB and refuses one byte more with 413 and the spec's message", async () => {
    const png = SAMPLES.png();
    const exact = Buffer.concat([png, Buffer.alloc(5 * MB - png.length, 1)]);
    expect((await upload(t, "/file/upload", staff, { filename: "a.png", data: exact })).statusCode).toBe(200);
    const over = await upload(t, "/file/upload", staff, { filename: "a.png", data: Buffer.concat([exact, Buffer.from([1])]) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 413, data: null, resultMessage: "图片大小超过5MB限制", resultEnMessage: "Image size has been exceeded the limit 5MB" });
    expect(over.headers.connection).toBe("close");
  });

  it("checks the form against the contract: the file part is required, alone, and no other field", async () => {
    const missing = await upload(t, "/file/upload", staff, [{ name: "other", data: "x" }]);
    expect(missing.statusCode).toBe(400);
    const noFile = await upload(t, "/file/upload", staff, []);
    expect(noFile.json().errors[0]).toMatchObject({ field: "file", rule: "required" });
    const asText = await upload(t, "/file/upload", staff, [{ name: "file", data: "just text" }]);
    expect(asText.statusCode).toBe(400);
    expect(asText.json().errors[0]).toMatchObject({ field: "file", rule: "filePart" });
    const extra = await upload(t, "/file/upload", staff, [{ name: "file", filename: "a.png", data: SAMPLES.png() }, { name: "userId", data: "1" }]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].rule).toBe("additionalProperties");
    const two = await upload(t, "/file/upload", staff, [
      { name: "file", filename: "a.png", data: SAMPLES.png() },
      { name: "file", filename: "b.png", data: SAMPLES.png() },
    ]);
    expect([two.statusCode, two.json().code]).toEqual([400, 400]);
    const broken = await t.app.inject({ method: "POST", url: "/portal-api/file/upload", headers: { sid: staff, "content-type": "multipart/form-data; boundary=xyz" }, payload: "--xyz\r\nContent-Disposition: form-da" });
    expect([broken.statusCode, broken.json().code]).toEqual([400, 400]);
  });

  it("needs a session, and checks it before reading the body", async () => {
    const res = await upload(t, "/file/upload", undefined, { filename: "a.png", data: SAMPLES.png() });
    expect([res.statusCode, res.json().code]).toEqual([401, 4004]);
    // Even a body far over the limit is refused as unauthenticated, not as too large.
    const big = await upload(t, "/file/upload", "0".repeat(64), { filename: "a.png", data: Buffer.alloc(6 * MB) });
    expect(big.statusCode).toBe(401);
  });

  it("refuses a body of another media type (415), and a multipart or form body on a JSON operation", async () => {
    const json = await t.call("POST", "/file/upload", { sid: staff, body: { file: "iVBORw0KGgo=" } });
    expect([json.statusCode, json.json().code]).toEqual([415, 415]);
    const form = await t.app.inject({
      method: "POST",
      url: "/portal-api/sysUserEx/saveIcon",
      headers: { sid: staff, "content-type": "application/x-www-form-urlencoded" },
      payload: "fileId=1",
    });
    expect(form.statusCode).toBe(415);
    const multi = await upload(t, "/sysUserEx/saveIcon", staff, [{ name: "fileId", data: "1" }]);
    expect(multi.statusCode).toBe(415);
  });

  it("limits uploads per user (429, code 403)", async () => {
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    await t.sql.query("INSERT INTO sys_rate_counter (key, window_start, count) VALUES ($1, $2, 30)", [
      `upload:${staffId}`,
      windowStart,
    ]);
    const res = await upload(t, "/file/upload", staff, { filename: "a.png", data: SAMPLES.png() });
    expect([res.statusCode, res.json().code]).toEqual([429, 403]);
    await t.sql.query("DELETE FROM sys_rate_counter WHERE key = $1", [`upload:${staffId}`]);
    expect((await upload(t, "/file/upload", staff, { filename: "a.png", data: SAMPLES.png() })).statusCode).toBe(200);
  });
});

describe("HEIF/HEIC pictures are stored as JPEG, which every browser shows (issue 21, defect 16)", () => {
  /** The stored file decoded: its size and the colour a quarter and three quarters across. */
  const picture = (content: Buffer) => {
    const { width, height, data } = jpeg.decode(content);
    const at = (x: number) => [...data.subarray((Math.floor(height / 2) * width + x) * 4, (Math.floor(height / 2) * width + x) * 4 + 3)];
    return { width, height, left: at(Math.floor(width / 4)), right: at(Math.floor((3 * width) / 4)) };
  };
  const near = (rgb: number[], want: number[]) => rgb.every((v, i) => Math.abs(v - want[i]) <= 24);

  it("an avatar: a JPEG at most 512 pixels wide, named .jpg, of the same picture", async () => {
    const res = await upload(t, "/file/upload", staff, { filename: "IMG_0042.HEIC", type: "image/heic", data: HEIC });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const { rows } = await t.sql.query("SELECT file_name, mime, size, sha256, content FROM sys_file WHERE id = $1", [id]);
    expect(rows[0]).toMatchObject({ file_name: "IMG_0042.jpg", mime: "image/jpeg", size: rows[0].content.length });
    expect(rows[0].sha256).toBe(crypto.createHash("sha256").update(rows[0].content).digest("hex"));
    const got = await download(staff, id);
    expect(got.headers["content-type"]).toBe("image/jpeg");
    const shown = picture(got.rawPayload);
    expect([shown.width, shown.height]).toEqual([512, 320]);
    expect(near(shown.left, [220, 20, 20]), `left ${shown.left}`).toBe(true);
    expect(near(shown.right, [20, 20, 220]), `right ${shown.right}`).toBe(true);
    // It becomes the avatar like any other picture.
    expect((await t.call("POST", "/sysUserEx/saveIcon", { sid: staff, body: { fileId: id } })).statusCode).toBe(200);
  });

  it("a policy picture: a JPEG, not enlarged", async () => {
    const admin = await t.login("admin", "Admin@12345");
    const res = await upload(t, "/file/uploadPicture", admin, { filename: "scan.heif", type: "image/heif", data: HEIC });
    expect(res.statusCode).toBe(200);
    const got = await download(admin, res.json().data.id);
    expect(got.headers["content-type"]).toBe("image/jpeg");
    expect(got.headers["content-disposition"]).toContain('filename="scan.jpg"');
    const shown = picture(got.rawPayload);
    expect([shown.width, shown.height]).toEqual([1024, 640]);
  });

  it("refuses a picture with more pixels than allowed before decoding any (415)", async () => {
    // The fixture has 655,360 pixels; with a bound below that its header alone refuses it.
    await expect(heicToJpeg(HEIC, 512, { maxPixels: 655_359 })).rejects.toMatchObject({ status: 415, code: 415, en: expect.stringMatching(/too many pixels/) });
    expect((await heicToJpeg(HEIC, 512, { maxPixels: 655_360 })).width).toBe(512);
  });

  it("refuses a HEIF/HEIC file it cannot read, saying what to do (415)", async () => {
    for (const data of [SAMPLES.heic(), SAMPLES.heif(), Buffer.concat([HEIC.subarray(0, 200), crypto.randomBytes(300)])]) {
      const res = await upload(t, "/file/upload", staff, { filename: "photo.heic", type: "image/heic", data });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 415,
        resultMessage: "无法读取这张 HEIF/HEIC 图片，请转换为 JPG 或 PNG 后再上传",
        resultEnMessage: "This HEIF/HEIC picture could not be read. Please convert it to JPG or PNG and upload it again",
      });
    }
  });
});

describe("download (GET /fileInfoEx/downloadFile)", () => {
  it("the owner and an administrator read a file; for another user it does not exist (404)", async () => {
    const { id } = (await upload(t, "/file/upload", staff, { filename: "mine.jpg", data: SAMPLES.jpeg() })).json().data;
    const lina = await t.login("lina", "Staff@12345");
    const other = await download(lina, id);
    expect([other.statusCode, other.json().code]).toEqual([404, 404]);
    const none = await download(lina, 999999);
    expect(none.json()).toEqual(other.json()); // the same answer as a missing file
    const admin = await t.login("admin", "Admin@12345");
    expect((await download(admin, id)).statusCode).toBe(200);
    // admin's staff role is not the administrator
    const asStaff = (await t.call("GET", "/sysUserEx/changeRole", { sid: admin, query: { roleCode: "staff" } })).json().data.sid;
    expect((await download(asStaff, id)).statusCode).toBe(404);
    expect((await t.call("GET", "/fileInfoEx/downloadFile", { query: { id } })).statusCode).toBe(401);
  });

  it("an attachment of a policy the help centre shows is readable by anyone signed in; of a draft it is not", async () => {
    const admin = await t.login("admin", "Admin@12345");
    const { id } = (await upload(t, "/fileInfoEx/uploadFile", admin, { filename: "policy.csv", data: SAMPLES.csv() })).json().data;
    const lina = await t.login("lina", "Staff@12345");
    const [folder] = (await t.sql.query("SELECT id FROM bsc_folder ORDER BY id LIMIT 1")).rows;
    const [policy] = (
      await t.sql.query(
        "INSERT INTO bsc_policy (title, keyword, status, visibility, content, folder_id) VALUES ('附件测试 Attachment test', 'files-test-attachment', 0, 1, '<p>x</p>', $1) RETURNING id",
        [folder.id],
      )
    ).rows;
    await t.sql.query("INSERT INTO bsc_policy_attachment (policy_id, file_id) VALUES ($1, $2)", [policy.id, id]);
    try {
      expect((await download(lina, id)).statusCode).toBe(404); // a draft: still only the owner
      await t.sql.query("UPDATE bsc_policy SET status = 4, visibility = 0 WHERE id = $1", [policy.id]);
      expect((await download(lina, id)).statusCode).toBe(404); // approved but hidden
      await t.sql.query("UPDATE bsc_policy SET visibility = 1 WHERE id = $1", [policy.id]);
      const shown = await download(lina, id);
      expect([shown.statusCode, shown.headers["content-type"]]).toEqual([200, "text/csv; charset=utf-8"]);
    } finally {
      await t.sql.query("DELETE FROM bsc_policy WHERE id = $1", [policy.id]);
    }
  });

  it("names a non-ASCII file in Content-Disposition with an ASCII fallback and RFC 5987", async () => {
    const { id } = (await upload(t, "/fileInfoEx/uploadFile", staff, { filename: "季度报告 v2.csv", data: SAMPLES.csv() })).json().data;
    const res = await download(staff, id);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="____ v2.csv"; filename*=UTF-8''${encodeURIComponent("季度报告 v2.csv")}`);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    // A folder part of the name is dropped.
    const nested = (await upload(t, "/fileInfoEx/uploadFile", staff, { filename: "C:\\Users\\me\\list.csv", data: SAMPLES.csv() })).json().data;
    expect(nested.fileName).toBe("list.csv");
  });
});

describe("general files (POST /fileInfoEx/uploadFile)", () => {
  const send = (filename: string, data: Buffer) => upload(t, "/fileInfoEx/uploadFile", staff, { filename, type: "application/octet-stream", data });

  it("accepts each allowed type by its bytes, with an extension of that family", async () => {
    const cases: [string, Buffer, string][] = [
      ["policy.pdf", SAMPLES.pdf(), "application/pdf"],
      ["form.docx", SAMPLES.zip(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["sheet.XLSX", SAMPLES.zip(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["deck.pptx", SAMPLES.zip(), "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
      ["bundle.zip", SAMPLES.zip(), "application/zip"],
      ["old.doc", SAMPLES.ole(), "application/msword"],
      ["old.xls", SAMPLES.ole(), "application/vnd.ms-excel"],
      ["old.ppt", SAMPLES.ole(), "application/vnd.ms-powerpoint"],
      ["notes.txt", Buffer.from("hello\n世界\n"), "text/plain; charset=utf-8"],
      ["list.csv", SAMPLES.csv(), "text/csv; charset=utf-8"],
      ["p.png", SAMPLES.png(), "image/png"],
      ["p.jpg", SAMPLES.jpeg(), "image/jpeg"],
      ["p.gif", SAMPLES.gif(), "image/gif"],
    ];
    for (const [name, data, mime] of cases) {
      const res = await send(name, data);
      expect([name, res.statusCode]).toEqual([name, 200]);
      const { id, fileUrl, fileName } = res.json().data;
      expect([fileUrl, fileName]).toEqual([`/fileInfoEx/downloadFile?id=${id}`, name]);
      const { rows } = await t.sql.query("SELECT mime, purpose FROM sys_file WHERE id = $1", [id]);
      expect([name, rows[0]]).toEqual([name, { mime, purpose: "file" }]);
    }
  });

  it("refuses bytes of another family than the name says, broken text, and unknown types (415)", async () => {
    const cases: [string, Buffer][] = [
      ["report.pdf", SAMPLES.zip()], // a zip named pdf
      ["form.docx", SAMPLES.pdf()],
      ["notes.txt", Buffer.from([0x68, 0x69, 0x00, 0x0a])], // NUL
      ["notes.txt", Buffer.from([0x68, 0xc3, 0x28])], // not UTF-8
      ["page.html", Buffer.from("<html></html>")],
      ["run.exe", bytes("MZ")],
      ["photo.heic", SAMPLES.heic()],
      ["noextension", SAMPLES.pdf()],
    ];
    for (const [name, data] of cases) {
      const res = await send(name, data);
      expect([name, res.statusCode, res.json().code]).toEqual([name, 415, 415]);
      expect(res.json().resultEnMessage).toMatch(/^Please upload files in pdf, doc, docx/);
    }
  });

  it("refuses more than 30 MB with 413", async () => {
    const res = await send("big.pdf", Buffer.concat([SAMPLES.pdf(), Buffer.alloc(30 * MB)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ resultMessage: "文件大小超过30MB限制", resultEnMessage: "File size has been exceeded the limit 30MB" });
  });
});
