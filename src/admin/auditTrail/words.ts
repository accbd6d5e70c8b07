// Words of the audit trail's codes (issue 24): record types, actions, signature meanings and
// broken-chain reasons are shown as words in the reader's language, never as codes.
import type { TFunction } from "i18next";
import type { AuditAction, AuditRecordType } from "./filters";

export const NS = "adminAuditTrail";

export const recordTypeWord = (t: TFunction, type: AuditRecordType | string) => t(`recordTypes.${type}`, { ns: NS, defaultValue: type });
export const actionWord = (t: TFunction, action: AuditAction | string) => t(`actions.${action}`, { ns: NS, defaultValue: action });
export const reasonWord = (t: TFunction, reason: "gap" | "link" | "content") => t(`banner.reasons.${reason}`, { ns: NS });

/** The signature a signature entry records, in words (null for any other entry). */
export function signatureLine(t: TFunction, entry: { recordType: string; after: unknown; before: unknown }): string | null {
  if (entry.recordType !== "signature") return null;
  const s = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  const meaning = String(s.meaning ?? "");
  return t("entry.signature", {
    ns: NS,
    meaning: t(`meanings.${meaning}`, { ns: NS, defaultValue: meaning }),
    name: String(s.printed_name ?? ""),
    at: String(s.signed_at ?? ""),
    hash: String(s.content_hash ?? ""),
  });
}
