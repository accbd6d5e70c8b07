import { parse as parseCsv } from "csv-parse";
import type ExcelJS from "exceljs";
import { ApiError } from "./errors.ts";
import { isText } from "./fileTypes.ts";
import { assertSafeWorkbook, partsInOrder, unreadableWorkbook, WORKBOOK_LIMITS, workbookTooLarge } from "./workbookZip.ts";

export { assertSafeWorkbook, WORKBOOK_LIMITS, workbookTooLarge };

/**
 * exceljs, loaded on first use: it is the heaviest module the server has (about 0.3 s and 20 MB at
 * start-up) and only imports and exports need it (issue 9, start-up budget).
 */
export const loadExcel = () => import("exceljs").then((m) => m.default);

// An uploaded table (CSV or .xlsx) as rows of trimmed text cells, so an import can report each
// failing cell by the row number a spreadsheet shows. The type is read from the bytes: a zip
// archive is a workbook, valid UTF-8 text is CSV, anything else is 415.
//
// Both are read as streams (issue 20: a 6.6 MB workbook holding 30 MB of sheet XML, parsed whole,
// stalled every request for seconds and took 450 MB): exceljs's streaming WorkbookReader for a
// workbook (its first sheet only), csv-parse's stream for CSV, a row at a time, with the event
// loop given back every few milliseconds, and the limits below checked as each row arrives - the
// first row past one ends the reading at once.

export const notATable = () =>
  new ApiError(415, 415, "请上传 CSV（UTF-8）或 .xlsx 格式的文件", "Please upload a CSV (UTF-8) or .xlsx file");

/** What reading one table may take, whatever the import (each import also caps its data rows). */
export const READ_LIMITS = {
  /** Rows of the sheet read, empty ones included (an import takes at most 5000 data rows). */
  sheetRows: 20_000,
  /** The highest column a row may use. */
  columns: 256,
  /** Cells holding text, in all. */
  filledCells: 200_000,
  /** Characters of cell text kept, shared strings included (a full 5000-row import of the widest kind is under 10 million). */
  characters: 10_000_000,
  /** The workbook's styles part, read for its date formats. */
  stylesBytes: 8 * 1024 * 1024,
};

export const sheetTooLarge = () =>
  new ApiError(
    413,
    413,
    `表格超出导入的读取上限（最多 ${READ_LIMITS.sheetRows} 行、${READ_LIMITS.columns} 列、${READ_LIMITS.filledCells} 个有内容的单元格、${READ_LIMITS.characters / 1_000_000} 百万个字符），未导入任何数据，请使用下载的模板`,
    `The table is larger than an import reads (at most ${READ_LIMITS.sheetRows} rows, ${READ_LIMITS.columns} columns, ${READ_LIMITS.filledCells} filled cells and ${READ_LIMITS.characters / 1_000_000} million characters); nothing was imported. Please use the downloaded template`,
  );

/** A row with text in it: its number as a spreadsheet shows it, and its cells (column 1 at index 0). */
export interface TableRow {
  row: number;
  cells: string[];
}

export interface Table {
  /** Row 1 (empty when the sheet has none). */
  header: string[];
  /** The rows after row 1 that hold any text, at most `maxRows` (plus the one that overflowed). */
  rows: TableRow[];
  /** More than `maxRows` such rows: reading stopped at the first one over, which is the last of `rows`. */
  overflow: boolean;
}

/** Collects rows under READ_LIMITS, and hands the event loop back every few milliseconds. */
class TableBuilder {
  readonly table: Table = { header: [], rows: [], overflow: false };
  private rowsRead = 0;
  private filled = 0;
  private characters = 0;
  private since = performance.now();

  constructor(private readonly maxRows: number) {}

  /** Counts text that is kept apart from rows (shared strings). */
  keep(text: string) {
    this.characters += text.length;
    if (this.characters > READ_LIMITS.characters) throw sheetTooLarge();
  }

