// Spec 2.6: the sider's greeting by the hour of the day. Morning before 12, afternoon from 12:00
// to 17:59, evening otherwise. Pure, so the boundaries are unit tested.

export type GreetingPeriod = "morning" | "afternoon" | "evening";

export function greetingPeriod(date: Date = new Date()): GreetingPeriod {
  const hour = date.getHours();
  if (hour < 12) return "morning";
  if (hour < 18) return "afternoon";
  return "evening";
}

/** The i18n key of the greeting (takes {{realName}}). */
export function greetingKey(date: Date = new Date()): string {
  return `portal:sider.greeting.${greetingPeriod(date)}`;
}
