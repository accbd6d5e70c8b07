import { and, asc, count, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { employees, nmpaCertificates, shownColumns, upns } from "../../db/schema.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/fileTypes.ts";
import { containsLower, containsPattern } from "../../lib/like.ts";
import { readTable, toCsv, toXlsx, type Table } from "../../lib/sheetRows.ts";
import type { UploadedPart } from "../../lib/uploads.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Source data (spec 2.3 /originDataList): the employee directory, the UPN list and the NMPA
// registration certificates the global search reads (handlers/search/search.ts). Pages per kind, and an
// import per kind that is all-or-nothing: every cell is checked first, and only a file without a
// single failing cell is written - in one transaction, as an upsert by the kind's natural key.

type Kind = "employee" | "upn" | "nmpa";

interface Column {
  key: string;
  cn: string;
  required?: boolean;
  max: number;
  format?: "code" | "email" | "date";
  example: string;
}

interface KindSpec {
  table: PgTable;
  /** The natural key's column (upsert target) and its column key. */
  keyColumn: AnyPgColumn;
  key: string;
  columns: Column[];
  /** Cross-field check of one row (values by column key, "" when empty); [field, cn, en] when it fails. */
  check?: (v: Record<string, string>) => [string, string, string] | null;
  sheetName: string;
}

const KINDS: Record<Kind, KindSpec> = {
  employee: {
    table: employees,
    keyColumn: employees.employeeNo,
    key: "employeeNo",
    sheetName: "employees",
    columns: [
      { key: "employeeNo", cn: "工号", required: true, max: 20, format: "code", example: "E900001" },
      { key: "chineseName", cn: "中文名", max: 50, example: "张三" },
      { key: "englishName", cn: "英文名", max: 100, example: "San Zhang" },
      { key: "title", cn: "职位", max: 100, example: "Engineer" },
      { key: "email", cn: "邮箱", max: 100, format: "email", example: "san.zhang@example.com" },
      { key: "department", cn: "部门", max: 100, example: "R&D" },
      { key: "supervisor", cn: "上级", max: 100, example: "Wei Zhang" },
      { key: "city", cn: "城市", max: 50, example: "Shanghai" },
    ],
    check: (v) =>
      v.chineseName || v.englishName ? null : ["chineseName", "中文名和英文名至少填写一个", "Fill in the Chinese name or the English name"],
  },
  upn: {
    table: upns,
    keyColumn: upns.upn,
    key: "upn",
    sheetName: "upn",
    columns: [
      { key: "upn", cn: "UPN", required: true, max: 50, format: "code", example: "UPN-900001" },
      { key: "name", cn: "名称", required: true, max: 200, example: "Guide wire 0.035" },
      { key: "status", cn: "状态", required: true, max: 30, example: "Active" },
      { key: "restrictReason", cn: "限制原因", max: 300, example: "" },
    ],
  },
  nmpa: {
    table: nmpaCertificates,
    keyColumn: nmpaCertificates.certificateCode,
    key: "certificateCode",
    sheetName: "nmpa",
    columns: [
      { key: "certificateCode", cn: "注册证编号", required: true, max: 60, example: "国械注准20243010001" },
      { key: "productNameCn", cn: "产品中文名", required: true, max: 200, example: "一次性使用导管" },
      { key: "productNameEn", cn: "产品英文名", max: 200, example: "Single-use catheter" },
      { key: "validFrom", cn: "有效期起", max: 10, format: "date", example: "2024-01-01" },
      { key: "validTo", cn: "有效期至", max: 10, format: "date", example: "2029-12-31" },
      { key: "category", cn: "类别", max: 50, example: "III" },
      { key: "approvedDate", cn: "批准日期", max: 10, format: "date", example: "2024-01-01" },
      { key: "manufacturer", cn: "生产企业", max: 200, example: "Example Medical Co., Ltd." },
      { key: "registrant", cn: "注册人", max: 200, example: "Example Medical Co., Ltd." },
      { key: "address", cn: "地址", max: 300, example: "Shanghai" },
    ],
    check: (v) =>
      v.validFrom && v.validTo && v.validTo < v.validFrom
        ? ["validTo", "有效期至不能早于有效期起", "The end of validity cannot be before its start"]
        : null,
  },
};

const MAX_ROWS = 5000;
/** A report stops growing here; the file has to be fixed anyway. */
const MAX_ERRORS = 500;

interface RowError {
  row: number;
  field: string;
  value: string | null;
  message: string;
  enMessage: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

function isDate(s: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** "2024/1/5" and "2024-1-5" read as 2024-01-05 (spreadsheets often write dates so); others stay as they are. */
const normaliseDate = (s: string) => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  return m ? `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}` : s;
};

function cellError(col: Column, value: string): [string, string] | null {
  if (!value) return col.required ? [`${col.cn}不能为空`, `${col.key} is required`] : null;
  if (value.length > col.max) return [`${col.cn}不能超过${col.max}个字符`, `${col.key} must be at most ${col.max} characters`];
  if (col.format === "email" && !EMAIL.test(value)) return ["请输入正确邮箱地址！", `${col.key} is not a valid email address`];
  if (col.format === "code" && !CODE.test(value))
    return [`${col.cn}只能包含字母、数字和 . _ - /`, `${col.key} may contain only letters, digits and . _ - /`];
  if (col.format === "date" && !isDate(value)) return [`${col.cn}须为日期 YYYY-MM-DD`, `${col.key} must be a date YYYY-MM-DD`];
  return null;
}

const short = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s);

/** Checks the whole table; answers the records (column key to value or null) or every failing cell. */
function validate(spec: KindSpec, table: Table): { records: Record<string, string | null>[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (row: number, field: string, value: string | null, cn: string, en: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ row, field, value: value === null ? null : short(value), message: cn, enMessage: en });
  };
  // Header: each cell names a column by key or Chinese label.
  const positions = new Map<string, number>();
  table.header.forEach((h, i) => {
    if (!h) return;
    const col = spec.columns.find((c) => c.key.toLowerCase() === h.toLowerCase() || c.cn === h);
    if (!col) fail(1, h, h, `未知的列：${h}`, `Unknown column: ${h}`);
    else if (positions.has(col.key)) fail(1, col.key, h, `列重复：${h}`, `Duplicate column: ${h}`);
    else positions.set(col.key, i);
  });
  for (const col of spec.columns)
    if (col.required && !positions.has(col.key)) fail(1, col.key, null, `缺少必填列：${col.key}（${col.cn}）`, `Missing required column: ${col.key}`);
  if (errors.length) return { records: [], errors };

  const rows = table.rows;
  if (!rows.length) {
    fail(2, "", null, "文件中没有数据行", "The file has no data rows");
    return { records: [], errors };
  }
  // The reading stopped at the first row over the limit: it is named.
  if (table.overflow) {
    fail(rows[MAX_ROWS].row, "", null, `一次最多导入${MAX_ROWS}行`, `At most ${MAX_ROWS} rows can be imported at once`);
    return { records: [], errors };
  }

  const seen = new Map<string, number>();
  const records = rows.map(({ row, cells }) => {
    const v: Record<string, string> = {};
    let cellsOk = true;
    for (const col of spec.columns) {
      const at = positions.get(col.key);
      let value = at === undefined ? "" : (cells[at] ?? "");
      if (col.format === "date") value = normaliseDate(value);
      v[col.key] = value;
      const e = cellError(col, value);
      if (e) {
        cellsOk = false;
        fail(row, col.key, value, e[0], e[1]);
      }
    }
    // Cross-field rules only mean something once each cell is valid on its own.
    const cross = cellsOk ? spec.check?.(v) : null;
    if (cross) fail(row, cross[0], v[cross[0]] ?? null, cross[1], cross[2]);
    const key = v[spec.key];
    if (key) {
      const first = seen.get(key);
      if (first !== undefined) fail(row, spec.key, v[spec.key], `与第${first}行重复`, `The same ${spec.key} as row ${first}`);
      else seen.set(key, row);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === "" ? null : x]));
  });
  return { records, errors };
}

