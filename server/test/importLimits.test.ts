import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { columnName, rowXml, rowsXml, workbook, zip } from "../../scripts/lib/xlsx.ts";
import { READ_LIMITS } from "../src/lib/sheetRows.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { multipart, upload } from "./uploadFixtures.ts";

// Issue 20 item 4: both imports read their table as a stream and stop at the first row past a
// limit. Each import's own row limit (5000 source-data rows, 1000 policies) answers its usual 400
// report as soon as the row after the last allowed one is read - what follows it is never read;
// the reading limits (rows, columns, filled cells, characters, shared strings, the styles part)
// answer 413 in both languages. The workbooks are made by hand (scripts/lib/xlsx.ts).

const TOO_LARGE_EN = /^The table is larger than an import reads \(at most 20000 rows, 256 columns, 200000 filled cells and 10 million characters\); nothing was imported/;
const TOO_LARGE_CN = /^表格超出导入的读取上限/;

let t: TestApp;
let admin: string;
let editor: string;
let folderId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  const lina = await t.login("lina", "Staff@12345");
  editor = (await t.call("GET", "/sysUserEx/changeRole", { sid: lina, query: { roleCode: "editor" } })).json().data.sid;
  folderId = (await t.sql.query("SELECT id FROM bsc_folder ORDER BY id LIMIT 1")).rows[0].id;
});
afterAll(() => t.close());

const sourceImport = (data: Buffer, filename = "employees.xlsx") => upload(t, "/sourceData/employee/import", admin, { filename, type: "application/octet-stream", data });
function policyImport(data: Buffer) {
  const f = multipart([
    { name: "folderId", data: String(folderId) },
    { name: "file", filename: "policies.xlsx", type: "application/octet-stream", data },
  ]);
  return t.app.inject({ method: "POST", url: "/portal-api/bscPolicy/importExcel", headers: { sid: editor, "content-type": f.contentType }, payload: f.payload });
}
const expectTooLarge = (res: { statusCode: number; json(): any }) => {
  expect([res.statusCode, res.json().code]).toEqual([413, 413]);
  expect(res.json().resultEnMessage).toMatch(TOO_LARGE_EN);
  expect(res.json().resultMessage).toMatch(TOO_LARGE_CN);
};
const employees = async () => Number((await t.sql.query("SELECT count(*) n FROM md_employee WHERE employee_no LIKE 'L%'")).rows[0].n);

const HEADER = ["employeeNo", "englishName", "city"];
const employeeRow = (i: number) => [`L${String(i).padStart(6, "0")}`, `Limit ${i}`, "Xiamen"];
/** `n` empty row elements numbered from `from` (a sheet may hold them: formatted, never filled). */
const emptyRows = (from: number, n: number) => Array.from({ length: n }, (_, i) => `<row r="${from + i}"/>`).join("");

