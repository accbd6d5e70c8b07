// WCAG 2.2 AA in the browser (issue 21): axe-core (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)
// on every route of both shells in both languages (spec 2.1-2.3: the pre-login pages; the user
// pages as zhangwei; the admin screens as admin) and on the dialogs (first login: privacy, the
// change of a password an administrator gave, the guide; weather, avatar upload, add-card, the role
// switcher, quitLogon's confirm; an admin create page and dialog, a delete confirmation, the
// password shown once). Expected: no violation. One sign-in per shell and language, the routes
// visited in one page.
// No exception list: every violation axe reports fails the test that met it.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, endPageSession, endTestSessions, pushRoute, saveLanguageOf, signInWithSid } from "./support/portal";

const API = "/portal-api";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
type Language = "cn" | "en";


/** What the running test has found so far: told when it fails before its own assertion (a timeout). */
let findings: string[] = [];
test.beforeEach(() => {
  findings = [];
});
test.afterEach(async ({ page, request }, testInfo) => {
  if (testInfo.status !== "passed" && findings.length) console.log(`${testInfo.title} found before it stopped:\n${findings.join("\n")}`);
  await endTestSessions(page, request);
});
/**
 * A walk through a shell's routes: per route the page settles and axe runs (2-10 s each on a
 * loaded 2-core machine), up to 23 routes in a test.
 */
const ROUTE_WALK_BUDGET_MS = 480_000;

/**
 * Waits until the page has stopped loading: no spinner or skeleton (unless one stays by design, as
 * under quitLogon's confirm), and the DOM stays as it is.
 */
async function settled(page: Page, spinners = true) {
  if (spinners) await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0, { timeout: 30_000 });
  let last = -1;
  await expect
    .poll(
      async () => {
        const size = await page.evaluate(() => document.body.innerHTML.length);
        const same = size === last;
        last = size;
        return same;
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBe(true);
}

/** axe on the page: each violation as "label rule: target". */
async function check(page: Page, label: string, found: string[], options: { spinners?: boolean } = {}) {
  findings = found;
  await settled(page, options.spinners);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const violation of violations) {
    for (const node of violation.nodes) {
      const target = node.target.join(" ");
      found.push(`${label} ${violation.id}: ${target} (${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help})`);
    }
  }
}

/** The person's saved language (applied at sign-in), put back after the test. */
async function withLanguage<T>(request: APIRequestContext, user: { userName: string; password: string }, language: Language, run: () => Promise<T>): Promise<T> {
  if (language === "cn") return run();
  await saveLanguageOf(request, user, "en");
  try {
    return await run();
  } finally {
    await saveLanguageOf(request, user, "cn");
  }
}

// ------------------------------------------------------------------------------- pre-login pages

const PRE_LOGIN = ["/baseLogin", "/loginCopy", "/login", "/portal", "/baseLogin?system=stageAdmin"];

