// Issue 18 item 9: with the server down, spec 8's network-failure message shows, from the entry
// bundle. A page not yet visited whose chunk cannot load while every request fails: the message
// shows, the tab is not reloaded onto the browser's "site can't be reached" page, the pages already
// open keep working; once the server answers again the page opens, with its styles. An API call
// failing with the server down shows the same message.
import { expect, test, type Page } from "@playwright/test";

import { STAFF, apiLogin, endTestSessions, signInWithSid } from "./support/portal";

const NETWORK_FAILED = "网络连接失败，请稍后再试";

test.afterEach(async ({ page, request }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await endTestSessions(page, request);
});

/** Every request of the page fails as with the server down (connection refused). */
const serverDown = (page: Page) => page.route("**/*", (route) => route.abort("connectionrefused"));
const serverBack = (page: Page) => page.unroute("**/*");

/**
 * A mark in the page's memory: it is gone after any reload or navigation to another document
 * (the browser's error page included).
 */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true).catch(() => false);

const sider = (page: Page) => page.getByTestId("sider-menu");
const tab = (page: Page, title: string) => page.getByTestId("tab-bar").getByRole("tab", { name: title, exact: true });

test("a page not yet visited, with the server down: the message, no reload, and the page once the server is back", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await expect(page.getByTestId("card-task_model").locator("tbody tr.ant-table-row")).toHaveCount(10);
  await markDocument(page);

  await serverDown(page);
  await sider(page).getByRole("menuitem", { name: "日程中心" }).click();
  await expect(page.getByText(NETWORK_FAILED)).toBeVisible();
  await expect(page).toHaveURL(/\/main\/myProgramme$/);
  expect(await sameDocument(page)).toBe(true);

  // The pages already open keep working: back to the workspace tab, its cards still there.
  await tab(page, "工作空间").click();
  await expect(page.getByTestId("card-task_model").locator("tbody tr.ant-table-row")).toHaveCount(10);
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  // The server answers again: the page opens in the same document (it is tried again by itself).
  await serverBack(page);
  await tab(page, "日程中心").click();
  const schedule = page.getByTestId("schedule");
  await expect(schedule).toBeVisible({ timeout: 30_000 });
  await expect(schedule.getByTestId("schedule-agenda")).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // Its stylesheet, which failed with the chunk, came with the retry: the toolbar is laid out by it.
  const toolbar = schedule.locator(".ant-card-body > div").first();
  await expect(toolbar).toHaveCSS("display", "flex");
});

test("an API call failing with the server down shows the network-failure message", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await sider(page).getByRole("menuitem", { name: "任务中心" }).click();
  const search = page.getByRole("button", { name: /查\s?询/ });
  await expect(search).toBeVisible();
  await markDocument(page);

  await serverDown(page);
  await search.click();
  await expect(page.getByText(NETWORK_FAILED)).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
