import { eq, inArray, or } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { depts, folders, labels, policies, policyLabels, users } from "../../db/schema.ts";
import { ApiError, badRequest, notFound } from "../../lib/errors.ts";
import { htmlToText, sanitizeHtml } from "../../lib/html.ts";
import { loadExcel, readWorkbook } from "../../lib/sheetRows.ts";
import type { UploadedPart } from "../../lib/uploads.ts";
import { expandVersionNumber } from "../../../../common/versionNumber.ts";

// The policy Excel import (importExcel) and its template (downLoadTemplateFile). The workbook's
// first sheet has the template's header row; every data row is checked before anything is written,
// and then either every row is inserted (as a draft, in one transaction) or none is and each failing
// cell is reported with its row number as the spreadsheet shows it.

export type ImportRequest = FastifyRequest & { body: { file: UploadedPart; folderId: number } };

export const TEMPLATE_FILE_NAME = "policy-import-template.xlsx";
const MAX_ROWS = 1000;

/** The template's columns: the key reported in errors and the Chinese header shown beside it. */
const COLUMNS = [
  { key: "title", cn: "标题", required: true, width: 30 },
  { key: "keyword", cn: "关键字", required: true, width: 20 },
  { key: "labels", cn: "标签", required: false, width: 24 },
  { key: "visibility", cn: "是否可见", required: false, width: 12 },
  { key: "reviewFlag", cn: "是否需要复核", required: false, width: 14 },
  { key: "versionNumber", cn: "版本号", required: false, width: 12 },
  { key: "content", cn: "内容", required: true, width: 50 },
  { key: "deptName", cn: "创建部门", required: true, width: 24 },
  { key: "creator", cn: "创建人账号", required: true, width: 16 },
] as const;
type Key = (typeof COLUMNS)[number]["key"];

const headerText = (c: (typeof COLUMNS)[number]) => `${c.cn} (${c.key})${c.required ? " *" : ""}`;

export interface RowError {
  row: number;
  field: string;
  message: string;
  enMessage: string;
}

const notXlsx = () => new ApiError(415, 415, "请上传 xlsx 格式的 Excel 文件", "Please upload an Excel file in xlsx format");

/** A yes/no cell: 1/0, 是/否, yes/no, y/n, true/false; blank gives the default. */
function flagOf(text: string, fallback: 0 | 1): 0 | 1 | null {
  const v = text.trim().toLowerCase();
  if (!v) return fallback;
  if (["1", "是", "yes", "y", "true"].includes(v)) return 1;
  if (["0", "否", "no", "n", "false"].includes(v)) return 0;
  return null;
}

/** Markup of the rich-text editor (a cell without any is plain text, whatever angle brackets it has). */
const MARKUP = /<\/?(p|br|div|span|ul|ol|li|b|strong|i|em|u|s|a|img|h[1-6]|table|thead|tbody|tr|td|th|blockquote|pre|code)\b[^>]*>/i;

/** A content cell: HTML when it holds editor markup, otherwise plain text kept line by line. */
function contentOf(text: string): string {
  if (MARKUP.test(text)) return sanitizeHtml(text);
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => `<p>${escape(l)}</p>`)
    .join("");
}

/** Maps each template column to its sheet column (0-based) by the header row (order may differ). */
function headerColumns(header: string[]): Map<Key, number> | RowError[] {
  const found = new Map<Key, number>();
  header.forEach((cell, col) => {
    const text = cell.replace(/\s*\*$/, "");
    const key = /\(([A-Za-z]+)\)$/.exec(text)?.[1] ?? text;
    const column = COLUMNS.find((c) => c.key.toLowerCase() === key.toLowerCase() || c.cn === text);
    if (column && !found.has(column.key)) found.set(column.key, col);
  });
  const missing = COLUMNS.filter((c) => !found.has(c.key));
  if (!missing.length) return found;
  return missing.map((c) => ({
    row: 1,
    field: c.key,
    message: `缺少表头列“${headerText(c)}”，请使用下载的模板`,
    enMessage: `The header column "${headerText(c)}" is missing; please use the downloaded template`,
  }));
}

type Parsed = {
  row: number;
  title: string;
  keyword: string;
  labelIds: number[];
  visibility: 0 | 1;
  reviewFlag: 0 | 1;
  versionNumber: string;
  content: string;
  contentText: string;
  deptId: number;
  creatorId: number;
};

