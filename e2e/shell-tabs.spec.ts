// The user shell's tab bar of visited views (spec 2.6): a tab per visited page with its localised
// title, the affix workspace tab, the context menu (width 105) and each of its actions, closing
// the active tab, the language toggle, the tabs after a reload, and views kept alive between tabs.
import { expect, test, type Page } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, pushRoute, saveLanguageOf, signInWithSid } from "./support/portal";

// Each test signs in with a session made through the API; it ends with the test.
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test.beforeEach(async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
});

const bar = (page: Page) => page.getByTestId("tab-bar");
const tabs = (page: Page) => bar(page).getByRole("tab");
const tab = (page: Page, title: string) => bar(page).getByRole("tab", { name: title, exact: true });
const view = (page: Page, path: string) => page.locator(`[data-tab-view="${path}"]`);
/** A tab's close cross: for the pointer only, no control inside the tab (issue 21; Delete closes from the keyboard). */
const closeCross = (page: Page, title: string) => tab(page, title).getByTestId("tab-close");
/** The open tab context menu (the sider's menu is a menu too). */
const tabMenu = (page: Page) => page.getByRole("menu", { name: /^(标签操作：|Tab actions: )/ });

/** The address shows the page and its tab is the selected one. */
async function expectShown(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(bar(page).getByRole("tab", { selected: true })).toHaveAttribute("data-path", path);
}

/** Opens the pages in order, as menu links would (no page load), each shown before the next. */
async function open(page: Page, ...paths: string[]) {
  for (const path of paths) {
    await pushRoute(page, path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
    await expect(bar(page).getByRole("tab", { selected: true })).toHaveAttribute("data-path", path.split("?")[0]);
  }
}

/**
 * Right-clicks the tab; the menu is open once it has finished sliding in and has the focus (a click
 * during the motion can land beside an item on a slow machine, as an outside click would).
 */
async function openMenu(page: Page, title: string) {
  await tab(page, title).click({ button: "right" });
  const popup = tabMenu(page).locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' ant-dropdown ')][1]");
  await expect(popup).not.toHaveClass(/ant-slide-up-(appear|enter)/);
  await expect.poll(() => tabMenu(page).evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
}

/** Right-clicks the tab and picks the menu item; the menu is gone afterwards. */
async function menuAction(page: Page, title: string, item: string) {
  await openMenu(page, title);
  await tabMenu(page).getByRole("menuitem", { name: item, exact: true }).click();
  await expect(tabMenu(page)).toHaveCount(0);
}

test("tabs: each visited page once, the affix workspace without close, no tab for redirects or 404", async ({ page }) => {
  await expect(tabs(page)).toHaveText(["工作空间"]);
  await expect(tab(page, "工作空间")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "工作空间").getByRole("button")).toHaveCount(0);

  await open(page, "/main/appCenterIndex");
  await expect(tabs(page)).toHaveText(["工作空间", "应用中心"]);
  await expect(tab(page, "应用中心")).toHaveAttribute("aria-selected", "true");
  await expect(closeCross(page, "应用中心")).toBeVisible();
  // No control inside a tab (axe nested-interactive, issue 21).
  await expect(tab(page, "应用中心").getByRole("button", { includeHidden: true })).toHaveCount(0);

  // Aliases, personalCenter and the index redirect: the page they land on is the tab, once.
  await pushRoute(page, "/main/task");
  await expectShown(page, "/main/missionCenterIndex");
  await pushRoute(page, "/main/personalCenter");
  await expectShown(page, "/main/people");
  await pushRoute(page, "/main/appCenterIndex");
  await expectShown(page, "/main/appCenterIndex");
  await pushRoute(page, "/main/personalCenter");
  await expectShown(page, "/main/people");
  await pushRoute(page, "/main");
  await expectShown(page, "/main/workingSpace");
  await expect(tabs(page)).toHaveText(["工作空间", "应用中心", "任务中心", "个人中心"]);

  // The 404 page is no tab, and no tab is selected while it shows.
  await pushRoute(page, "/main/noSuchPage");
  await expect(page).toHaveURL(/\/main\/404$/);
  await expect(tabs(page)).toHaveCount(4);
  await expect(bar(page).getByRole("tab", { selected: true })).toHaveCount(0);

  await tab(page, "任务中心").click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
});

