// The audit trail screen's filters (issue 24), kept in the address so the print view opens with
// exactly the list's filters and Back returns to them.
import type { components } from "../../api/schema.d.ts";

export type AuditTrailFilter = components["schemas"]["AuditTrailFilter"];
export type AuditRecordType = components["schemas"]["AuditRecordType"];
export type AuditAction = components["schemas"]["AuditAction"];

export const RECORD_TYPES: AuditRecordType[] = [
  "policy", "policyVersion", "privacyPolicy", "privacyAcceptance", "campaign", "acknowledgement",
  "signature", "esignSetting", "role", "rolePermission", "userRole", "permission",
];
export const ACTIONS: AuditAction[] = ["create", "change", "delete"];

const KEYS = ["recordType", "recordId", "actorName", "from", "to", "action"] as const;

/** The filters an address's query names (unknown values dropped, so a hand-edited link cannot send a refused request). */
export function filterFromParams(params: URLSearchParams): AuditTrailFilter {
  const f: AuditTrailFilter = {};
  const recordType = params.get("recordType");
  if (recordType && (RECORD_TYPES as string[]).includes(recordType)) f.recordType = recordType as AuditRecordType;
  const action = params.get("action");
  if (action && (ACTIONS as string[]).includes(action)) f.action = action as AuditAction;
  const recordId = params.get("recordId")?.trim();
  if (recordId) f.recordId = recordId.slice(0, 100);
  const actorName = params.get("actorName")?.trim();
  if (actorName) f.actorName = actorName.slice(0, 100);
  for (const k of ["from", "to"] as const) {
    const v = params.get(k);
    if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) f[k] = v;
  }
  return f;
}

/** The query of filters (only those given). */
export function paramsOfFilter(f: AuditTrailFilter): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of KEYS) {
    const v = f[k];
    if (v !== undefined && v !== "") p.set(k, String(v));
  }
  return p;
}
