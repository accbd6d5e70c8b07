// Issue 18 item 1: the safety nets of the built app. In the production bundle the warning every
// fallback draws was not a component (a CommonJS icon import), so each fallback threw React error
// #130 and the whole window went white: a card given malformed data, a page whose chunk keeps
// failing. Here a failing card shows its own error and the page works on; a page whose chunk
// keeps failing shows "页面加载失败" in its place after one reload while the shell works on; and the
// admin shell survives every entry of its side menu, 推荐标签 -> 应用标签 / BU推荐标签 included.
import { expect, test, type Page, type Route } from "@playwright/test";

import { ADMIN, STAFF, apiLogin, endTestSessions, seedClock, signInWithSid } from "./support/portal";
import { clearLayout } from "./support/workspace";

const PAGE_FAILED = "页面加载失败。";

let sid = "";
test.afterEach(async ({ page, request }) => {
  if (sid) await clearLayout(request, sid);
  sid = "";
  await endTestSessions(page, request);
});

/** Every error the page did not catch (an unmounted root throws one). */
function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** The answer of a workspace read, replaced by `data` in a success envelope (wrong types from the server). */
const malformed = (data: unknown) => (route: Route) =>
  route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ code: 0, resultMessage: "成功", resultEnMessage: "Success", data }) });

async function openWorkspace(page: Page, request: import("@playwright/test").APIRequestContext) {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await clearLayout(request, sid);
  await seedClock(page);
  await signInWithSid(page, sid);
}

const card = (page: Page, code: string) => page.getByTestId(`card-${code}`);
const sider = (page: Page) => page.getByTestId("sider-menu");

test("a card given malformed data shows its own error, and the page works on", async ({ page, request }) => {
  const errors = uncaughtErrors(page);
  await page.route("**/portal-api/personalApp/listWidgetApp?*", malformed([{ appName: { x: 1 }, appIconUrl: 5, appUrl: null, id: "x" }]));
  await openWorkspace(page, request);

  await expect(card(page, "app_model").getByText("“我的应用”无法显示。")).toBeVisible();
  await expect(card(page, "app_model").getByRole("button", { name: /重\s?试/ })).toBeVisible();
  // The other cards show their data.
  await expect(card(page, "task_model").locator("tbody tr.ant-table-row")).toHaveCount(10);
  await expect(card(page, "calendar_model").locator("li")).toHaveCount(3);

  // The card's retry asks again; with the server's right answer the apps show.
  await page.unroute("**/portal-api/personalApp/listWidgetApp?*");
  await card(page, "app_model").getByRole("button", { name: /重\s?试/ }).click();
  await expect(card(page, "app_model").getByRole("listitem")).toHaveCount(15);

  // The page is usable: another page opens from the side menu.
  await sider(page).getByRole("menuitem", { name: "日程中心" }).click();
  await expect(page.getByTestId("schedule")).toBeVisible();
  expect(errors).toEqual([]);
});

test("every card given wrong types degrades to its own error, never the page", async ({ page, request }) => {
  const errors = uncaughtErrors(page);
  const object = { x: 1 };
  await page.route("**/portal-api/personalChart/listByUserId?*", malformed([{ id: "x", dataName: object, dataUrl: 5, originalUrl: object }]));
  await page.route("**/portal-api/personalApp/listWidgetApp?*", malformed([{ appName: object, appIconUrl: 5, appUrl: null, id: "x" }]));
  await page.route("**/portal-api/personalCalendar/listCalendar", async (route) => {
    const { startTime } = route.request().postDataJSON() as { startTime: string };
    const day = startTime.slice(0, 10);
    await malformed({ [day]: [{ id: "x", calendarName: object, calendarStartTime: 5, calendarEndTime: object, calendarMeeting: 7, calendarUrl: 5 }] })(route);
  });
  await page.route("**/portal-api/personalTask/getWidgetTaskPage", malformed({ records: [{ taskName: object, taskUrl: 5, taskSponsor: object, taskStartTime: 9 }], total: "many" }));
  await page.route("**/portal-api/personalTask/getTaskPending", malformed(object));
  await openWorkspace(page, request);

  for (const [code, title] of [
    ["chart_model", "我的数据"],
    ["app_model", "我的应用"],
    ["calendar_model", "我的日程"],
    ["task_model", "我的任务"],
  ] as const)
    await expect(card(page, code).getByText(`“${title}”无法显示。`), code).toBeVisible();

  // The shell around the cards works: the header, and the side menu to another page.
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  await sider(page).getByRole("menuitem", { name: "帮助中心" }).click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  expect(errors).toEqual([]);
});

