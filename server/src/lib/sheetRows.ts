import { promisify } from "node:util";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";

/**
 * exceljs, loaded on first use: it is the heaviest module the server has (about 0.3 s and 20 MB at
 * start-up) and only imports and exports need it (issue 9, start-up budget).
 */
export const loadExcel = () => import("exceljs").then((m) => m.default);
import { ApiError } from "./errors.ts";
import { isText } from "./fileTypes.ts";

// An uploaded table (CSV or .xlsx) as rows of trimmed text cells, row 1 first, so an import can
// report each failing cell by the row number a spreadsheet shows. The type is read from the bytes:
// a zip archive is a workbook, valid UTF-8 text is CSV, anything else is 415.

export const notATable = () =>
  new ApiError(415, 415, "请上传 CSV（UTF-8）或 .xlsx 格式的文件", "Please upload a CSV (UTF-8) or .xlsx file");

const unreadable = () => new ApiError(400, 400, "文件无法读取，请使用下载的模板", "The file cannot be read; please use the downloaded template");

// ------------------------------------------------------------------ zip bombs (ASVS 12.1.2)
// An .xlsx is a zip archive whose parts exceljs (through JSZip) inflates whole into memory. A
// few hundred KB can declare or expand to gigabytes, so before exceljs sees a workbook its
// central directory is checked (part count, each part's and the total unpacked size, the
// compression ratio of large parts), and then every part is actually inflated with a hard output
// limit of its declared size: a header that lies about the size is caught where it matters, in
// the inflation, which stops at the limit instead of running on.

const MB = 1024 * 1024;
export const WORKBOOK_LIMITS = {
  /** Parts in the archive (a workbook of a few sheets has a dozen or two). */
  entries: 500,
  /** Unpacked bytes of one part (a 5000-row import sheet is a few MB of XML). */
  entryBytes: 32 * MB,
  /** Unpacked bytes of all parts together. */
  totalBytes: 64 * MB,
  /** Unpacked : packed of a part over `ratioFrom` bytes (real sheets stay far below; deflate's maximum is about 1032). */
  ratio: 200,
  ratioFrom: 1 * MB,
};

export const workbookTooLarge = () =>
  new ApiError(
    413,
    413,
    `工作簿解压后过大或压缩比异常（疑似压缩炸弹），已拒绝：解压后不得超过${WORKBOOK_LIMITS.totalBytes / MB}MB，请使用下载的模板`,
    `The workbook is refused: it unpacks to too much data or is abnormally compressed (a possible zip bomb); at most ${WORKBOOK_LIMITS.totalBytes / MB} MB unpacked. Please use the downloaded template`,
  );

const inflateRaw = promisify(zlib.inflateRaw) as (b: Buffer, o: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * Refuses (413) an archive that unpacks to more than the limits, by its central directory and by
 * inflating each part with an output limit; 400 when it is not a readable zip. Call before exceljs.
 */
export async function assertSafeWorkbook(bytes: Buffer): Promise<void> {
  const L = WORKBOOK_LIMITS;
  // End of central directory: 22 bytes plus a comment of at most 65535, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadable();
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (bytes.readUInt16LE(eocd + 10) > L.entries) throw workbookTooLarge();
  if (cdOffset + cdSize > eocd) throw unreadable(); // ZIP64 (0xFFFFFFFF) or damaged
  const entries: { method: number; packed: number; unpacked: number; local: number }[] = [];
  let total = 0;
  for (let p = cdOffset; p < cdOffset + cdSize; ) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const e = { method: bytes.readUInt16LE(p + 10), packed: bytes.readUInt32LE(p + 20), unpacked: bytes.readUInt32LE(p + 24), local: bytes.readUInt32LE(p + 42) };
    p += 46 + bytes.readUInt16LE(p + 28) + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    total += e.unpacked;
    if (entries.push(e) > L.entries || e.unpacked > L.entryBytes || total > L.totalBytes) throw workbookTooLarge();
    if (e.unpacked > L.ratioFrom && e.unpacked > L.ratio * Math.max(1, e.packed)) throw workbookTooLarge();
  }
  // Inflate each part as exceljs will, never past its declared size (whatever the data says).
  for (const e of entries) {
    if (e.local + 30 > bytes.length || bytes.readUInt32LE(e.local) !== 0x04034b50) throw unreadable();
    const start = e.local + 30 + bytes.readUInt16LE(e.local + 26) + bytes.readUInt16LE(e.local + 28);
    if (start + e.packed > bytes.length) throw unreadable();
    const data = bytes.subarray(start, start + e.packed);
    if (e.method === 0) {
      if (e.packed !== e.unpacked) throw workbookTooLarge();
      continue;
    }
    if (e.method !== 8) throw unreadable();
    let out: Buffer;
    try {
      out = await inflateRaw(data, { maxOutputLength: Math.max(1, e.unpacked) + 1 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw workbookTooLarge();
      throw unreadable();
    }
    if (out.length !== e.unpacked) throw out.length > e.unpacked ? workbookTooLarge() : unreadable();
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Excel keeps dates as UTC midnights: their UTC date is the date the sheet shows. */
const excelDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return excelDate(value);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return String(value.error);
    return "";
  }
  return String(value);
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  await assertSafeWorkbook(bytes);
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = wb.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  }
  return rows;
}

function csvRows(bytes: Buffer): string[][] {
  try {
    return (parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][]).map((r) => r.map((c) => c.trim()));
  } catch {
    throw unreadable();
  }
}

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32BE(0) === 0x504b0304;

/** The file's rows (row 1 at index 0), trailing empty rows dropped. */
export async function readTable(bytes: Buffer): Promise<string[][]> {
  let rows: string[][];
  if (isZip(bytes)) rows = await xlsxRows(bytes);
  else if (isText(bytes)) rows = csvRows(bytes);
  else throw notATable();
  while (rows.length && rows[rows.length - 1].every((c) => c === "")) rows.pop();
  return rows;
}

/** A CSV text of the rows (RFC 4180 quoting), with a BOM so spreadsheet programs read UTF-8. */
export function toCsv(rows: string[][]): Buffer {
  const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`, "utf8");
}

/** An .xlsx of one sheet with a bold header row. */
export async function toXlsx(sheetName: string, rows: string[][]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
