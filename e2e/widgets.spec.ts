// Issue 5, the four workspace cards with the seeded data in a real browser: my data's report
// frames (only the current one loaded), my apps capped at 15 with the default icon, my schedule's
// week strip and today's entries, my tasks with its badge, pages and "--", the header links, and
// the empty states of a user with no tasks and no entries today.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, endPageSession, seedClock, signInWithSid } from "./support/portal";
import { clearLayout } from "./support/workspace";

let sid = "";
test.afterEach(async ({ page, request }) => {
  await clearLayout(request, sid);
  await endPageSession(page, request);
});

async function open(page: Page, request: import("@playwright/test").APIRequestContext, user: { userName: string; password: string }) {
  sid = await apiLogin(request, user.userName, user.password);
  await clearLayout(request, sid);
  await seedClock(page); // "today" is the seed day, even past midnight
  await signInWithSid(page, sid);
  await expect(page.getByTestId("widget-task_model")).toBeVisible();
}

test("zhangwei's cards show his reports, apps, today's schedule and pending approvals", async ({ page, request }) => {
  await open(page, request, STAFF);

  const data = page.getByTestId("widget-chart_model");
  await expect(data.getByTestId("widget-chart-position")).toHaveText("1 / 3");
  // Only the report on screen is loaded: one frame, same-origin demo report, never top navigation.
  await expect(data.locator("iframe")).toHaveCount(1);
  const frame = data.locator("iframe");
  await expect(frame).toHaveAttribute("src", /\/demo-reports\/.+\.html$/);
  expect(await frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
  const firstSrc = await frame.getAttribute("src");
  await data.getByRole("button", { name: "下一张报表" }).click();
  await expect(data.getByTestId("widget-chart-position")).toHaveText("2 / 3");
  await expect(data.locator("iframe")).not.toHaveAttribute("src", firstSrc ?? "");
  await expect(page.frameLocator('[data-testid="widget-chart_model"] iframe').locator("svg").first()).toBeVisible();

  const apps = page.getByTestId("widget-app_model");
  await expect(apps.getByRole("listitem")).toHaveCount(15); // 18 apps, the card shows the first 15
  await expect(apps.getByRole("listitem").first().getByRole("link")).toHaveAttribute("target", "_blank");
  await expect(apps.getByTestId("widget-app-default-icon").first()).toBeVisible(); // an app without an icon

  const schedule = page.getByTestId("widget-calendar_model");
  await expect(schedule.locator('[aria-current="date"]')).toHaveAttribute("aria-pressed", "true");
  await expect(schedule.getByRole("button")).not.toHaveCount(0);
  await expect(schedule.locator("li")).toHaveCount(3); // the seed day (today) has three entries
  await expect(schedule.getByText(/地点：/).first()).toBeVisible();

  const tasks = page.getByTestId("widget-task_model");
  await expect(tasks.getByTestId("widget-task-badge")).toContainText("23");
  await expect(tasks.locator("tbody tr.ant-table-row")).toHaveCount(10);
  // The pager is in the card's header (issue 21): two steps to page 3.
  const pager = tasks.getByTestId("widget-task-pager");
  await pager.getByTitle("下一页").click();
  await expect(pager.getByRole("textbox")).toHaveValue("2");
  await pager.getByTitle("下一页").click();
  await expect(tasks.locator("tbody tr.ant-table-row")).toHaveCount(3);
  await expect(tasks.getByText("--").first()).toBeVisible(); // empty values shown as --

  await page.getByTestId("widget-more-task_model").click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await page.getByTestId("header-tab-workingSpace").click();
  await page.getByTestId("widget-more-app_model").click();
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await page.getByTestId("header-tab-workingSpace").click();
  await page.getByTestId("widget-more-calendar_model").click();
  await expect(page).toHaveURL(/\/main\/myProgramme$/);
});

test("a user with no pending approvals and no entries today sees the empty states; one report does not loop", async ({ page, request }) => {
  await open(page, request, EDITOR);
  await expect(page.getByTestId("widget-task_model").getByText("暂无待审批任务")).toBeVisible();
  await expect(page.getByTestId("widget-task-badge")).toHaveCount(0);
  await expect(page.getByTestId("widget-calendar_model").getByText("当天暂无日程")).toBeVisible();
  const data = page.getByTestId("widget-chart_model");
  await expect(data.locator("iframe")).toHaveCount(1);
  await expect(data.getByRole("button", { name: "下一张报表" })).toHaveCount(0);
});

test("the badge is capped at 99 and the carousel holds at most 10 reports", async ({ page, request }) => {
  await open(page, request, ADMIN);
  await expect(page.getByTestId("widget-task-badge")).toContainText("99+");
  await expect(page.getByTestId("widget-chart-position")).toHaveText("1 / 10");
});

test("a card whose call fails says so inside the card, without a toast, and Retry loads it (issue 21)", async ({ page, request }) => {
  // The four card calls fail as with the server unreachable; everything else answers.
  const cardCalls = /\/portal-api\/(personalTask\/getWidgetTaskPage|personalApp\/listWidgetApp|personalChart\/listByUserId|personalCalendar\/listCalendar)/;
  let failing = true;
  await page.route(cardCalls, (route) => (failing ? route.abort("connectionrefused") : route.fallback()));
  await open(page, request, STAFF);
  for (const code of ["task_model", "app_model", "chart_model", "calendar_model"]) {
    const card = page.getByTestId(`widget-${code}`);
    await expect(card.getByTestId("widget-failed")).toContainText("加载失败");
    await expect(card.getByRole("button", { name: /重\s*试/ })).toBeVisible();
  }
  // Not the "no data" of an empty card (issue 21: "暂无待审批任务"), and no toast (spec 8).
  await expect(page.getByText("暂无待审批任务")).toHaveCount(0);
  await expect(page.getByText("当天暂无日程")).toHaveCount(0);
  await expect(page.locator(".ant-message-notice")).toHaveCount(0);
  await expect(page.getByText("网络连接失败，请稍后再试")).toHaveCount(0);

  failing = false;
  await page.getByTestId("widget-task_model").getByRole("button", { name: /重\s*试/ }).click();
  await expect(page.getByTestId("widget-task_model").locator("tbody tr.ant-table-row")).toHaveCount(10);
  await page.getByTestId("widget-app_model").getByRole("button", { name: /重\s*试/ }).click();
  await expect(page.getByTestId("widget-app_model").getByRole("listitem")).toHaveCount(15);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