/** Reads, checks and (when every row passes) imports the workbook; nothing is written otherwise. */
export async function importPolicies(req: ImportRequest): Promise<{ folderId: number; ids: number[] } | { rowErrors: RowError[] }> {
  const db = req.server.db;
  const { file, folderId } = req.body;
  const bytes = file.bytes;
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip || !/\.xlsx$/i.test(file.fileName)) throw notXlsx();
  const [folder] = await db.select({ id: folders.id }).from(folders).where(eq(folders.id, folderId));
  if (!folder) throw notFound("文件夹", "Folder");

  // Read as a stream under the reading limits, after the zip-bomb checks (lib/sheetRows.ts).
  const table = await readWorkbook(bytes, { maxRows: MAX_ROWS });
  const tooMany = () => badRequest("file", "maxRows", `一次最多导入 ${MAX_ROWS} 行`, `At most ${MAX_ROWS} rows can be imported at once`);
  if (table.overflow) throw tooMany();
  const columns = headerColumns(table.header);
  if (Array.isArray(columns)) return { rowErrors: columns };

  // The data rows: every row after the header with any text in a template column.
  const rows: { row: number; cells: Record<Key, string> }[] = [];
  for (const { row, cells: sheetCells } of table.rows) {
    const cells = Object.fromEntries(COLUMNS.map((c) => [c.key, sheetCells[columns.get(c.key)!] ?? ""])) as Record<Key, string>;
    if (Object.values(cells).some((v) => v)) rows.push({ row, cells });
  }
  if (rows.length > MAX_ROWS) throw tooMany();
  if (!rows.length) throw badRequest("file", "empty", "表格中没有可导入的数据行", "The workbook has no rows to import");

  // What the rows refer to, looked up once.
  const names = (k: Key, split = false) => [...new Set(rows.flatMap((r) => (split ? r.cells[k].split(/[,，;；]/) : [r.cells[k]]).map((v) => v.trim()).filter(Boolean)))];
  const labelNames = names("labels", true);
  const [labelRows, deptRows, userRows, takenRows] = await Promise.all([
    labelNames.length
      ? db.select({ id: labels.id, labelName: labels.labelName, labelEnName: labels.labelEnName }).from(labels).where(or(inArray(labels.labelEnName, labelNames), inArray(labels.labelName, labelNames)))
      : Promise.resolve([]),
    names("deptName").length ? db.select({ id: depts.id, deptName: depts.deptName }).from(depts).where(inArray(depts.deptName, names("deptName"))) : Promise.resolve([]),
    names("creator").length ? db.select({ id: users.id, userName: users.userName }).from(users).where(inArray(users.userName, names("creator"))) : Promise.resolve([]),
    names("keyword").length ? db.select({ keyword: policies.keyword }).from(policies).where(inArray(policies.keyword, names("keyword"))) : Promise.resolve([]),
  ]);
  const taken = new Set(takenRows.map((r) => r.keyword));
  const seenKeywords = new Map<string, number>();

  const errors: RowError[] = [];
  const parsed: Parsed[] = [];
  for (const { row, cells } of rows) {
    const fail = (field: Key, message: string, enMessage: string) => errors.push({ row, field, message, enMessage });
    const before = errors.length;
    for (const c of COLUMNS) if (c.required && !cells[c.key]) fail(c.key, "请填写所有必填信息", "Please fill all required information");

    if (cells.title.length > 200) fail("title", "标题不能超过 200 个字符", "The title must be at most 200 characters");
    const keyword = cells.keyword;
    if (keyword.length > 50) fail("keyword", "关键字不能超过 50 个字符", "The keyword must be at most 50 characters");
    else if (keyword && taken.has(keyword)) fail("keyword", "关键字已存在，请输入新的关键字", "Keyword existed, please input a new one");
    else if (keyword && seenKeywords.has(keyword))
      fail("keyword", `关键字与第 ${seenKeywords.get(keyword)} 行重复`, `The keyword repeats the one of row ${seenKeywords.get(keyword)}`);
    if (keyword && !seenKeywords.has(keyword)) seenKeywords.set(keyword, row);

    const tagNames = cells.labels.split(/[,，;；]/).map((v) => v.trim()).filter(Boolean);
    const labelIds: number[] = [];
    for (const name of tagNames) {
      const label = labelRows.find((l) => l.labelEnName === name) ?? labelRows.find((l) => l.labelName === name);
      if (!label) fail("labels", `标签“${name}”不存在`, `The tag "${name}" does not exist`);
      else if (!labelIds.includes(label.id)) labelIds.push(label.id);
    }
    if (labelIds.length > 8) fail("labels", "最多选择 8 个标签", "At most 8 tags can be chosen");

    const visibility = flagOf(cells.visibility, 1);
    if (visibility === null) fail("visibility", "请填写 1（是）或 0（否）", "Use 1 (yes) or 0 (no)");
    const reviewFlag = flagOf(cells.reviewFlag, 0);
    if (reviewFlag === null) fail("reviewFlag", "请填写 1（是）或 0（否）", "Use 1 (yes) or 0 (no)");
    const versionNumber = cells.versionNumber ? expandVersionNumber(cells.versionNumber) : "1.0.0";
    if (!versionNumber) fail("versionNumber", "版本号应为 x.y.z 或 1 到 3 位数字", "The version number must be x.y.z or 1 to 3 digits");

    const content = cells.content ? contentOf(cells.content) : "";
    const contentText = htmlToText(content);
    if (cells.content && !contentText && !/<img\b/i.test(content)) fail("content", "内容不能为空", "Content must not be empty");
    if (content.length > 500000) fail("content", "内容过长", "The content is too long");

    const dept = cells.deptName ? deptRows.find((d) => d.deptName === cells.deptName) : undefined;
    if (cells.deptName && !dept) fail("deptName", `部门“${cells.deptName}”不存在`, `The department "${cells.deptName}" does not exist`);
    const creator = cells.creator ? userRows.find((u) => u.userName === cells.creator) : undefined;
    if (cells.creator && !creator) fail("creator", `账号“${cells.creator}”不存在`, `The account "${cells.creator}" does not exist`);

    if (errors.length === before)
      parsed.push({
        row,
        title: cells.title,
        keyword,
        labelIds,
        visibility: visibility!,
        reviewFlag: reviewFlag!,
        versionNumber: versionNumber!,
        content,
        contentText,
        deptId: dept!.id,
        creatorId: creator!.id,
      });
  }
  if (errors.length) return { rowErrors: errors };

  try {
    const ids = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(policies)
        .values(parsed.map(({ row: _row, labelIds: _labels, ...p }) => ({ ...p, status: 0 as const, folderId })))
        .returning({ id: policies.id });
      const links = parsed.flatMap((p, i) => p.labelIds.map((labelId) => ({ policyId: inserted[i].id, labelId })));
      if (links.length) await tx.insert(policyLabels).values(links);
      return inserted.map((r) => r.id);
    });
    return { folderId, ids };
  } catch (e) {
    // A keyword taken by someone else between the check and the insert: nothing was imported.
    const code = (e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
    if (code === "23505")
      throw badRequest("keyword", "unique", "关键字已存在，请输入新的关键字（未导入任何数据）", "Keyword existed, please input a new one (nothing was imported)");
    throw e;
  }
}

/** The template: the header row and one example row that imports as it is. */
export async function policyTemplate(db: Db, userId: number): Promise<Buffer> {
  const [[dept], [me], [label]] = await Promise.all([
    db.select({ deptName: depts.deptName }).from(depts).orderBy(depts.id).limit(1),
    db.select({ userName: users.userName }).from(users).where(eq(users.id, userId)),
    db.select({ labelEnName: labels.labelEnName }).from(labels).where(eq(labels.status, 1)).orderBy(labels.sort, labels.id).limit(1),
  ]);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet("policies");
  sheet.columns = COLUMNS.map((c) => ({ header: headerText(c), key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    title: "示例政策 Example policy",
    keyword: `example-${Date.now().toString(36)}`,
    labels: label?.labelEnName ?? "",
    visibility: 1,
    reviewFlag: 0,
    versionNumber: "1.0.0",
    content: "第一段内容。\nSecond paragraph.",
    deptName: dept?.deptName ?? "",
    creator: me?.userName ?? "",
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