test("the pre-login pages in Chinese and in English (the page's own CN/EN toggle)", async ({ page }) => {
  const found: string[] = [];
  await page.goto("/baseLogin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const language of ["cn", "en"] as const) {
    if (language === "en") {
      await page.getByTestId("login-language-toggle").getByRole("button", { name: "EN" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }
    for (const path of PRE_LOGIN) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await check(page, `pre ${language} ${path}`, found);
    }
  }
  // The tab's choice, not anyone's record: back to Chinese for the next test.
  await page.getByTestId("login-language-toggle").getByRole("button", { name: "CN" }).click();
  expect(found).toEqual([]);
});

// ---------------------------------------------------------------------------------- user shell

/** Spec 2.2, each as a person opens it (the help pages with what they show). */
const USER_ROUTES = [
  "/main/workingSpace",
  "/main/appCenterIndex",
  "/main/appCenterIndex/customIndex",
  "/main/missionCenterIndex",
  "/main/myDataCenter",
  "/main/myProgramme",
  "/main/helpCenter",
  "/main/helpCenterInfo?keyword=VPN",
  "/main/teasingList",
  "/main/searchResult?searchVal=CAPA",
  "/main/skinPage",
  "/main/people",
  "/main/change-Password",
  "/main/404",
];

/** A published policy the help centre shows (helpDetail's ?id=). */
async function aPolicyId(request: APIRequestContext, sid: string): Promise<number> {
  const answer = await request.post(`${API}/search/searchPolicyList`, { headers: { sid }, data: { keyword: "VPN", page: 1, pageSize: 1 } });
  const body = (await answer.json()) as { data: { records: { id: number }[] } };
  expect(body.data.records.length).toBeGreaterThan(0);
  return body.data.records[0].id;
}

for (const language of ["cn", "en"] as const) {
  test(`the user shell's pages in ${language === "cn" ? "Chinese" : "English"} (zhangwei)`, async ({ page, request }) => {
    test.setTimeout(ROUTE_WALK_BUDGET_MS);
    const found: string[] = [];
    await withLanguage(request, STAFF, language, async () => {
      const sid = await apiLogin(request, STAFF.userName, STAFF.password);
      await signInWithSid(page, sid);
      await expect(page.locator("html")).toHaveAttribute("lang", language === "cn" ? "zh-CN" : "en");
      const routes = [...USER_ROUTES, `/main/helpDetail?id=${await aPolicyId(request, sid)}`];
      for (const route of routes) {
        await pushRoute(page, route);
        await expect(page).toHaveURL(new RegExp(route.replace(/[?]/g, "\\?")));
        await check(page, `user ${language} ${route}`, found);
      }
      // quitLogon is a confirm over the page (spec 2.4); Cancel goes back.
      await pushRoute(page, "/main/quitLogon");
      const confirm = page.getByRole("dialog");
      await expect(confirm).toBeVisible();
      // The page under the confirm is the route's loading spinner, which stays.
      await check(page, `user ${language} /main/quitLogon (confirm)`, found, { spinners: false });
      await confirm.getByRole("button").filter({ hasText: /取\s?消|Cancel/ }).click();
      await expect(confirm).toBeHidden();
    });
    expect(found).toEqual([]);
  });
}

test("the user shell's dialogs: weather, role switcher, avatar upload, add-card, notifications (lina, two roles)", async ({ page, request }) => {
  const found: string[] = [];
  const sid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  await signInWithSid(page, sid);

  await page.getByTestId("weather-header").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "user cn weather dialog", found);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByTestId("role-switcher").click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check(page, "user cn role switcher", found);
  await page.keyboard.press("Escape");

  await pushRoute(page, "/main/people");
  await page.getByTestId("people-edit-avatar").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "user cn avatar upload dialog", found);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await pushRoute(page, "/main/workingSpace");
  await page.getByTestId("ws-add").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "user cn add-card dialog", found);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Issue 23: the bell's drawer, opened and closed with the keyboard alone.
  await page.getByTestId("header-notifications").focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByTestId("notifications-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("notification-item").or(drawer.locator(".ant-empty")).first()).toBeVisible();
  await check(page, "user cn notifications drawer", found);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  expect(found).toEqual([]);
});

// --------------------------------------------------------------------------------- admin shell

/** Spec 2.3, with the create pages of users and roles. */
const ADMIN_ROUTES = [
  "/main/home",
  "/main/sys/user",
  "/main/sys/user/create",
  "/main/sys/role",
  "/main/sys/role/create",
  "/main/sys/menu",
  "/main/sys/audit",
  "/main/personalCenter",
  "/main/tagManamentList/recommendTagsList",
  "/main/tagManamentList/applicationTagsList",
  "/main/tagManamentList/BUApplicationTagsList",
  "/main/applicationManagement",
  "/main/applicationManagement/dataSource",
  "/main/outAppList",
  "/main/knowledgeIndex",
  "/main/privacyPolicyList",
  "/main/privacyPolicyAdd",
  "/main/commentList",
  "/main/roastList",
  "/main/firstRoast",
  "/main/secondRoast",
  "/main/originDataList",
  "/main/change-Password",
];

async function openAdminShell(page: Page, sid: string) {
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 60_000 });
  await expect(page.getByRole("complementary")).toBeVisible({ timeout: 60_000 });
}

for (const language of ["cn", "en"] as const) {
  test(`the admin screens in ${language === "cn" ? "Chinese" : "English"} (admin)`, async ({ page, request }) => {
    test.setTimeout(ROUTE_WALK_BUDGET_MS);
    const found: string[] = [];
    await withLanguage(request, ADMIN, language, async () => {
      await openAdminShell(page, await apiLogin(request, ADMIN.userName, ADMIN.password));
      for (const route of ADMIN_ROUTES) {
        await pushRoute(page, route);
        // A list screen adds its pager to the address (?pageSize=10&currentPage=1).
        await expect(page).toHaveURL(new RegExp(`${route}(\\?.*)?$`));
        await check(page, `admin ${language} ${route}`, found);
      }
    });
    expect(found).toEqual([]);
  });
}

