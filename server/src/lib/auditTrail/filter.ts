import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditTrail } from "../../db/schema.ts";
import { contains } from "../like.ts";
import { TIME_ZONE } from "../esign/sign.ts";

// Issue 24: the filters of the audit trail's page, print view and inspector export, one rule for
// all three so an inspector's export holds exactly the entries the screen listed.

export interface AuditTrailFilter {
  recordType?: string;
  recordId?: string;
  actorId?: number;
  actorName?: string;
  from?: string;
  to?: string;
  action?: string;
}

/** The WHERE of the filters given (undefined when none). Days are whole days in the server's time zone, both included. */
export function auditTrailWhere(f: AuditTrailFilter): SQL | undefined {
  const t = auditTrail;
  const name = f.actorName?.trim();
  return and(
    f.recordType ? eq(t.recordType, f.recordType) : undefined,
    f.recordId?.trim() ? eq(t.recordId, f.recordId.trim()) : undefined,
    f.actorId !== undefined ? eq(t.actorId, f.actorId) : undefined,
    name ? contains(t.actorName, name) : undefined,
    f.from ? gte(t.at, sql`${f.from}::date`) : undefined,
    f.to ? lt(t.at, sql`${f.to}::date + 1`) : undefined,
    f.action ? eq(t.action, f.action as "create") : undefined,
  );
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** "YYYY-MM-DD HH:mm:ss.SSS" in the server's time zone (the entry's time as the screen shows it). */
export function localTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** The local time with its UTC offset and zone name, for a document read elsewhere (the export). */
export function timeWithZone(d: Date): string {
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? "-" : "+";
  return `${localTime(d)} ${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)} (${TIME_ZONE})`;
}

type Row = typeof auditTrail.$inferSelect;

/** An entry as the contract gives it. */
export function entryView(r: Row) {
  return {
    seq: r.seq,
    at: localTime(r.at),
    timeZone: TIME_ZONE,
    actorId: r.actorId,
    actorName: r.actorName,
    operation: r.operation,
    recordType: r.recordType as AuditRecordType,
    recordId: r.recordId,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason,
    prevHash: r.prevHash,
    hash: r.hash,
  };
}

export type AuditRecordType =
  | "policy"
  | "policyVersion"
  | "privacyPolicy"
  | "privacyAcceptance"
  | "campaign"
  | "acknowledgement"
  | "signature"
  | "esignSetting"
  | "role"
  | "rolePermission"
  | "userRole"
  | "permission";
