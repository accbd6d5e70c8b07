import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionOf } from "./support/versions.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let admin: string;
let lina: string;
let staff: string;
let deptId: number;
let deptName: string;
let adminId: number;
let labelId: number;
let labelEnName: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  lina = await asEditor();
  staff = await t.login("zhangwei", "Staff@12345");
  ({ id: deptId, dept_name: deptName } = (await t.sql.query("SELECT id, dept_name FROM sys_dept ORDER BY id LIMIT 1")).rows[0]);
  adminId = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'admin'")).rows[0].id;
  ({ id: labelId, label_en_name: labelEnName } = (await t.sql.query("SELECT id, label_en_name FROM bsc_label ORDER BY id LIMIT 1")).rows[0]);
});
afterAll(() => t.close());

/** lina signs in as staff (her primary role) and switches to her editor role. */
async function asEditor() {
  const sid = await t.login("lina", "Staff@12345");
  return (await t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: "editor" } })).json().data.sid as string;
}

const multipart = (parts: { name: string; value: string | Buffer; fileName?: string; type?: string }[]) => {
  const boundary = "----policytest" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName ? `form-data; name="${p.name}"; filename="${p.fileName}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
};

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const HEADERS = ["标题 (title) *", "关键字 (keyword) *", "标签 (labels)", "是否可见 (visibility)", "是否需要复核 (reviewFlag)", "版本号 (versionNumber)", "内容 (content) *", "创建部门 (deptName) *", "创建人账号 (creator) *"];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("policies");
  sheet.addRow(HEADERS);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const importBook = (sid: string, folderId: number, bytes: Buffer, fileName = "policies.xlsx") => {
  const form = multipart([
    { name: "folderId", value: String(folderId) },
    { name: "file", value: bytes, fileName, type: XLSX },
  ]);
  return t.call("POST", "/bscPolicy/importExcel", { sid, body: form.body, headers: form.headers });
};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function newFolder(sid: string, folderName: string, parentId?: number) {
  const res = await t.call("POST", "/bscFolder/saveFolder", { sid, body: { folderName, ...(parentId ? { parentId } : {}) } });
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data as number;
}

const policyBody = (folderId: number, over: Record<string, unknown> = {}) => ({
  title: "Travel policy",
  keyword: `kw-${Math.random().toString(36).slice(2, 10)}`,
  folderId,
  content: "<p>Hello <b>world</b></p>",
  deptId,
  creator: adminId,
  ...over,
});

describe("folders", () => {
  it("creates, renames, moves, reorders and lists the tree", async () => {
    const root = await newFolder(lina, "Policy root A");
    const child = await newFolder(lina, "Child", root);
    const other = await newFolder(lina, "Policy root B");
    const tree = (await t.call("GET", "/bscFolder", { sid: lina })).json().data;
    const a = tree.find((f: { id: number }) => f.id === root);
    expect(a.children.map((c: { id: number; folderName: string }) => [c.id, c.folderName])).toEqual([[child, "Child"]]);

    expect((await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { id: child, folderName: "Renamed", parentId: other, version: await versionOf(t, "bsc_folder", child) } })).json().code).toBe(0);
    const moved = (await t.call("GET", "/bscFolder", { sid: lina })).json().data.find((f: { id: number }) => f.id === other);
    expect(moved.children[0]).toMatchObject({ id: child, folderName: "Renamed", parentId: other });

    // A duplicate sibling name, a cycle, a blank name and an unknown parent are refused.
    const dup = await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { folderName: " renamed ", parentId: other } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0]).toMatchObject({ field: "folderName", rule: "unique" });
    const cycle = await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { id: other, folderName: "Policy root B", parentId: child, version: await versionOf(t, "bsc_folder", other) } });
    expect(cycle.json().errors[0]).toMatchObject({ rule: "cycle" });
    const blank = await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { folderName: "   " } });
    expect(blank.json()).toMatchObject({ code: 400, resultEnMessage: "Please fill all required information" });
    expect((await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { folderName: "x", parentId: 999999 } })).statusCode).toBe(404);
    expect((await t.call("POST", "/bscFolder/saveFolder", { sid: lina, body: { id: 999999, folderName: "x", version: 1 } })).statusCode).toBe(404);

    // saveBatch: all or nothing.
    const batch = await t.call("POST", "/bscFolder/saveBatch", { sid: lina, body: [{ id: child, parentId: root, sort: 5, version: await versionOf(t, "bsc_folder", child) }, { id: other, parentId: null, sort: 0, version: await versionOf(t, "bsc_folder", other) }] });
    expect(batch.json().code).toBe(0);
    const after = (await t.call("GET", "/bscFolder", { sid: lina })).json().data;
    expect(after.find((f: { id: number }) => f.id === root).children[0]).toMatchObject({ id: child, sort: 5 });
    const bad = await t.call("POST", "/bscFolder/saveBatch", { sid: lina, body: [{ id: root, parentId: child, sort: 0, version: await versionOf(t, "bsc_folder", root) }] });
    expect(bad.statusCode).toBe(400);
    expect((await t.call("POST", "/bscFolder/saveBatch", { sid: lina, body: [{ id: 999999, parentId: null, sort: 0, version: 1 }] })).statusCode).toBe(404);
    expect((await t.sql.query("SELECT parent_id FROM bsc_folder WHERE id = $1", [root])).rows[0].parent_id).toBeNull();
  });

  it("deletes only an empty folder", async () => {
    const root = await newFolder(lina, "Delete me");
    const child = await newFolder(lina, "Sub", root);
    const holds = await t.call("DELETE", "/bscFolder/deleteFolderById", { sid: lina, query: { id: root } });
    expect(holds.statusCode).toBe(400);
    expect(holds.json().errors[0]).toMatchObject({ rule: "notEmpty" });
    const p = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(child) });
    expect(p.json().code).toBe(0);
    expect((await t.call("DELETE", "/bscFolder/deleteFolderById", { sid: lina, query: { id: child } })).statusCode).toBe(400);
    await t.call("DELETE", "/bscPolicy/removeById", { sid: lina, query: { id: p.json().data } });
    expect((await t.call("DELETE", "/bscFolder/deleteFolderById", { sid: lina, query: { id: child } })).json().code).toBe(0);
    expect((await t.call("DELETE", "/bscFolder/deleteFolderById", { sid: lina, query: { id: root } })).json().code).toBe(0);
    expect((await t.call("DELETE", "/bscFolder/deleteFolderById", { sid: lina, query: { id: root } })).statusCode).toBe(404);
    const audit = await t.sql.query("SELECT entity, entity_id FROM sys_audit_log WHERE operation_id = 'deleteFolderById' AND entity_id = $1", [String(root)]);
    expect(audit.rows).toEqual([{ entity: "bscFolder", entity_id: String(root) }]);
  });
});

describe("policies", () => {
  let folderId: number;
  beforeAll(async () => {
    folderId = await newFolder(admin, "Policies under test");
  });

  it("creates, reads, updates (sanitised), pages, filters and sorts", async () => {
    const keyword = "travel-2026";
    const created = await t.call("POST", "/bscPolicy", {
      sid: lina,
      body: policyBody(folderId, {
        keyword,
        content: '<p onclick="x()">Travel <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
        labelIds: [labelId],
        versionNumber: "23",
        reviewFlag: 1,
        visibility: 0,
      }),
    });
    expect(created.json().code).toBe(0);
    const id = created.json().data;
    const got = (await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id } })).json().data;
    expect(got).toMatchObject({ id, title: "Travel policy", keyword, status: 0, versionNumber: "1.2.3", reviewFlag: 1, visibility: 0, labelIds: [labelId], deptId, creator: adminId, folderId, folderName: "Policies under test" });
    expect(got.content).not.toMatch(/script|onclick|javascript/);
    expect(got.content).toContain("Travel");
    expect(got.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const updated = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { id, version: await versionOf(t, "bsc_policy", id), keyword, title: "Travel policy v2", versionNumber: "2.0.1", status: 1 }) });
    expect(updated.json().code).toBe(0);
    expect((await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id } })).json().data).toMatchObject({ title: "Travel policy v2", status: 1, versionNumber: "2.0.1", labelIds: [] });

    const page = (await t.call("POST", "/bscPolicy/page", { sid: lina, body: { folderId, title: "v2" } })).json().data;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(page.records[0]).toMatchObject({ id, keyword, status: 1, folderName: "Policies under test" });
    expect(page.records[0].content).toBeUndefined();
    await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { title: "Another", keyword: "a-first" }) });
    const sorted = (await t.call("POST", "/bscPolicy/page", { sid: lina, body: { folderId, sortField: "keyword", sortOrder: "asc" } })).json().data.records;
    expect(sorted.map((r: { keyword: string }) => r.keyword)).toEqual(["a-first", keyword]);
    expect((await t.call("POST", "/bscPolicy/page", { sid: lina, body: { folderId, status: 1 } })).json().data.total).toBe(1);
    expect((await t.call("POST", "/bscPolicy/page", { sid: lina, body: { folderId, keyword: "%" } })).json().data.total).toBe(0);
    expect((await t.call("POST", "/bscPolicy/page", { sid: lina, body: { pageSize: 1000 } })).statusCode).toBe(400);
    expect((await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id: 999999 } })).statusCode).toBe(404);
  });

  it("enforces required fields, keyword uniqueness, a saved folder, tags and version format", async () => {
    const first = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { keyword: "unique-one" }) });
    expect(first.json().code).toBe(0);
    const dup = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { keyword: "unique-one" }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ resultEnMessage: "Keyword existed, please input a new one" });
    expect(dup.json().errors[0]).toMatchObject({ field: "keyword", rule: "unique" });
    // Saving a policy again with its own keyword is fine.
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { id: first.json().data, version: await versionOf(t, "bsc_policy", first.json().data), keyword: "unique-one" }) })).json().code).toBe(0);

    for (const [field, value] of [["title", "  "], ["keyword", " "], ["content", "<p> </p><script>x</script>"]] as const) {
      const res = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { [field]: value }) });
      expect([field, res.statusCode, res.json().resultEnMessage]).toEqual([field, 400, "Please fill all required information"]);
    }
    const missing = await t.call("POST", "/bscPolicy", { sid: lina, body: { title: "x", keyword: "y", content: "z" } });
    expect(missing.statusCode).toBe(400);
    const noFolder = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(999999) });
    expect(noFolder.json().errors[0]).toMatchObject({ field: "folderId", rule: "exists" });
    const nine = Array.from({ length: 9 }, (_, i) => i + 1);
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { labelIds: nine }) })).statusCode).toBe(400);
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { labelIds: [999999] }) })).json().errors[0]).toMatchObject({ field: "labelIds" });
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { versionNumber: "1.2" }) })).statusCode).toBe(400);
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { deptId: 999999 }) })).json().errors[0]).toMatchObject({ field: "deptId" });
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { id: 999999, version: 1 }) })).statusCode).toBe(404);
  });

  it("attaches only the caller's own files", async () => {
    const form = multipart([{ name: "file", value: Buffer.from("hello"), fileName: "a.txt", type: "text/plain" }]);
    const mine = (await t.call("POST", "/fileInfoEx/uploadFile", { sid: lina, body: form.body, headers: form.headers })).json().data.id;
    const form2 = multipart([{ name: "file", value: Buffer.from("other"), fileName: "b.txt", type: "text/plain" }]);
    const others = (await t.call("POST", "/fileInfoEx/uploadFile", { sid: staff, body: form2.body, headers: form2.headers })).json().data.id;
    const ok = await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { attachmentIds: [mine] }) });
    expect(ok.json().code).toBe(0);
    const got = (await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id: ok.json().data } })).json().data;
    expect(got.attachments).toEqual([{ id: mine, fileName: "a.txt", fileUrl: `/fileInfoEx/downloadFile?id=${mine}` }]);
    expect((await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { attachmentIds: [others] }) })).json().errors[0]).toMatchObject({ field: "attachmentIds" });
  });

  it("moves along the approval statuses; an approved visible one reaches the help centre", async () => {
    const id = (await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { keyword: "status-flow", title: "Status flow" }) })).json().data;
    const move = (status: number) => t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: lina, body: { id, status } });
    expect((await move(4)).statusCode).toBe(400); // draft cannot jump to approved
    expect((await move(1)).json().code).toBe(0);
    expect((await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id } })).statusCode).toBe(404);
    expect((await move(4)).json().code).toBe(0);
    const shown = await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id } });
    expect(shown.json().data).toMatchObject({ id, title: "Status flow", status: 4 });
    expect((await move(4)).statusCode).toBe(400);
    expect((await move(0)).json().code).toBe(0);
    expect((await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: lina, body: { id: 999999, status: 1 } })).statusCode).toBe(404);
  });

  it("deletes a policy", async () => {
    const id = (await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId) })).json().data;
    expect((await t.call("DELETE", "/bscPolicy/removeById", { sid: lina, query: { id } })).json().code).toBe(0);
    expect((await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id } })).statusCode).toBe(404);
    expect((await t.call("DELETE", "/bscPolicy/removeById", { sid: lina, query: { id } })).statusCode).toBe(404);
    const audit = await t.sql.query("SELECT before FROM sys_audit_log WHERE operation_id = 'bscPolicyRemoveById' AND entity_id = $1", [String(id)]);
    expect(audit.rows[0].before).toMatchObject({ id, title: "Travel policy" });
  });
});

describe("pictures", () => {
  it("uploads a policy picture; staff read it only once a published policy shows it", async () => {
    const form = multipart([{ name: "file", value: PNG, fileName: "chart.png", type: "image/png" }]);
    const up = await t.call("POST", "/file/uploadPicture", { sid: lina, body: form.body, headers: form.headers });
    expect(up.json()).toMatchObject({ code: 0, data: { fileUrl: expect.stringMatching(/^\/fileInfoEx\/downloadFile\?id=\d+$/) } });
    const { id, fileUrl } = up.json().data;
    expect((await t.call("GET", "/fileInfoEx/downloadFile", { sid: admin, query: { id } })).statusCode).toBe(200);
    expect((await t.call("GET", "/fileInfoEx/downloadFile", { sid: staff, query: { id } })).statusCode).toBe(404);

    const folderId = await newFolder(lina, "Pictures");
    const policyId = (await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId, { content: `<p>Chart</p><img src="${fileUrl}" alt="chart">`, status: 1 }) })).json().data;
    await t.call("POST", "/bscPolicy/updatePolicyStatus", { sid: lina, body: { id: policyId, status: 4 } });
    const read = await t.call("GET", "/fileInfoEx/downloadFile", { sid: staff, query: { id } });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");

    const wrong = multipart([{ name: "file", value: Buffer.from("not a picture"), fileName: "x.png", type: "image/png" }]);
    expect((await t.call("POST", "/file/uploadPicture", { sid: lina, body: wrong.body, headers: wrong.headers })).statusCode).toBe(415);
  });
});

describe("excel import", () => {
  let folderId: number;
  beforeAll(async () => {
    folderId = await newFolder(lina, "Imported");
  });
  const count = async () => Number((await t.sql.query("SELECT count(*) FROM bsc_policy WHERE folder_id = $1", [folderId])).rows[0].count);

  it("downloads a template that parses, has the header and one example row, and imports as it is", async () => {
    const res = await t.call("GET", "/bscPolicy/downLoadTemplateFile", { sid: lina });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("policy-import-template.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(sheet.rowCount).toBe(2);
    const imported = await importBook(lina, folderId, res.rawPayload);
    expect(imported.json()).toMatchObject({ code: 0, data: { importedCount: 1 } });
    expect(await count()).toBe(1);
  });

  it("imports nothing when one row is bad, and reports that row", async () => {
    const before = await count();
    const bytes = await workbook([
      ["Good one", "imp-good-1", labelEnName, 1, 0, "3", "Plain text", deptName, "admin"],
      ["", "imp-bad-2", "", "", "", "", "Content", deptName, "admin"],
      ["Good two", "imp-good-3", "", "maybe", "", "1.2", "<p>x</p>", "No such dept", "nobody"],
    ]);
    const res = await importBook(lina, folderId, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    const errors = res.json().rowErrors as { row: number; field: string; message: string; enMessage: string }[];
    expect(errors).toContainEqual({ row: 3, field: "title", message: "请填写所有必填信息", enMessage: "Please fill all required information" });
    expect(errors.filter((e) => e.row === 4).map((e) => e.field).sort()).toEqual(["creator", "deptName", "versionNumber", "visibility"]);
    expect(errors.some((e) => e.row === 2)).toBe(false);
    expect(await count()).toBe(before);
    expect((await t.sql.query("SELECT count(*) FROM bsc_policy WHERE keyword = 'imp-good-1'")).rows[0].count).toBe("0");
  });

  it("imports a good workbook as drafts with tags and the version helper; a repeated keyword is refused", async () => {
    const before = await count();
    const bytes = await workbook([
      ["Imported A", "imp-a", labelEnName, 1, 1, 7, "Line one\nLine <two>", deptName, "admin"],
      ["Imported B", "imp-b", "", 0, 0, "2.3.4", "<p onclick='x'>B</p>", deptName, "lina"],
    ]);
    const res = await importBook(lina, folderId, bytes);
    expect(res.json()).toMatchObject({ code: 0, data: { importedCount: 2 } });
    expect(await count()).toBe(before + 2);
    const page = (await t.call("POST", "/bscPolicy/page", { sid: lina, body: { folderId, keyword: "imp-", sortField: "keyword", sortOrder: "asc" } })).json().data.records;
    expect(page.map((r: { keyword: string; status: number; versionNumber: string }) => [r.keyword, r.status, r.versionNumber])).toEqual([["imp-a", 0, "1.0.7"], ["imp-b", 0, "2.3.4"]]);
    expect(page[0]).toMatchObject({ labelIds: [labelId], reviewFlag: 1, visibility: 1, deptName });
    const a = (await t.call("GET", "/bscPolicy/getById", { sid: lina, query: { id: page[0].id } })).json().data;
    expect(a.content).toBe("<p>Line one</p><p>Line &lt;two&gt;</p>");

    const again = await importBook(lina, folderId, await workbook([["Dup", "imp-a", "", "", "", "", "x", deptName, "admin"], ["Dup2", "imp-c", "", "", "", "", "x", deptName, "admin"], ["Dup3", "imp-c", "", "", "", "", "x", deptName, "admin"]]));
    expect(again.statusCode).toBe(400);
    expect(again.json().rowErrors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[2, "keyword"], [4, "keyword"]]);
    expect(again.json().rowErrors[0].enMessage).toBe("Keyword existed, please input a new one");
  });

  it("refuses a missing header, an empty sheet, a non-xlsx file and an unknown folder", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("x").addRow(["title", "keyword"]);
    const noHeaders = await importBook(lina, folderId, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(noHeaders.statusCode).toBe(400);
    expect(noHeaders.json().rowErrors.map((e: { field: string }) => e.field)).toContain("content");
    expect((await importBook(lina, folderId, await workbook([]))).json().errors[0]).toMatchObject({ rule: "empty" });
    expect((await importBook(lina, folderId, Buffer.from("a,b\n1,2"), "x.csv")).statusCode).toBe(415);
    expect((await importBook(lina, 999999, await workbook([["a", "b", "", "", "", "", "c", deptName, "admin"]]))).statusCode).toBe(404);
  });
});

describe("permissions", () => {
  it("refuses every operation to an ordinary user with 403, code 4003", async () => {
    const form = multipart([{ name: "file", value: PNG, fileName: "a.png", type: "image/png" }]);
    const book = multipart([{ name: "folderId", value: "1" }, { name: "file", value: await workbook([]), fileName: "a.xlsx", type: XLSX }]);
    const calls: [string, string, { body?: unknown; query?: Record<string, number>; headers?: Record<string, string> }][] = [
      ["GET", "/bscFolder", {}],
      ["POST", "/bscFolder/saveBatch", { body: [{ id: 1, parentId: null, sort: 0 }] }],
      ["POST", "/bscFolder/saveFolder", { body: { folderName: "x" } }],
      ["DELETE", "/bscFolder/deleteFolderById", { query: { id: 1 } }],
      ["POST", "/bscPolicy/page", { body: {} }],
      ["POST", "/bscPolicy", { body: policyBody(1) }],
      ["DELETE", "/bscPolicy/removeById", { query: { id: 1 } }],
      ["POST", "/bscPolicy/updatePolicyStatus", { body: { id: 1, status: 1 } }],
      ["GET", "/bscPolicy/getById", { query: { id: 1 } }],
      ["POST", "/bscPolicy/importExcel", { body: book.body, headers: book.headers }],
      ["GET", "/bscPolicy/downLoadTemplateFile", {}],
      ["POST", "/file/uploadPicture", { body: form.body, headers: form.headers }],
    ];
    for (const [method, url, opts] of calls) {
      const res = await t.call(method, url, { sid: staff, ...opts });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 4003]);
    }
  });

  it("creating needs the add button and updating the edit button", async () => {
    const folderId = await newFolder(admin, "Buttons");
    const id = (await t.call("POST", "/bscPolicy", { sid: lina, body: policyBody(folderId) })).json().data;
    await t.sql.query(
      "DELETE FROM sys_role_menu WHERE role_id = (SELECT id FROM sys_role WHERE role_code = 'editor') AND menu_id = (SELECT id FROM sys_menu WHERE url = 'knowledgeIndex:edit')",
    );
    const linaAgain = await asEditor();
    expect((await t.call("POST", "/bscPolicy", { sid: linaAgain, body: policyBody(folderId, { id, version: await versionOf(t, "bsc_policy", id) }) })).json().code).toBe(4003);
    expect((await t.call("POST", "/bscPolicy", { sid: linaAgain, body: policyBody(folderId) })).json().code).toBe(0);
  });
});
