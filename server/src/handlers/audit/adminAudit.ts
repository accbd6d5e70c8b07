import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLogs, users } from "../../db/schema.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { containsPattern } from "../../lib/like.ts";
import { formatDateTime } from "../../lib/time.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The audit log (issue 7, beyond the spec): read-only here. Rows are written by the route wrapper
// (app.ts) for every operation the contract marks x-audit, with the before and after its handler
// or the generic resource layer described (lib/audit.ts).

const SORTABLE = {
  id: auditLogs.id,
  createTime: auditLogs.createTime,
  userName: auditLogs.userName,
  entity: auditLogs.entity,
  operationId: auditLogs.operationId,
} as const;

export const adminAuditHandlers = {
  async sysAuditLogPage(req: OpRequest<"sysAuditLogPage">) {
    const db = req.server.db;
    const { page = 1, pageSize = 10, userName, entity, entityId, operationId, createTimeFrom, createTimeTo, sortField, sortOrder } = req.body;
    const conds: (SQL | undefined)[] = [];
    if (userName?.trim()) {
      const p = containsPattern(userName.trim());
      conds.push(or(ilike(auditLogs.userName, p), ilike(users.realName, p)));
    }
    if (entity) conds.push(eq(auditLogs.entity, entity));
    if (entityId) conds.push(eq(auditLogs.entityId, entityId));
    if (operationId?.trim()) conds.push(ilike(auditLogs.operationId, containsPattern(operationId.trim())));
    if (createTimeFrom) conds.push(gte(auditLogs.createTime, sql`${createTimeFrom}::date`));
    if (createTimeTo) conds.push(lt(auditLogs.createTime, sql`${createTimeTo}::date + 1`));
    const where = and(...conds.filter(Boolean));
    const col = SORTABLE[(sortField ?? "id") as keyof typeof SORTABLE] ?? auditLogs.id;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ log: auditLogs, realName: users.realName })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.userId))
        .where(where)
        .orderBy(sortOrder === "asc" ? asc(col) : desc(col), desc(auditLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.userId)).where(where),
    ]);
    return paged(
      rows.map(({ log, realName }) => ({ ...log, realName, createTime: formatDateTime(log.createTime)! })),
      Number(total),
      page,
      pageSize,
    );
  },

  async listAuditEntities(req: OpRequest<"listAuditEntities">) {
    const rows = await req.server.db.selectDistinct({ entity: auditLogs.entity }).from(auditLogs).orderBy(asc(auditLogs.entity));
    return ok(rows.map((r) => r.entity));
  },
} satisfies TagHandlers<"audit">;
