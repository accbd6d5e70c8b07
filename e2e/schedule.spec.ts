// Issue 6, the schedule with zhangwei's seeded calendar (three entries on the seed day, today):
// opened from the side menu, the month grid with today marked, the day's entries, an entry's
// details with its new-tab link, the week view from Monday, and keyboard moves. Read only.
import { expect, test } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, seedClock, seedMoment, signInWithSid } from "./support/portal";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

const dayOf = (d: Date) => d.toLocaleDateString("sv-SE"); // YYYY-MM-DD, local

test("zhangwei's schedule: today's entries, details, week view and keys", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await seedClock(page);
  await signInWithSid(page, sid);
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "日程中心" }).click();
  await expect(page).toHaveURL(/\/main\/myProgramme$/);

  const today = dayOf(seedMoment());
  const schedule = page.getByTestId("schedule");
  const todayButton = schedule.locator(`button[data-day="${today}"]`);
  await expect(todayButton).toHaveAttribute("aria-current", "date");
  await expect(todayButton).toHaveAttribute("aria-pressed", "true");
  await expect(todayButton).toHaveAttribute("aria-label", /今天.*3 个日程/);

  const agenda = schedule.getByTestId("schedule-agenda");
  await expect(agenda.getByTestId("schedule-entry")).toHaveCount(3);
  await expect(agenda.getByTestId("schedule-entry").first()).toContainText("09:30 – 10:30");
  await agenda.getByRole("button", { name: /产品质量周会 Quality weekly/ }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("日程详情")).toBeVisible();
  await expect(dialog.getByText("上海 3F 黄浦厅 Shanghai 3F Huangpu")).toBeVisible();
  await expect(dialog.getByText(`${today} 09:30 – 10:30`)).toBeVisible();
  const link = dialog.getByRole("link", { name: /在新标签页打开/ });
  await expect(link).toHaveAttribute("href", /^https:\/\/meet\.example\.com\/j\/\d+$/);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await dialog.getByRole("button", { name: /关\s?闭/ }).first().click();
  await expect(dialog).toHaveCount(0);

  // Keyboard: the chosen day holds the focus; an arrow moves it by one day.
  await todayButton.focus();
  await page.keyboard.press("ArrowRight");
  const tomorrow = seedMoment();
  tomorrow.setDate(tomorrow.getDate() + 1);
  await expect(schedule.locator(`button[data-day="${dayOf(tomorrow)}"]`)).toBeFocused();
  await expect(schedule.locator(`button[data-day="${dayOf(tomorrow)}"]`)).toHaveAttribute("aria-pressed", "true");
  await schedule.getByRole("button", { name: /^今\s?天$/ }).click();

  // Week view: Monday first, today's column holds its three entries.
  await schedule.getByText("周", { exact: true }).click();
  const week = schedule.getByTestId("schedule-week");
  const firstDay = await week.locator("button[data-day]").first().getAttribute("data-day");
  expect(new Date(`${firstDay}T00:00:00`).getDay()).toBe(1);
  await expect(week.getByTestId(`schedule-day-${today}`).getByTestId("schedule-entry")).toHaveCount(3);
  await schedule.getByRole("button", { name: "下一周" }).click();
  await expect(week.getByTestId(`schedule-day-${today}`)).toHaveCount(0);
  await schedule.getByRole("button", { name: /^今\s?天$/ }).click();
  await expect(week.getByTestId(`schedule-day-${today}`)).toBeVisible();
});
