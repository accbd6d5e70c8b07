// Issue 21: the user shell on every screen people use - a 390x844 phone, 200% zoom of a 1366x768
// laptop (Chromium lays that out as 683x384 CSS pixels at device scale 2), 1366x768 and 1920x1080 -
// in both languages, for the three demo people (the administrator has the most header controls).
// - nothing scrolls sideways on any user route, and every route has one h1, its title;
// - on a phone or zoomed, the sider is a drawer (menu button; Escape, the mask or a choice close it;
//   the focus goes in and comes back) and the header's controls are one keyboard-operable "more" menu;
// - on a laptop or a monitor the header fits whole (defect 15), and the header, the tab bar and the
//   sider stay in place while a long page scrolls, the page still scrolled to the top on a navigation;
// - a skip link first in both shells; the user menu and the avatar menu open from the keyboard;
//   every log-out asks first (defect 16); the side menu shows no default entries before the role's
//   answer, and its selected entry reads as selected in every theme;
// - axe (WCAG 2.0-2.2 A and AA) finds nothing in the shell's own parts on a few routes per screen.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, endTestSessions, pushRoute, saveLanguageOf } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

type Person = { userName: string; password: string };
type Language = "cn" | "en";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
/** 200% zoom of a 1366x768 laptop, as Chromium lays it out. */
const ZOOM_200 = { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 };

/** Every page of the user shell (spec 2.2), with its h1 in each language. */
const ROUTES: { path: string; cn: string; en: string }[] = [
  { path: "/main/workingSpace", cn: "工作空间", en: "Workspace" },
  { path: "/main/appCenterIndex", cn: "应用中心", en: "App Center" },
  { path: "/main/appCenterIndex/customIndex", cn: "自定义", en: "Customize" },
  { path: "/main/myDataCenter", cn: "数据中心", en: "Data Center" },
  { path: "/main/missionCenterIndex", cn: "任务中心", en: "Task Center" },
  { path: "/main/myProgramme", cn: "日程中心", en: "Schedule" },
  { path: "/main/helpCenter", cn: "帮助中心", en: "Help Center" },
  { path: "/main/helpCenterInfo", cn: "帮助中心 · 政策与知识", en: "Help Center · Policies and knowledge" },
  { path: "/main/helpDetail", cn: "帮助中心 · 详情", en: "Help Center · Details" },
  { path: "/main/teasingList", cn: "用户吐槽", en: "User Complaints" },
  { path: "/main/searchResult?searchVal=CAPA", cn: "搜索结果", en: "Search results" },
  { path: "/main/people", cn: "个人中心", en: "Personal Center" },
  { path: "/main/skinPage", cn: "装扮", en: "Dress Up" },
  { path: "/main/change-Password", cn: "修改密码", en: "Change password" },
  { path: "/main/404", cn: "页面不存在", en: "Page not found" },
];

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Signs in with a session made through the API, in the person's saved language, on the workspace. */
async function signIn(page: Page, request: APIRequestContext, person: Person, language: Language) {
  await saveLanguageOf(request, person, language);
  const sid = await apiLogin(request, person.userName, person.password);
  await page.goto(`/relogin?web_sid=${encodeURIComponent(sid)}`);
  await expect(page).toHaveURL(/\/main\/workingSpace$/, { timeout: 30_000 });
  await expect(page.getByTestId("page-title")).toHaveText(language === "cn" ? "工作空间" : "Workspace", { timeout: 30_000 });
}

/** The language back to the default for the other specs (the sign-in above saved it). */
async function restoreLanguage(request: APIRequestContext, person: Person, language: Language) {
  if (language !== "cn") await saveLanguageOf(request, person, "cn");
}

/**
 * The page has settled: no spinner or skeleton left on screen (one further down may wait for the
 * page to scroll to it: an embedded report loads lazily).
 */
async function settled(page: Page) {
  await expect(page.locator("main")).toBeVisible();
  const loadingOnScreen = () =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll("main .ant-spin-spinning, main .ant-skeleton-active")).filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        }).length,
    );
  await expect.poll(loadingOnScreen, { timeout: 30_000 }).toBe(0);
}