test("tabs: on a 1366x768 laptop many tabs scroll sideways inside the bar, the active one in view", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pages = ["appCenterIndex", "appCenterIndex/customIndex", "helpCenter", "helpCenterInfo", "helpDetail", "missionCenterIndex"];
  pages.push("myDataCenter", "myProgramme", "teasingList", "searchResult", "people", "skinPage", "change-Password");
  await open(page, ...pages.map((name) => `/main/${name}`));
  await expect(tabs(page)).toHaveCount(pages.length + 1);
  const box = await bar(page).boundingBox();
  expect(box?.height).toBeLessThanOrEqual(40);
  expect(await bar(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const inView = (title: string) =>
    tab(page, title).evaluate((el) => {
      const bar = el.parentElement!.getBoundingClientRect();
      const rect = el.getBoundingClientRect();
      return rect.left >= bar.left && rect.right <= bar.right;
    });
  await expect.poll(() => inView("修改密码")).toBe(true);
  await tab(page, "工作空间").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => inView("工作空间")).toBe(true);
  await expect.poll(() => inView("修改密码")).toBe(false);
});

test("tabs: more tabs than the bar shows: an 'all tabs' menu button lists every tab, by keyboard too", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const allTabs = page.getByTestId("tab-all");
  await open(page, "/main/appCenterIndex", "/main/helpCenter");
  // Room for all: no menu button.
  await expect(allTabs).toHaveCount(0);

  const pages = ["appCenterIndex/customIndex", "helpCenterInfo", "helpDetail", "missionCenterIndex", "myDataCenter", "myProgramme"];
  pages.push("teasingList", "searchResult", "people", "skinPage", "change-Password");
  await open(page, ...pages.map((name) => `/main/${name}`));
  expect(await bar(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(allTabs).toBeVisible();
  await expect(allTabs).toHaveAccessibleName("所有已打开的页面");
  await expect(allTabs).toHaveAttribute("aria-haspopup", "menu");

  // The keyboard: ArrowDown opens it with the focus on the first entry; every tab is listed, the
  // shown one marked; Enter on an entry shows that page.
  await allTabs.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.getByRole("menu", { name: "所有已打开的页面" });
  await expect(menu.getByRole("menuitem")).toHaveCount(pages.length + 3);
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await expect(menu.getByRole("menuitem").first()).toHaveText("工作空间");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "应用中心", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectShown(page, "/main/appCenterIndex");
  await expect(menu).toBeHidden();
  await expect(allTabs).toBeFocused();

  // Escape closes it with the focus back on the button.
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(allTabs).toBeFocused();
});

test("tabs: Escape from a tab's context menu gives the focus back to that tab", async ({ page }) => {
  await open(page, "/main/appCenterIndex", "/main/helpCenter");
  // Opened with the keyboard.
  await tab(page, "应用中心").focus();
  await page.keyboard.press("Shift+F10");
  await expect.poll(() => tabMenu(page).evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(tabMenu(page)).toHaveCount(0);
  await expect(tab(page, "应用中心")).toBeFocused();
  // Opened with the pointer.
  await openMenu(page, "帮助中心");
  await page.keyboard.press("Escape");
  await expect(tabMenu(page)).toHaveCount(0);
  await expect(tab(page, "帮助中心")).toBeFocused();
  // A pick from the keyboard leaves the focus on the bar too.
  await page.keyboard.press("ContextMenu");
  await expect.poll(() => tabMenu(page).evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("ArrowDown"); // 刷新
  await page.keyboard.press("Enter");
  await expect(tabMenu(page)).toHaveCount(0);
  await expect(tab(page, "帮助中心")).toBeFocused();
});

test("tabs: the context menu is 105 wide; close left keeps the active tab, close right closes it", async ({ page }) => {
  await open(page, "/main/appCenterIndex", "/main/helpCenter", "/main/missionCenterIndex", "/main/myDataCenter", "/main/myProgramme");
  await expect(tabs(page)).toHaveText(["工作空间", "应用中心", "帮助中心", "任务中心", "数据中心", "日程中心"]);

  await openMenu(page, "任务中心");
  const menu = tabMenu(page);
  await expect(menu.getByRole("menuitem")).toHaveText(["刷新", "关闭当前", "关闭其他", "关闭左侧", "关闭右侧", "全部关闭"]);
  expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(105);
  await page.keyboard.press("Escape");
  await expect(tabMenu(page)).toHaveCount(0);

  // Close left of 任务中心: the active 日程中心 stays.
  await menuAction(page, "任务中心", "关闭左侧");
  await expect(tabs(page)).toHaveText(["工作空间", "任务中心", "数据中心", "日程中心"]);
  await expect(page).toHaveURL(/\/main\/myProgramme$/);

  // Close right of 任务中心 closes the active tab: the last remaining one shows.
  await menuAction(page, "任务中心", "关闭右侧");
  await expect(tabs(page)).toHaveText(["工作空间", "任务中心"]);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
});

test("tabs: close others and close current; the affix workspace cannot be closed", async ({ page }) => {
  // Close others of 数据中心 (the active 日程中心 closes with them).
  await open(page, "/main/myDataCenter", "/main/appCenterIndex", "/main/myProgramme");
  await menuAction(page, "数据中心", "关闭其他");
  await expect(tabs(page)).toHaveText(["工作空间", "数据中心"]);
  await expect(page).toHaveURL(/\/main\/myDataCenter$/);

  // Close current on the affix tab is disabled; on the active tab it goes to the last remaining.
  await openMenu(page, "工作空间");
  await expect(tabMenu(page).getByRole("menuitem", { name: "关闭当前" })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  await expect(tabMenu(page)).toHaveCount(0);
  await menuAction(page, "数据中心", "关闭当前");
  await expect(tabs(page)).toHaveText(["工作空间"]);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
});

test("tabs: close all keeps and shows the workspace; refresh remounts a kept view", async ({ page }) => {
  // Close all keeps the affix tab and shows it.
  await open(page, "/main/appCenterIndex", "/main/helpCenter");
  await menuAction(page, "应用中心", "全部关闭");
  await expect(tabs(page)).toHaveText(["工作空间"]);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  // Refresh of another tab shows it afresh (its kept view is remounted).
  await open(page, "/main/appCenterIndex");
  await tab(page, "工作空间").click();
  await view(page, "/main/appCenterIndex").evaluate((el) => el.setAttribute("data-e2e-kept", "1"));
  await menuAction(page, "应用中心", "刷新");
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await expect(view(page, "/main/appCenterIndex")).toBeVisible();
  await expect(view(page, "/main/appCenterIndex")).not.toHaveAttribute("data-e2e-kept", "1");
});

test("tabs: closing the active tab goes to the last remaining tab; the keyboard works the bar", async ({ page }) => {
  await open(page, "/main/appCenterIndex", "/main/helpCenter", "/main/missionCenterIndex", "/main/helpCenter");
  await closeCross(page, "帮助中心").click();
  await expect(tabs(page)).toHaveText(["工作空间", "应用中心", "任务中心"]);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);

  // Closing a tab that is not shown stays where it is.
  await closeCross(page, "应用中心").click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);

  // Keyboard: Enter opens, Delete closes (not the affix tab), Shift+F10 opens the menu.
  await open(page, "/main/appCenterIndex");
  await tab(page, "工作空间").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await page.keyboard.press("Delete");
  await expect(tabs(page)).toHaveCount(3);
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "任务中心")).toBeFocused();
  await page.keyboard.press("Shift+F10");
  await expect(tabMenu(page).getByRole("menuitem", { name: "刷新" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tabMenu(page)).toHaveCount(0);
  await tab(page, "应用中心").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await page.keyboard.press("Delete");
  await expect(tabs(page)).toHaveText(["工作空间", "任务中心"]);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
});

test("tabs: titles and the menu follow the language toggle", async ({ page, request }) => {
  await open(page, "/main/appCenterIndex", "/main/helpCenter");
  try {
    await page.getByText("EN", { exact: true }).click();
    await expect(tabs(page)).toHaveText(["Workspace", "App Center", "Help Center"]);
    await openMenu(page, "Help Center");
    const menu = tabMenu(page);
    await expect(menu.getByRole("menuitem")).toHaveText(["Refresh", "Close current", "Close others", "Close left", "Close right", "Close all"]);
    // Every label on one line inside the 105 px menu.
    const heights = await menu.getByRole("menuitem").evaluateAll((items) => items.map((item) => item.scrollWidth <= item.clientWidth));
    expect(heights).toEqual([true, true, true, true, true, true]);
    await page.keyboard.press("Escape");

    await page.getByText("CN", { exact: true }).click();
    await expect(tabs(page)).toHaveText(["工作空间", "应用中心", "帮助中心"]);
  } finally {
    // The toggle saves the language for the user: put it back even when a check above failed, so
    // the later specs still meet the Chinese default (one failure here once failed the rest).
    await saveLanguageOf(request, STAFF, "cn");
  }
});

test("tabs: the open tabs come back after a reload, each with its query", async ({ page }) => {
  await open(page, "/main/helpCenter?page=2", "/main/missionCenterIndex", "/main/appCenterIndex");
  await page.reload();
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  await expect(tabs(page)).toHaveText(["工作空间", "帮助中心", "任务中心", "应用中心"]);
  await expect(tab(page, "应用中心")).toHaveAttribute("aria-selected", "true");
  await tab(page, "帮助中心").click();
  await expect(page).toHaveURL(/\/main\/helpCenter\?page=2$/);

  // A stored list with entries that name no tab page: those are dropped.
  await page.evaluate(() =>
    sessionStorage.setItem("visitedViews", JSON.stringify(["/main/quitLogon", "https://elsewhere.example/main/x", 3, "/main/myProgramme"])),
  );
  await page.reload();
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  await expect(tabs(page)).toHaveText(["工作空间", "日程中心", "帮助中心"]);
});

test("tabs: visited views stay alive between tabs; closing one drops its state", async ({ page }) => {
  // A typed value in the change-password form survives a visit to another tab.
  await open(page, "/main/change-Password");
  const oldPassword = view(page, "/main/change-Password").locator("input[type=password]").first();
  await oldPassword.fill("typed before switching");
  await tab(page, "工作空间").click();
  await expect(view(page, "/main/change-Password")).toBeHidden();
  await expect(view(page, "/main/workingSpace")).toBeVisible();
  await tab(page, "修改密码").click();
  await expect(oldPassword).toHaveValue("typed before switching");

  // The workspace's own element is the same one after a round trip (not rebuilt); Refresh rebuilds it.
  await tab(page, "工作空间").click();
  const heading = view(page, "/main/workingSpace").getByRole("heading").first();
  await expect(heading).toBeVisible();
  await heading.evaluate((el) => el.setAttribute("data-e2e-kept", "1"));
  await tab(page, "修改密码").click();
  await tab(page, "工作空间").click();
  await expect(heading).toHaveAttribute("data-e2e-kept", "1");
  await menuAction(page, "工作空间", "刷新");
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveAttribute("data-e2e-kept", "1");

  // A closed tab's view is gone; opening it again starts afresh.
  await menuAction(page, "修改密码", "关闭当前");
  await expect(view(page, "/main/change-Password")).toHaveCount(0);
  await open(page, "/main/change-Password");
  await expect(view(page, "/main/change-Password").locator("input[type=password]").first()).toHaveValue("");
});