describe("source-data import: reading stops at the first row past a limit", () => {
  it("reads a workbook whose shared strings come after its sheet (as Excel writes it)", async () => {
    const strings = ["employeeNo", "englishName", "city", "SS00001", "Shared Strings", "Hangzhou"];
    const s = (r: number, cells: number[]) => `<row r="${r}">${cells.map((v, i) => `<c r="${columnName(i + 1)}${r}" t="s"><v>${v}</v></c>`).join("")}</row>`;
    const res = await sourceImport(workbook(s(1, [0, 1, 2]) + s(2, [3, 4, 5]), { sharedStrings: strings }));
    expect([res.statusCode, res.json().code, res.json().data.created]).toEqual([200, 0, 1]);
    const { rows } = await t.sql.query("SELECT english_name, city FROM md_employee WHERE employee_no = 'SS00001'");
    expect(rows).toEqual([{ english_name: "Shared Strings", city: "Hangzhou" }]);
  });

  it("Chinese text arrives whole wherever the stream's pieces end (workbook and CSV)", async () => {
    // 3000 names of 50 characters (the column's maximum): with 3-byte characters, many straddle
    // the boundary between two pieces of unpacked sheet data.
    const name = (i: number) => Array.from({ length: 50 }, (_, k) => String.fromCharCode(0x4e00 + ((i * 50 + k) * 7919) % 0x5000)).join("");
    for (const [prefix, file] of [
      ["CX", (rows: string[][]) => workbook(rowsXml(rows))],
      ["CC", (rows: string[][]) => Buffer.from(rows.map((r) => r.join(",")).join("\n"))],
    ] as const) {
      const rows = [["employeeNo", "chineseName"], ...Array.from({ length: 3000 }, (_, i) => [`${prefix}${i}`, name(i)])];
      const res = await sourceImport(file(rows), prefix === "CX" ? "names.xlsx" : "names.csv");
      expect([prefix, res.statusCode, res.json().data?.created]).toEqual([prefix, 200, 3000]);
      const stored = await t.sql.query("SELECT employee_no, chinese_name FROM md_employee WHERE employee_no LIKE $1", [`${prefix}%`]);
      const wrong = stored.rows.filter((r) => r.chinese_name !== name(Number(r.employee_no.slice(2))));
      expect([prefix, wrong.length]).toEqual([prefix, 0]);
    }
  });

  it("5001 data rows: the usual report names the first row over, and what follows it is never read", async () => {
    const rows = [HEADER, ...Array.from({ length: 5001 }, (_, i) => employeeRow(i + 2))];
    // Read on, the 30,000 empty rows after them would pass the sheet's row limit (413).
    const res = await sourceImport(workbook(rowsXml(rows) + emptyRows(5003, READ_LIMITS.sheetRows + 10_000)));
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().rowErrors).toEqual([{ row: 5002, field: "", value: null, message: "一次最多导入5000行", enMessage: "At most 5000 rows can be imported at once" }]);
    expect(await employees()).toBe(0);
  });

  it("a CSV of 5001 data rows stops there too (a broken quote after them is never reached)", async () => {
    const lines = [HEADER.join(","), ...Array.from({ length: 5001 }, (_, i) => employeeRow(i + 2).join(",")), 'L9,"never closed'];
    const res = await sourceImport(Buffer.from(`${lines.join("\n")}\n`), "employees.csv");
    expect([res.statusCode, res.json().rowErrors?.[0]?.row]).toEqual([400, 5002]);
  });

  it("more row elements than a sheet may have (empty ones too): 413", async () => {
    expectTooLarge(await sourceImport(workbook(rowXml(1, HEADER) + emptyRows(2, READ_LIMITS.sheetRows))));
  });

  it("a cell beyond column 256 (workbook and CSV): 413", async () => {
    const far: string[] = [...employeeRow(2)];
    far[299] = "far away";
    expectTooLarge(await sourceImport(workbook(rowsXml([HEADER, far]))));
    expectTooLarge(await sourceImport(Buffer.from(`${HEADER.join(",")}\n${Array.from({ length: 300 }, (_, i) => far[i] ?? "").join(",")}\n`), "employees.csv"));
  });

  it("more filled cells than an import reads: 413", async () => {
    const wide = Array.from({ length: 41 }, (_, i) => `c${i}`);
    expectTooLarge(await sourceImport(workbook(rowsXml(Array.from({ length: 5000 }, () => wide)))));
  });

  it("more characters than an import reads (workbook and CSV): 413", async () => {
    const text = () => crypto.randomBytes(750).toString("base64"); // 1000 characters that hardly compress
    const rows = [HEADER, ...Array.from({ length: 1020 }, () => Array.from({ length: 10 }, text))];
    expectTooLarge(await sourceImport(workbook(rowsXml(rows))));
    const csv = Buffer.from(rows.map((r) => r.join(",")).join("\n"));
    expect(csv.length).toBeLessThan(10 * 1024 * 1024); // under the upload limit: only the reading limit can refuse it
    expectTooLarge(await sourceImport(csv, "employees.csv"));
  });

  it("more shared strings than an import reads: 413", async () => {
    const strings = Array.from({ length: READ_LIMITS.filledCells + 1 }, (_, i) => `s${i}`);
    expectTooLarge(await sourceImport(workbook(rowsXml([HEADER]), { sharedStrings: strings })));
  });

  it("a styles part over 8 MB: 413 before anything is parsed", async () => {
    const base = workbook(rowsXml([HEADER, employeeRow(2)]));
    // The same workbook with a styles part of 9 MB of number formats (compressed about 10:1, no bomb).
    const formats = Array.from({ length: 150_000 }, (_, i) => `<numFmt numFmtId="${164 + i}" formatCode="0.${"0".repeat(i % 7)}${crypto.randomBytes(8).toString("hex")}"/>`).join("");
    const styles = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="150000">${formats}</numFmts></styleSheet>`;
    expect(styles.length).toBeGreaterThan(READ_LIMITS.stylesBytes);
    const parts = await partsOf(base);
    expectTooLarge(await sourceImport(zip([...parts, ["xl/styles.xml", styles]])));
  });
});

describe("policy import: the same reading", () => {
  const POLICY_HEADER = ["title", "keyword", "content", "deptName", "creator"];
  it("1001 policies: the usual 400 as soon as the row after the thousandth is read", async () => {
    const rows = [POLICY_HEADER, ...Array.from({ length: 1001 }, (_, i) => [`T${i}`, `limit-kw-${i}`, "text", "x", "admin"])];
    const res = await policyImport(workbook(rowsXml(rows) + emptyRows(1003, READ_LIMITS.sheetRows + 10_000)));
    expect([res.statusCode, res.json().code, res.json().resultEnMessage]).toEqual([400, 400, "At most 1000 rows can be imported at once"]);
  });

  it("a cell beyond column 256: 413", async () => {
    const far = ["T", "limit-far", "text", "x", "admin"];
    far[299] = "far away";
    expectTooLarge(await policyImport(workbook(rowsXml([POLICY_HEADER, far]))));
  });
});

/** The parts of a zip made by scripts/lib/xlsx.ts (stored names and inflated contents). */
async function partsOf(bytes: Buffer): Promise<[string, Buffer][]> {
  const zlib = await import("node:zlib");
  const parts: [string, Buffer][] = [];
  const eocd = bytes.length - 22;
  let p = bytes.readUInt32LE(eocd + 16);
  for (let n = bytes.readUInt16LE(eocd + 10); n > 0; n--) {
    const nameLength = bytes.readUInt16LE(p + 28);
    const name = bytes.toString("utf8", p + 46, p + 46 + nameLength);
    const local = bytes.readUInt32LE(p + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    parts.push([name, zlib.inflateRawSync(bytes.subarray(start, start + bytes.readUInt32LE(p + 20)))]);
    p += 46 + nameLength;
  }
  return parts;
}