/** Writes every record (upsert by the natural key) in one transaction; answers how many were new. */
async function upsertAll(db: Db, spec: KindSpec, records: Record<string, string | null>[]) {
  const keyField = spec.key;
  return db.transaction(async (tx) => {
    const keys = records.map((r) => r[keyField]!);
    let existing = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(spec.table)
        .where(inArray(spec.keyColumn, keys.slice(i, i + 1000)));
      existing += Number(n);
    }
    const updatable = spec.columns.filter((c) => c.key !== keyField).map((c) => c.key);
    const t = spec.table as any;
    for (let i = 0; i < records.length; i += 500) {
      const set = Object.fromEntries(updatable.map((k) => [k, sql.raw(`excluded.${t[k].name}`)]));
      await tx
        .insert(spec.table)
        .values(records.slice(i, i + 500) as any)
        .onConflictDoUpdate({ target: spec.keyColumn, set });
    }
    return { created: records.length - existing, updated: existing };
  });
}

type UploadRequest = FastifyRequest & { body: { file: UploadedPart }; params: { kind: Kind } };

// ---------------------------------------------------------------------------------- pages

interface PageBody {
  page?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: "asc" | "desc";
}

async function pageOf<Row>(
  db: Db,
  table: PgTable,
  body: PageBody,
  conds: (SQL | undefined)[],
  sortable: Record<string, AnyPgColumn>,
  defaultSort: AnyPgColumn,
  tieBreak: AnyPgColumn,
) {
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 10;
  const where = and(...conds.filter(Boolean));
  const col = (body.sortField && sortable[body.sortField]) || defaultSort;
  const order = body.sortOrder === "desc" ? sql`${col} DESC NULLS LAST` : sql`${col} ASC NULLS LAST`;
  const [rows, [{ total }]] = await Promise.all([
    db.select(shownColumns(table)).from(table).where(where).orderBy(order, asc(tieBreak)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(table).where(where),
  ]);
  // The shown columns are the table's own (shownColumns leaves out only generated search columns).
  return paged(rows as Row[], Number(total), page, pageSize);
}

/** A filter on a part of the text (case-insensitive), or nothing when the text is empty. */
const part = (col: AnyPgColumn, text: string | undefined) => (text?.trim() ? ilike(col, containsPattern(text.trim())) : undefined);

export const adminSourceDataHandlers = {
  async pageSourceEmployee(req: OpRequest<"pageSourceEmployee">) {
    const b = req.body;
    const e = employees;
    const kw = b.keyword?.trim();
    const conds = [
      kw ? or(part(e.employeeNo, kw), part(e.chineseName, kw), part(e.englishName, kw), part(e.email, kw)) : undefined,
      part(e.department, b.department),
      part(e.city, b.city),
    ];
    const sortable = { employeeNo: e.employeeNo, chineseName: e.chineseName, englishName: e.englishName, department: e.department, city: e.city };
    return pageOf<typeof e.$inferSelect>(req.server.db, e, b, conds, sortable, e.employeeNo, e.id);
  },

  async pageSourceUpn(req: OpRequest<"pageSourceUpn">) {
    const b = req.body;
    const kw = b.keyword?.trim();
    const status = b.status?.trim();
    const conds = [
      kw ? or(containsLower(upns.upnLower, kw), containsLower(upns.nameLower, kw)) : undefined,
      status ? sql`lower(${upns.status}) = lower(${status})` : undefined,
    ];
    return pageOf<typeof upns.$inferSelect>(req.server.db, upns, b, conds, { upn: upns.upn, name: upns.name, status: upns.status }, upns.upn, upns.upn);
  },

  async pageSourceNmpa(req: OpRequest<"pageSourceNmpa">) {
    const b = req.body;
    const c = nmpaCertificates;
    const kw = b.keyword?.trim();
    const conds = [
      kw ? or(containsLower(c.codeLower, kw), containsLower(c.cnLower, kw), containsLower(c.enLower, kw)) : undefined,
      part(c.category, b.category),
      part(c.manufacturer, b.manufacturer),
    ];
    const sortable = { certificateCode: c.certificateCode, productNameCn: c.productNameCn, approvedDate: c.approvedDate, validTo: c.validTo };
    return pageOf<typeof c.$inferSelect>(req.server.db, c, b, conds, sortable, c.certificateCode, c.id);
  },

  /** All rows or none: a file with any failing cell writes nothing and answers the full report. */
  async importSourceData(req: UploadRequest, reply: FastifyReply) {
    const kind = req.params.kind;
    const spec = KINDS[kind];
    const { fileName, bytes } = req.body.file;
    const table = await readTable(bytes, { maxRows: MAX_ROWS });
    if (!table.header.some(Boolean) && !table.rows.length) throw badRequest("file", "empty", "文件为空", "The file is empty");
    const { records, errors } = validate(spec, table);
    if (errors.length) {
      const rowsFailing = new Set(errors.map((e) => e.row)).size;
      return reply.code(400).send({
        code: 400,
        data: null,
        resultMessage: `导入失败：${rowsFailing}行有错误，未导入任何数据`,
        resultEnMessage: `Import failed: ${rowsFailing} row(s) have errors; nothing was imported`,
        rowErrors: errors,
      });
    }
    const { created, updated } = await upsertAll(req.server.db, spec, records);
    setAudit(req, { entityId: kind, before: null, after: { kind, fileName, total: records.length, created, updated } });
    return ok({ kind, total: records.length, created, updated });
  },

  async downloadSourceDataTemplate(req: FastifyRequest & { params: { kind: Kind }; query: { format?: "xlsx" | "csv" } }, reply: FastifyReply) {
    const kind = req.params.kind;
    const spec = KINDS[kind];
    const rows = [spec.columns.map((c) => c.key), spec.columns.map((c) => c.example)];
    const csv = req.query.format === "csv";
    const body = csv ? toCsv(rows) : await toXlsx(spec.sheetName, rows);
    return reply
      .type(csv ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", contentDisposition(`${kind}-import-template.${csv ? "csv" : "xlsx"}`))
      .send(body);
  },
} satisfies TagHandlers<"sourceData">;
