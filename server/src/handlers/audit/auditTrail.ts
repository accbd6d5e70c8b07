import { asc, count, desc } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { auditTrail } from "../../db/schema.ts";
import { verifyTrailShared } from "../../lib/auditTrail/verify.ts";
import { auditTrailWorkbook } from "../../lib/auditTrail/export.ts";
import { auditTrailWhere, entryView, type AuditTrailFilter } from "../../lib/auditTrail/filter.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/fileTypes.ts";
import { formatDateTime } from "../../lib/time.ts";
import { TIME_ZONE } from "../../lib/esign/sign.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The audit trail of regulated records (issue 24, 21 CFR 11.10(e)): read-only views. Entries are
// written only by the database's triggers (migration 0017), in the transaction of each change;
// nothing here, nor anywhere in the product, changes or deletes one.

/** The most entries one print view holds (the answer says how many matched). */
export const PRINT_CAP = 1000;
/** The most entries one export holds; more is refused with a message to narrow the filters. */
export const EXPORT_CAP = 20000;

const filterOf = (f: AuditTrailFilter): AuditTrailFilter => ({
  recordType: f.recordType,
  recordId: f.recordId,
  actorId: f.actorId,
  actorName: f.actorName,
  from: f.from,
  to: f.to,
  action: f.action,
});

const describe = (f: AuditTrailFilter) =>
  Object.entries(filterOf(f))
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");

export const auditTrailHandlers = {
  async auditTrailPage(req: OpRequest<"auditTrailPage">) {
    const db = req.server.db;
    const { page = 1, pageSize = 10, sortOrder } = req.body;
    const where = auditTrailWhere(filterOf(req.body));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditTrail)
        .where(where)
        .orderBy(sortOrder === "asc" ? asc(auditTrail.seq) : desc(auditTrail.seq))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(auditTrail).where(where),
    ]);
    return paged(rows.map(entryView), Number(total), page, pageSize);
  },

  async getAuditTrailPrint(req: OpRequest<"getAuditTrailPrint">) {
    const db = req.server.db;
    const where = auditTrailWhere(filterOf(req.body));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditTrail)
        .where(where)
        .orderBy(req.body.sortOrder === "desc" ? desc(auditTrail.seq) : asc(auditTrail.seq))
        .limit(PRINT_CAP),
      db.select({ total: count() }).from(auditTrail).where(where),
    ]);
    return ok({ total: Number(total), cap: PRINT_CAP, records: rows.map(entryView) });
  },

  async verifyAuditTrail(req: OpRequest<"verifyAuditTrail">) {
    const report = await verifyTrailShared(req.server.pool);
    return ok({ ...report, verifiedAt: formatDateTime(new Date())!, timeZone: TIME_ZONE });
  },

  async exportAuditTrail(req: OpRequest<"exportAuditTrail">, reply: FastifyReply) {
    const db = req.server.db;
    const f = filterOf(req.query);
    const where = auditTrailWhere(f);
    const [{ total }] = await db.select({ total: count() }).from(auditTrail).where(where);
    if (Number(total) > EXPORT_CAP)
      throw badRequest(
        "filters",
        "tooMany",
        `符合条件的记录有 ${total} 条，一次最多导出 ${EXPORT_CAP} 条：请缩小记录、人员或时间范围后再导出`,
        `${total} entries match; one export holds at most ${EXPORT_CAP}: narrow the record, person or period and export again`,
      );
    const rows = await db.select().from(auditTrail).where(where).orderBy(asc(auditTrail.seq));
    const body = await auditTrailWorkbook(rows, describe(f));
    return reply
      .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", contentDisposition(`audit-trail-${formatDateTime(new Date())!.slice(0, 10)}.xlsx`))
      .header("cache-control", "no-store")
      .send(body);
  },
} satisfies TagHandlers<"audit">;
