// The audit trail screen's verification banner (issue 24): what verifyAuditTrail answered, as the
// administrator reads it. Pure, so each state is unit-tested (banner.test.ts).
import type { components } from "../../api/schema.d.ts";

export type Verification = components["schemas"]["AuditTrailVerification"];

export interface BannerState {
  type: "success" | "error" | "info";
  /** Key in adminAuditTrail.json. */
  key: string;
  values: Record<string, string | number>;
}

/** The banner of a verification: intact (or empty), or broken at its first entry with why. */
export function bannerOf(v: Verification, reasonWord: (reason: "gap" | "link" | "content") => string): BannerState {
  if (v.firstBroken) {
    const { seq, reason } = v.firstBroken;
    return {
      type: "error",
      key: v.intactUpTo > 0 ? "banner.broken" : "banner.brokenFirst",
      values: { seq, reason: reasonWord(reason), upTo: v.intactUpTo },
    };
  }
  if (v.lastSeq === 0) return { type: "info", key: "banner.empty", values: { at: v.verifiedAt } };
  return { type: "success", key: "banner.intact", values: { n: v.intactUpTo, at: v.verifiedAt } };
}