test("the admin dialogs: a create dialog, a delete confirmation that takes the focus, the password shown once", async ({ page, request }) => {
  const found: string[] = [];
  await openAdminShell(page, await apiLogin(request, ADMIN.userName, ADMIN.password));

  // The menu screen's create dialog.
  await pushRoute(page, "/main/sys/menu");
  await page.getByRole("button").filter({ hasText: /^新\s?增/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "admin cn menu create dialog", found);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // A delete confirmation: its confirm button has the focus; Escape gives it back to the trigger.
  await pushRoute(page, "/main/sys/user");
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "lina", exact: true }) });
  const remove = row.getByRole("button", { name: /删\s?除/ });
  await remove.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("tooltip").filter({ hasText: "李娜" });
  await expect(confirm.getByRole("button", { name: /^确\s?定$/ })).toBeFocused();
  await check(page, "admin cn delete confirmation", found);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  // Reset a password: the confirm, then the password shown once.
  await row.getByRole("button", { name: "重置密码" }).click();
  const reset = page.getByRole("dialog").filter({ hasText: "重置" });
  await expect(reset).toBeVisible();
  await check(page, "admin cn reset confirm", found);
  await reset.getByRole("button", { name: /^确\s?定$/ }).click();
  const once = page.getByRole("dialog").filter({ has: page.getByTestId("password-once") });
  await expect(once).toBeVisible();
  await check(page, "admin cn password shown once", found);
  const given = (await once.getByTestId("password-once").innerText()).trim();
  await once.getByRole("button", { name: /完\s?成/ }).click();
  // lina's own password again, for the specs after this one.
  await restorePassword(request, "lina", given, EDITOR.password);
  expect(found).toEqual([]);
});

/** Signs in with the administrator's password and changes it back to the demo one (through the API). */
async function restorePassword(request: APIRequestContext, userName: string, given: string, own: string) {
  const { publicEncrypt, constants } = await import("node:crypto");
  const sid = await apiLogin(request, userName, given);
  const { data } = (await (await request.get(`${API}/sysUserEx/getPublicKey`)).json()) as { data: { publicKey: string } };
  const enc = (p: string) => publicEncrypt({ key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(p)).toString("base64");
  const answer = await request.post(`${API}/api/user/updatepwd`, { headers: { sid }, data: { oldPassword: enc(given), newPassword: enc(own) } });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

// ---------------------------------------------------------------------------- first sign-in

test("a new person's first sign-in: privacy, the change of the administrator's password, the guide - then straight in", async ({ page, request }) => {
  const found: string[] = [];
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const userName = `a11y${Date.now().toString(36)}`.slice(0, 20);
  const made = await request.post(`${API}/sysUserRole`, { headers: { sid: admin }, data: { userName, realName: "无障碍测试", roleCodes: ["staff"] } });
  const { data } = (await made.json()) as { data: { id: number; initialPassword: string } };

  await signInWithSid(page, await apiLogin(request, userName, data.initialPassword));
  const privacy = page.getByRole("dialog").filter({ has: page.getByTestId("privacy-text") });
  await expect(privacy).toBeVisible();
  await check(page, "first cn privacy dialog", found);
  await page.getByTestId("privacy-accept").click();

  // Issue 21: the password an administrator gave is replaced before the portal.
  const change = page.getByRole("dialog", { name: "请修改密码" });
  await expect(change).toBeVisible();
  await check(page, "first cn password change dialog", found);
  // Nothing else answers meanwhile (the server holds the session).
  const held = await request.get(`${API}/api/user/query`, { headers: { sid: (await page.evaluate(() => sessionStorage.getItem("sid")))! } });
  expect(((await held.json()) as { code: number }).code).toBe(4011);
  await change.getByLabel("管理员给您的密码").fill(data.initialPassword);
  await change.getByLabel("新密码", { exact: true }).fill("Mine@2026pw");
  await change.getByLabel("确认新密码").fill("Mine@2026pw");
  await change.getByRole("button", { name: "修改密码" }).click();

  const guide = page.getByRole("dialog").filter({ has: page.getByTestId("guide-need") });
  await expect(guide).toBeVisible({ timeout: 60_000 });
  await check(page, "first cn guide dialog", found);
  await page.getByTestId("guide-no-need").click();
  await expect(guide).toBeHidden();
  await expect(page.getByTestId("header-real-name")).toHaveText("无障碍测试");

  // The next sign-in with the new password goes straight to the portal.
  await endPageSession(page, request);
  await signInWithSid(page, await apiLogin(request, userName, "Mine@2026pw"));
  await expect(page.getByRole("dialog", { name: "请修改密码" })).toHaveCount(0);
  await request.delete(`${API}/sysUserRole`, { headers: { sid: admin }, params: { id: data.id } });
  expect(found).toEqual([]);
});