test("a page whose chunk keeps failing shows the page-failed message in its place after one reload", async ({ page, request }) => {
  const errors = uncaughtErrors(page);
  await openWorkspace(page, request);
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.route("**/assets/Schedule-*.js", (route) => route.abort());

  await sider(page).getByRole("menuitem", { name: "日程中心" }).click();
  // Spec 2.4: one reload, back to the page, which fails again: the message where the page would be.
  await expect(page.getByText(PAGE_FAILED)).toBeVisible({ timeout: 30_000 });
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/main\/myProgramme$/);
  await expect(page.getByRole("button", { name: "重新加载" })).toBeVisible();
  // The shell works on: the header, and the workspace from the side menu.
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  await sider(page).getByRole("menuitem", { name: "工作空间" }).click();
  await expect(card(page, "task_model").locator("tbody tr.ant-table-row")).toHaveCount(10);
  expect(loads).toBe(1);

  // Once the chunk can be had again, the page's own button brings it.
  await page.unroute("**/assets/Schedule-*.js");
  await sider(page).getByRole("menuitem", { name: "日程中心" }).click();
  await page.getByRole("button", { name: "重新加载" }).click();
  await expect(page.getByTestId("schedule")).toBeVisible();
  expect(errors).toEqual([]);
});

/** The admin shell as an administrator opens it (the stage-admin link with a sid). */
async function openAdmin(page: Page, request: import("@playwright/test").APIRequestContext, path: string) {
  const adminSid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${adminSid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(path);
}

const adminMenu = (page: Page) => page.locator(".ant-layout-sider").getByRole("menu").first();
/** The admin page's title (refine's list and page headers). */
const heading = (page: Page, title: string) => page.locator("main").getByRole("heading", { name: title, exact: true });

test("the admin shell moves from 推荐标签 to 应用标签 and BU推荐标签 through the side menu", async ({ page, request }) => {
  const errors = uncaughtErrors(page);
  await openAdmin(page, request, "/main/tagManamentList/recommendTagsList");
  // The first visit loads the admin chunk: on a loaded machine this can take a while.
  await expect(heading(page, "推荐标签")).toBeVisible({ timeout: 45_000 });

  for (const [entry, text] of [
    ["应用标签", "编辑标签"],
    ["推荐标签", "人事"],
    ["BU推荐标签", "编辑标签"],
    ["推荐标签", "人事"],
    ["应用标签", "编辑标签"],
  ] as const) {
    await adminMenu(page).getByRole("menuitem", { name: entry, exact: true }).click();
    await expect(heading(page, entry)).toBeVisible();
    await expect(page.locator("main").getByText(text).first()).toBeVisible();
  }
  await expect(page.getByText(PAGE_FAILED)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("every entry of the admin side menu opens its page without an error", async ({ page, request }) => {
  const errors = uncaughtErrors(page);
  await openAdmin(page, request, "/main/home");
  const menu = adminMenu(page);
  await expect(menu).toBeVisible({ timeout: 45_000 });

  // Open every group, then visit every entry in menu order, each one's page shown before the next.
  for (const group of await menu.locator(".ant-menu-submenu-title").all()) {
    const submenu = group.locator("xpath=..");
    if (!(await submenu.evaluate((node) => node.classList.contains("ant-menu-submenu-open")))) await group.click();
  }
  // Every page entry (退出登录 ends the session: not a page).
  const items = menu.locator('li.ant-menu-item:not([data-menu-id$="logout"])');
  const count = await items.count();
  const entries = (await items.allInnerTexts()).map((text) => text.trim());
  expect(entries).toEqual(expect.arrayContaining(["用户管理", "角色管理", "推荐标签", "应用标签", "BU推荐标签", "个人中心"]));
  for (let i = 0; i < count; i++) {
    const entry = entries[i];
    await items.nth(i).click();
    await expect(items.nth(i), entry).toHaveClass(/ant-menu-item-selected/);
    // Each page names itself (its list heading, card title or breadcrumb) once it has rendered.
    await expect(page.locator("main"), entry).toContainText(entry);
    await expect(page.locator("main").getByText(PAGE_FAILED), entry).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