/** Nothing is wider than the window (WCAG 1.4.10): the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    viewport: document.documentElement.clientWidth,
  }));
  const width = page.viewportSize()!.width;
  expect([where, scrollWidth <= innerWidth && scrollWidth <= width && viewport <= width]).toEqual([where, true]);
}

/** Opens each user route in turn: one h1 with its title, nothing sideways. */
async function sweepRoutes(page: Page, language: Language) {
  for (const route of ROUTES) {
    await pushRoute(page, route.path);
    const h1 = page.locator("h1");
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(route[language]);
    await settled(page);
    await expectNoSidewaysScroll(page, route.path);
  }
}

/** axe on the shell's own parts only (the pages are the all-routes spec's). */
async function expectShellAxeClean(page: Page, where: string, ...extra: string[]) {
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // WCAG 2.5.3 (label in name) is an axe rule of its own, off by default.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .include('[data-testid="skip-link"]')
    .include('[data-testid="portal-header"]')
    .include('[data-testid="tab-strip"]');
  for (const selector of [...extra, '[data-testid="portal-sider"]', '[data-testid="page-title"]']) {
    if (await page.locator(selector).count()) builder = builder.include(selector);
  }
  const { violations } = await builder.analyze();
  expect([where, violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)]).toEqual([where, []]);
}

/**
 * The search page's eight result kinds at a narrow width: every tab shows (they wrap), antd's
 * "more" button, which a tablist may not hold, never does, and the tablist is axe-clean.
 */
async function expectSearchTabsWrap(page: Page, where: string) {
  await pushRoute(page, "/main/searchResult?searchVal=CAPA");
  await settled(page);
  const tabs = page.locator("main").getByRole("tab");
  await expect(tabs).toHaveCount(8);
  for (const tab of await tabs.all()) await expect(tab).toBeVisible();
  await expect(page.locator("main .ant-tabs-nav-more:visible")).toHaveCount(0); // kept-alive pages hold theirs, hidden
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('main [role="tablist"]').analyze();
  expect([where, violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)]).toEqual([where, []]);
}

const moreButton = (page: Page) => page.getByTestId("header-more");
const moreMenu = (page: Page) => page.getByRole("menu", { name: /^(更多|More)$/ });
const navButton = (page: Page) => page.getByTestId("header-nav-button");
const drawer = (page: Page) => page.locator(".ant-drawer-content-wrapper");

