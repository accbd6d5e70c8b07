import { describe, expect, it } from "vitest";
import { bannerOf, type Verification } from "./banner";

const base: Verification = { checked: 12, intactUpTo: 12, firstBroken: null, lastSeq: 12, verifiedAt: "2026-11-27 10:00:00", timeZone: "UTC" };
const word = (r: string) => ({ content: "edited", gap: "removed", link: "re-linked" })[r]!;

describe("the audit trail's verification banner", () => {
  it("says intact up to the last entry, with the time it was checked", () => {
    expect(bannerOf(base, word)).toEqual({ type: "success", key: "banner.intact", values: { n: 12, at: "2026-11-27 10:00:00" } });
  });

  it("says empty when there is no entry yet", () => {
    expect(bannerOf({ ...base, checked: 0, intactUpTo: 0, lastSeq: 0 }, word)).toMatchObject({ type: "info", key: "banner.empty" });
  });

  it("names the first broken entry, why, and where the trail is intact up to", () => {
    for (const [reason, text] of [["content", "edited"], ["gap", "removed"], ["link", "re-linked"]] as const)
      expect(bannerOf({ ...base, checked: 7, intactUpTo: 6, firstBroken: { seq: 7, reason } }, word)).toEqual({
        type: "error",
        key: "banner.broken",
        values: { seq: 7, reason: text, upTo: 6 },
      });
  });

  it("says nothing is intact when the first entry is broken", () => {
    expect(bannerOf({ ...base, checked: 1, intactUpTo: 0, firstBroken: { seq: 1, reason: "content" } }, word)).toMatchObject({
      type: "error",
      key: "banner.brokenFirst",
      values: { seq: 1, reason: "edited" },
    });
  });
});
