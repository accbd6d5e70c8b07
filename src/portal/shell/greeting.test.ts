import { describe, expect, it } from "vitest";

import { greetingKey, greetingPeriod } from "./greeting";

const at = (hours: number, minutes: number) => new Date(2024, 0, 15, hours, minutes, 0);

describe("greeting by hour", () => {
  it.each([
    [0, 0, "morning"],
    [11, 59, "morning"],
    [12, 0, "afternoon"],
    [17, 59, "afternoon"],
    [18, 0, "evening"],
    [23, 59, "evening"],
  ] as const)("%i:%i is %s", (hours, minutes, period) => {
    expect(greetingPeriod(at(hours, minutes))).toBe(period);
  });

  it("names the i18n key of the period", () => {
    expect(greetingKey(at(9, 30))).toBe("portal:sider.greeting.morning");
    expect(greetingKey(at(20, 0))).toBe("portal:sider.greeting.evening");
  });
});