/** The narrow shell: a drawer for the sider, every header control in the "more" menu. */
async function checkNarrowShell(page: Page, person: Person, language: Language) {
  const cn = language === "cn";
  await expect(page.getByTestId("portal-header")).toHaveAttribute("data-level", "folded");
  // No sider beside the page: the content has the whole width.
  await expect(page.locator(".ant-layout-sider")).toHaveCount(0);
  const main = await page.locator("main").boundingBox();
  expect(main!.x).toBe(0);
  expect(main!.width).toBe(page.viewportSize()!.width);
  // The search box stays usable, and every header control is one menu entry away.
  const search = page.getByTestId("header-search");
  await expect(search).toBeVisible();
  expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  for (const id of ["header-more", "header-nav-button", "header-logo"]) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect([id, box.x >= 0 && box.x + box.width <= page.viewportSize()!.width]).toEqual([id, true]);
  }

  // The "more" menu from the keyboard: Enter opens it on its first entry, Escape gives the focus back.
  await moreButton(page).focus();
  await page.keyboard.press("Enter");
  const items = moreMenu(page).getByRole("menuitem");
  await expect(items.first()).toBeFocused();
  const expected: (string | RegExp)[] = [
    cn ? /天气|°/ : /Weather|°/,
    cn ? "将语言切换为 EN" : "Switch the language to CN",
    cn ? "装扮" : "Dress Up",
    cn ? "帮助中心" : "Help Center",
  ];
  if (person === ADMIN) expected.push(cn ? "在新窗口打开后台管理" : "Open the admin backend in a new window");
  const role = cn ? /^(员工|编辑|管理员)(（当前角色）)?$/ : /^(Staff|Editor|Administrator)( \(current role\))?$/;
  if (person !== STAFF) expected.push(role, role);
  expected.push(cn ? "个人中心" : "Personal Center", cn ? "修改密码" : "Change password", cn ? "退出登录" : "Log out");
  await expect(items).toHaveText(expected);
  // The role in use is marked and cannot be chosen again.
  if (person !== STAFF) await expect(items.filter({ hasText: cn ? "（当前角色）" : "(current role)" })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(moreMenu(page)).toBeHidden();
  await expect(moreButton(page)).toBeFocused();
  // ArrowUp opens it on its last entry; Enter there is the log out, which asks first.
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/main\/quitLogon$/);
  const confirm = page.getByRole("dialog").filter({ hasText: cn ? "确定要退出登录吗" : "Are you sure to log out" });
  await confirm.getByRole("button", { name: cn ? /^取\s?消$/ : "Cancel" }).click();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  // A pick from the menu: the help centre.
  await moreButton(page).click();
  await moreMenu(page).getByRole("menuitem", { name: cn ? "帮助中心" : "Help Center" }).click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);

  // The navigation drawer: the focus goes in, Escape closes it and the focus comes back.
  await expect(navButton(page)).toHaveAttribute("aria-expanded", "false");
  await navButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expect(navButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => drawer(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // The header tabs, the avatar menu and the side menu are in it.
  await expect(drawer(page).getByTestId("header-tab-missionCenterIndex")).toBeVisible();
  await expect(drawer(page).getByRole("button", { name: cn ? "头像菜单" : "Avatar menu" })).toBeVisible();
  await expect(drawer(page).getByTestId("sider-menu").getByRole("menuitem").first()).toHaveText(cn ? "工作空间" : "Workspace");
  await expectShellAxeClean(page, "drawer open", ".ant-drawer-content-wrapper");
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expect(navButton(page)).toBeFocused();
  // The mask closes it too.
  await navButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await page.mouse.click(page.viewportSize()!.width - 10, page.viewportSize()!.height / 2);
  await expect(drawer(page)).toBeHidden();
  // Choosing a page opens it and closes the drawer.
  await navButton(page).click();
  await drawer(page).getByTestId("sider-menu").getByRole("menuitem", { name: cn ? "工作空间" : "Workspace" }).click();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(drawer(page)).toBeHidden();
  await expect(navButton(page)).toBeFocused();
}

/** The header of a laptop or a monitor: whole, nothing cut, each control inside the window. */
async function expectHeaderFits(page: Page, person: Person, where: string) {
  const header = page.getByTestId("portal-header");
  // The fit is measured after the person's identity and weather arrive.
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  await expect(page.getByTestId("weather-header")).toBeVisible();
  expect([where, await header.evaluate((el) => el.scrollWidth <= el.clientWidth)]).toEqual([where, true]);
  const ids = ["header-logo", "header-tab-workingSpace", "header-tab-missionCenterIndex", "header-search", "weather-header", "language-toggle", "header-skin", "header-help", "header-user-menu"];
  if (person === ADMIN) ids.push("header-stage-admin");
  if (person !== STAFF) ids.push("role-switcher");
  const width = page.viewportSize()!.width;
  for (const id of ids) {
    const box = await page.getByTestId(id).boundingBox();
    expect([where, id, !!box && box.x >= 0 && box.x + box.width <= width]).toEqual([where, id, true]);
  }
  // The search box is a usable box, its placeholder not cut to a word.
  expect((await page.getByTestId("header-search").boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await expectNoSidewaysScroll(page, where);
}

for (const [label, device, person, language] of [
  ["phone", PHONE, STAFF, "cn"],
  ["phone", PHONE, ADMIN, "en"],
  ["200% zoom", ZOOM_200, ADMIN, "cn"],
  ["200% zoom", ZOOM_200, EDITOR, "en"],
] as const) {
  test.describe(`${label}, ${person.userName}, ${language}`, () => {
    test.use({ ...device, ...(label === "phone" ? { userAgent: PHONE_UA } : {}) });

    test(`${label}: a drawer and a "more" menu, every route without sideways scroll, one h1 each, axe-clean chrome`, async ({ page, request }) => {
      await signIn(page, request, person, language);
      try {
        await checkNarrowShell(page, person, language);
        await expectShellAxeClean(page, `${label} workingSpace`);
        await moreButton(page).click();
        await expect(moreMenu(page)).toBeVisible();
        await expectShellAxeClean(page, `${label} more menu`, ".ant-dropdown:not(.ant-dropdown-hidden)");
        await page.keyboard.press("Escape");
        await sweepRoutes(page, language);
        await expectSearchTabsWrap(page, `${label} searchResult`);
        await pushRoute(page, "/main/missionCenterIndex");
        await settled(page);
        await expectShellAxeClean(page, `${label} missionCenterIndex`);
      } finally {
        await restoreLanguage(request, person, language);
      }
    });
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const language of ["cn", "en"] as const) {
      test(`${viewport.width}: the whole header fits for every demo person in ${language}`, async ({ page, request }) => {
        for (const person of [STAFF, EDITOR, ADMIN]) {
          await signIn(page, request, person, language);
          try {
            await expectHeaderFits(page, person, `${person.userName} ${language}`);
            await expectShellAxeClean(page, `${person.userName} ${language} ${viewport.width}`);
          } finally {
            await endTestSessions(page, request);
            await restoreLanguage(request, person, language);
          }
        }
      });
    }

    test(`${viewport.width}: every route without sideways scroll and with one h1; axe-clean chrome`, async ({ page, request }) => {
      await signIn(page, request, ADMIN, "cn");
      await sweepRoutes(page, "cn");
      await pushRoute(page, "/main/helpCenter");
      await settled(page);
      await expectShellAxeClean(page, `${viewport.width} helpCenter`);
    });
  });
}

test.describe("1366x768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the header, the tab bar and the sider stay in place while a long page scrolls; a navigation starts at the top", async ({ page, request }) => {
    await signIn(page, request, ADMIN, "cn");
    await pushRoute(page, "/main/teasingList");
    await settled(page);
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scrollable).toBeGreaterThan(200);
    const tops = () =>
      page.evaluate(() =>
        ['[data-testid="portal-header"]', '[data-testid="tab-strip"]', '[data-testid="portal-sider"]'].map(
          (selector) => Math.round(document.querySelector(selector)!.getBoundingClientRect().top),
        ),
      );
    expect(await tops()).toEqual([0, 64, 64]);
    await page.mouse.move(800, 500);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(await tops()).toEqual([0, 64, 64]);
    // The sider's menu is whole on screen, not scrolled away.
    const lastEntry = await page.getByTestId("sider-menu").getByRole("menuitem").last().boundingBox();
    expect(lastEntry!.y + lastEntry!.height).toBeLessThanOrEqual(768);
    // Spec 2.4: after a navigation the page is at the top.
    await page.getByTestId("sider-menu").getByRole("menuitem", { name: "帮助中心" }).click();
    await expect(page).toHaveURL(/\/main\/helpCenter$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("skip link first; the user and avatar menus open from the keyboard; the header's log-out asks first", async ({ page, request }) => {
    await signIn(page, request, STAFF, "cn");
    // The first Tab reaches the skip link, shown while focused; it lands on the main landmark.
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "跳到主要内容" });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await expect(page).toHaveURL(/\/main\/workingSpace$/); // no #fragment in the address

    // The user menu: a menu button, ArrowDown opens it on its first entry, Escape closes it.
    const userMenu = page.getByTestId("header-user-menu");
    await expect(userMenu).toHaveAttribute("aria-haspopup", "menu");
    await userMenu.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu", { name: "用户菜单" });
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await expect(menu.getByRole("menuitem")).toHaveText(["个人中心", "修改密码", "退出登录"]);
    await expect(userMenu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(userMenu).toBeFocused();

    // The avatar menu: a button with a menu (it was a mouse-only picture).
    const avatar = page.getByRole("button", { name: "头像菜单" });
    await avatar.focus();
    await page.keyboard.press("Enter");
    const avatarMenu = page.getByRole("menu", { name: "头像菜单" });
    await expect(avatarMenu.getByRole("menuitem").first()).toBeFocused();
    await expect(avatarMenu.getByRole("menuitem")).toHaveText(["修改头像", "退出登录"]);
    await page.keyboard.press("Escape");
    await expect(avatar).toBeFocused();

    // Defect 16: the header's 退出登录 asks first, like the avatar's; Cancel keeps the session.
    await userMenu.click();
    await menu.getByRole("menuitem", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/main\/quitLogon$/);
    const confirm = page.getByRole("dialog").filter({ hasText: "确定要退出登录吗" });
    await confirm.getByRole("button", { name: /^取\s?消$/ }).click();
    await expect(page).toHaveURL(/\/main\/workingSpace$/);
    await expect(page.getByTestId("header-real-name")).toBeVisible();
  });

  test("the side menu shows no default entries before the role's menu arrives, and the defaults when it fails", async ({ page, request }) => {
    await signIn(page, request, ADMIN, "cn");
    // Hold the role's menu back: the sider shows a placeholder, never the three default entries.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const MENUS = "**/api/RoleMenuController/getRoleMenuVOByRoles";
    await page.route(MENUS, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId("sider-menu-loading")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("sider-menu")).toHaveCount(0);
    release();
    // The administrator's own menu, not the defaults.
    await expect(page.getByTestId("sider-menu").getByRole("menuitem")).toHaveCount(8);
    await expect(page.getByTestId("sider-menu-loading")).toHaveCount(0);

    // A failed answer: spec 2.6's default entries.
    await page.unroute(MENUS);
    await page.route(MENUS, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.reload();
    await expect(page.getByTestId("sider-menu").getByRole("menuitem")).toHaveText(["工作空间", "应用中心", "帮助中心"], { timeout: 30_000 });
  });

  test("the selected side-menu entry reads as selected in every theme (weight, bar, text >= 4.5:1)", async ({ page, request }) => {
    await signIn(page, request, STAFF, "cn");
    const themes = [
      ["#0E3B70", "#FFFFFF", "0"],
      ["#0061B0", "#0061B0", "1"],
      ["#6A5ACD", "#6A5ACD", "1"],
      ["#C8161D", "#C8161D", "2"],
      ["#B8141B", "#D4A017", "3"],
    ];
    for (const [color, head, code] of themes) {
      // As a theme chosen in another tab arrives (the store follows storage events): no save.
      await page.evaluate(([c, h, k]) => {
        localStorage.setItem("themeColor", c);
        localStorage.setItem("themeHeadColor", h);
        localStorage.setItem("themeCode", k);
        window.dispatchEvent(new StorageEvent("storage", { key: "themeColor" }));
      }, [color, head, code]);
      await expect(page.getByTestId("header-logo")).toHaveAttribute("data-theme-code", code);
      const selected = page.getByTestId("sider-menu").locator(".ant-menu-item-selected");
      await expect(selected).toHaveText("工作空间");
      const style = await selected.evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, background: s.backgroundColor, weight: s.fontWeight, shadow: s.boxShadow };
      });
      expect([color, Number(style.weight)]).toEqual([color, 600]);
      expect([color, style.shadow]).toEqual([color, expect.stringContaining("inset")]);
      expect([color, contrast(style.color, style.background) >= 4.5]).toEqual([color, true]);
      // A tint of the theme's colour, not a grey: its blue or red leads.
      const [r, g, b] = channels(style.background);
      const [tr, , tb] = channels(hexToRgb(color));
      expect([color, Math.max(r, g, b) - Math.min(r, g, b) > 4 && Math.sign(r - b) === Math.sign(tr - tb)]).toEqual([color, true]);
    }
    // Back to the default theme in this browser (nothing was saved for the person).
    await page.evaluate(() => {
      localStorage.setItem("themeColor", "#0E3B70");
      localStorage.setItem("themeHeadColor", "#FFFFFF");
      localStorage.setItem("themeCode", "0");
      window.dispatchEvent(new StorageEvent("storage", { key: "themeColor" }));
    });
  });
});

test.describe("admin shell on a phone", () => {
  test.use({ ...PHONE, userAgent: PHONE_UA });

  test("the admin shell at 390 px: skip link first, its menu in a drawer, nothing sideways", async ({ page, request }) => {
    const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
    await page.goto(`/relogin?system=stageAdmin&sid=${encodeURIComponent(sid)}`);
    await expect(page.locator("main")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".ant-spin-spinning:visible")).toHaveCount(0, { timeout: 30_000 });
    await expectNoSidewaysScroll(page, "admin home");
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "跳到主要内容" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});

function channels(rgb: string): [number, number, number] {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g)!.map(Number);
  return [r, g, b];
}

function hexToRgb(hex: string): string {
  return `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
}

/** WCAG contrast of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, b2] = channels(rgb).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
