import { describe, expect, it } from "vitest";
import { TOUR_MAX_STEPS, TOUR_STEPS, firstLoginStep, isCachedFor, presentSteps } from "./firstLogin";

const record = (fields: Partial<{ privacyStatus: 0 | 1; privacyVersion: string | null; noviceGuideStatus: 0 | 1 }>) => ({
  userId: 3,
  languageStatus: "cn" as const,
  noviceGuideStatus: 0 as const,
  privacyStatus: 0 as const,
  privacyVersion: null,
  themeCode: 0,
  themeColor: null,
  themeHeadColor: null,
  ...fields,
});

describe("firstLoginStep (spec 4)", () => {
  it("asks for privacy when there is no record yet", () => {
    expect(firstLoginStep(null, "1.0.0", true)).toBe("privacy");
  });
  it("asks for privacy when it was refused or never accepted", () => {
    expect(firstLoginStep(record({ privacyStatus: 0 }), "1.0.0", true)).toBe("privacy");
  });
  it("asks again when a new version was published", () => {
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0", noviceGuideStatus: 1 }), "1.0.1", true)).toBe("privacy");
  });
  it("goes to the guide when privacy is accepted and the guide not seen", () => {
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0" }), "1.0.0", true)).toBe("guide");
  });
  it("skips the guide where the shell has none (admin shell)", () => {
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0" }), "1.0.0", false)).toBe("done");
  });
  it("is done when both are done", () => {
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0", noviceGuideStatus: 1 }), "1.0.0", true)).toBe("done");
  });
  it("asks for the password an administrator gave after privacy and before the guide (issue 21)", () => {
    expect(firstLoginStep(null, "1.0.0", true, true)).toBe("privacy");
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0" }), "1.0.0", true, true)).toBe("password");
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0", noviceGuideStatus: 1 }), "1.0.0", false, true)).toBe("password");
    expect(firstLoginStep(null, null, true, true)).toBe("password");
    expect(firstLoginStep(record({ privacyStatus: 1, privacyVersion: "1.0.0" }), "1.0.0", true, false)).toBe("guide");
  });
  it("needs no consent while no policy is published", () => {
    expect(firstLoginStep(null, null, true)).toBe("guide");
    expect(firstLoginStep(record({ noviceGuideStatus: 1 }), null, true)).toBe("done");
  });
});

describe("guide cache", () => {
  it("counts only for the same user", () => {
    const info = { userId: 3, privacyVersion: "1.0.0", noviceGuideStatus: 1 as const };
    expect(isCachedFor(info, 3)).toBe(true);
    expect(isCachedFor(info, 4)).toBe(false);
    expect(isCachedFor(null, 3)).toBe(false);
  });
});

describe("tour steps (spec 2.8, 9)", () => {
  it("has at most 12 steps", () => {
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(TOUR_MAX_STEPS);
    const many = Array.from({ length: 20 }, (_, i) => ({ target: `t${i}`, key: `k${i}` }));
    expect(presentSteps(many, () => true)).toHaveLength(12);
  });
  it("skips elements that are not on the page, keeping the order", () => {
    const present = new Set(["logo", "sider-menu", "language"]);
    expect(presentSteps(TOUR_STEPS, (t) => present.has(t)).map((s) => s.target)).toEqual(["logo", "language", "sider-menu"]);
  });
});
