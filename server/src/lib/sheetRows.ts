import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { ApiError } from "./errors.ts";
import { isText } from "./fileTypes.ts";

// An uploaded table (CSV or .xlsx) as rows of trimmed text cells, row 1 first, so an import can
// report each failing cell by the row number a spreadsheet shows. The type is read from the bytes:
// a zip archive is a workbook, valid UTF-8 text is CSV, anything else is 415.

export const notATable = () =>
  new ApiError(415, 415, "请上传 CSV（UTF-8）或 .xlsx 格式的文件", "Please upload a CSV (UTF-8) or .xlsx file");

const unreadable = () => new ApiError(400, 400, "文件无法读取，请使用下载的模板", "The file cannot be read; please use the downloaded template");

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
  const wb = new ExcelJS.Workbook();
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
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