  /** Adds one row of the sheet; false once the import's data rows overflowed (stop reading). */
  add(rowNumber: number, cells: string[]): boolean {
    if (++this.rowsRead > READ_LIMITS.sheetRows || cells.length > READ_LIMITS.columns) throw sheetTooLarge();
    let text = false;
    for (const c of cells)
      if (c) {
        text = true;
        this.filled++;
        this.characters += c.length;
      }
    if (this.filled > READ_LIMITS.filledCells || this.characters > READ_LIMITS.characters) throw sheetTooLarge();
    if (rowNumber === 1) this.table.header = cells;
    else if (text) {
      this.table.rows.push({ row: rowNumber, cells });
      if (this.table.rows.length > this.maxRows) {
        this.table.overflow = true;
        return false;
      }
    }
    return true;
  }

  /** Lets other requests run when this one has had the thread for a while (about 8 ms). */
  async pace() {
    if (performance.now() - this.since < 8) return;
    await new Promise((r) => setImmediate(r));
    this.since = performance.now();
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Excel keeps dates as UTC midnights: their UTC date is the date the sheet shows. */
const excelDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function cellText(value: ExcelJS.CellValue | { sharedString: number }): string {
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

const sharedText = (t: unknown): string =>
  typeof t === "string" ? t : t && typeof t === "object" && "richText" in t ? (t as { richText: { text: string }[] }).richText.map((r) => r.text ?? "").join("") : "";

// The parts of a workbook the streaming reader needs, in the order it needs them: relations and
// the workbook (sheet names and order), styles (which numbers are dates), shared strings, sheets.
const PART_ORDER: [RegExp, number][] = [
  [/^xl\/_rels\/workbook\.xml\.rels$/, 0],
  [/^xl\/workbook\.xml$/, 1],
  [/^xl\/styles\.xml$/, 2],
  [/^xl\/sharedStrings\.xml$/, 3],
  [/^xl\/worksheets\/sheet\d+\.xml$/, 4],
];
const rankOf = (name: string) => PART_ORDER.find(([re]) => re.test(name))?.[1] ?? null;

/** The members of exceljs's streaming reader this module uses (its typings are loose). */
interface StreamReader {
  sharedStrings?: string[];
  workbookRels?: unknown[];
  model?: { sheets?: { id: number }[] };
  parse(): AsyncGenerator<{ eventType?: string; value?: unknown; index?: number; text?: unknown }>;
}
interface SheetReader extends AsyncIterable<ExcelJS.Row> {
  id: number;
}

/** The first sheet of a workbook (in the workbook's order), read as a stream under READ_LIMITS. */
async function xlsxTable(bytes: Buffer, maxRows: number): Promise<Table> {
  const parts = await assertSafeWorkbook(bytes); // zip bombs: before anything is parsed
  const styles = parts.find((p) => p.name === "xl/styles.xml");
  if (styles && styles.unpacked > READ_LIMITS.stylesBytes) throw sheetTooLarge();
  const ExcelJSModule = await loadExcel();
  const input = partsInOrder(bytes, parts, rankOf);
  const reader = new ExcelJSModule.stream.xlsx.WorkbookReader(input, { sharedStrings: "emit", styles: "cache", hyperlinks: "ignore", worksheets: "emit" }) as unknown as StreamReader;
  // Shared strings are kept here (under the limits), not by exceljs; with both set before any sheet
  // arrives, the reader parses sheets as they stream (never through a temporary file).
  const shared: string[] = [];
  reader.sharedStrings = shared;
  reader.workbookRels = [];
  const builder = new TableBuilder(maxRows);
  try {
    for await (const item of reader.parse()) {
      if (item.eventType !== "worksheet") {
        if (typeof item.index === "number") {
          const text = sharedText(item.text);
          builder.keep(text);
          if (shared.push(text) > READ_LIMITS.filledCells) throw sheetTooLarge();
          if (shared.length % 1000 === 0) await builder.pace();
        }
        continue;
      }
      const sheet = item.value as SheetReader;
      const first = reader.model?.sheets?.[0];
      if (first && sheet.id !== first.id) continue; // another sheet: drained unread
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell((cell, col) => {
          cells[col - 1] = cellText(cell.value).trim();
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= "";
        if (!builder.add(row.number, cells)) break;
        await builder.pace();
      }
      break; // the first sheet is all an import reads
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw unreadableWorkbook();
  } finally {
    input.destroy();
  }
  return builder.table;
}

/**
 * The records of a CSV as csv-parse streams them, the file fed 64 KB at a time while fewer than a
 * thousand records wait. A failure (a quote left open, found at the end of the file) is raised
 * after the records before it: a reader that stops early (its row limit) stops the feeding and
 * never meets it, as it never meets anything after where it stopped.
 */
async function* csvRecords(bytes: Buffer): AsyncGenerator<string[]> {
  // One record may not take more than a full import's characters (a 10 MB file with one quote left open).
  const parser = parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: READ_LIMITS.characters });
  const queue: string[][] = [];
  let done = false;
  let stopped = false;
  let failure: unknown = null;
  // Who waits: the reader for a record, the feeder for room in the queue.
  const waiting: { reader?: () => void; feeder?: () => void } = {};
  const wake = (who: "reader" | "feeder") => {
    const resume = waiting[who];
    delete waiting[who];
    resume?.();
  };
  parser.on("data", (record: string[]) => {
    queue.push(record);
    wake("reader");
  });
  parser.on("end", () => {
    done = true;
    wake("reader");
  });
  parser.on("error", (e) => {
    failure = e;
    done = true;
    wake("reader");
  });
  void (async () => {
    for (let i = 0; i < bytes.length && !stopped && !done; i += 64 * 1024) {
      while (queue.length >= 1000 && !stopped) await new Promise<void>((r) => (waiting.feeder = r));
      if (stopped) return;
      parser.write(bytes.subarray(i, i + 64 * 1024));
      await new Promise((r) => setImmediate(r)); // parsing runs in this turn; let others have the next
    }
    if (!stopped && !done) parser.end();
  })();
  try {
    for (;;) {
      const record = queue.shift();
      if (record) {
        if (queue.length < 1000) wake("feeder");
        yield record;
        continue;
      }
      if (done) break;
      await new Promise<void>((r) => (waiting.reader = r));
    }
    if (failure) throw failure;
  } finally {
    stopped = true;
    wake("feeder");
    parser.destroy();
  }
}

/** A CSV (UTF-8, BOM allowed) read as a stream under READ_LIMITS; a record's number is its row. */
async function csvTable(bytes: Buffer, maxRows: number): Promise<Table> {
  const builder = new TableBuilder(maxRows);
  let row = 0;
  try {
    for await (const record of csvRecords(bytes)) {
      if (!builder.add(++row, record.map((c) => c.trim()))) break;
      await builder.pace();
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string }).code === "CSV_MAX_RECORD_SIZE") throw sheetTooLarge();
    throw unreadableWorkbook();
  }
  return builder.table;
}

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32BE(0) === 0x504b0304;

/** A workbook's first sheet (an .xlsx only); `maxRows` data rows at most (see Table.overflow). */
export async function readWorkbook(bytes: Buffer, { maxRows }: { maxRows: number }): Promise<Table> {
  return xlsxTable(bytes, maxRows);
}

/** A CSV or .xlsx file's table; `maxRows` data rows at most (see Table.overflow). */
export async function readTable(bytes: Buffer, { maxRows }: { maxRows: number }): Promise<Table> {
  if (isZip(bytes)) return xlsxTable(bytes, maxRows);
  if (isText(bytes)) return csvTable(bytes, maxRows);
  throw notATable();
}

/** A CSV text of the rows (RFC 4180 quoting), with a BOM so spreadsheet programs read UTF-8. */
export function toCsv(rows: string[][]): Buffer {
  const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`, "utf8");
}

/** An .xlsx of one sheet with a bold header row. */
export async function toXlsx(sheetName: string, rows: string[][]): Promise<Buffer> {
  return toXlsxSheets([{ name: sheetName, rows }]);
}

/** An .xlsx of several sheets, each with a bold header row (its first row). */
export async function toXlsxSheets(sheets: { name: string; rows: (string | number)[][] }[]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name);
    for (const r of sheet.rows) ws.addRow(r);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => (c.width = 22));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
