// Single sign-on through the development identity provider (issue 3): the navigation guard's
// webSSO hop, the IdP page, the assertion consumer and /relogin, in a fresh browser. Issue 19: the
// ACS validates and hands /relogin a one-time code (never the SAML response), a refused sign-on
// says why once, and the IdP's own status can be tried again.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, endApiSessions, localValue, gotoLeaving, pickDemoUser, sessionValue, endPageSession } from "./support/portal";

/** A user's id by user name, through the admin list (sysUserRole/page). */
async function userIdOf(request: APIRequestContext, sid: string, userName: string): Promise<number> {
  const res = await request.post("/portal-api/sysUserRole/page", { headers: { sid }, data: { page: 1, pageSize: 10, userName } });
  const rows = ((await res.json()) as { data: { records: { id: number; userName: string }[] } }).data.records;
  return rows.find((r) => r.userName === userName)!.id;
}

// Sessions of the demo users end with each test (the password-login specs meet no "already logged in").
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("a fresh browser opening /main/missionCenterIndex signs in through the IdP and lands there", async ({ page }) => {
  await gotoLeaving(page, "/main/missionCenterIndex");

  await pickDemoUser(page, STAFF.realName);

  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  await expect(page.getByTestId("task-centre").getByText("任务中心")).toBeVisible(); // the page's card title (not the sider entry, nor the page's hidden h1)
  expect(await sessionValue(page, "sid")).toMatch(/^[0-9a-f]{64}$/);
  expect(await localValue(page, "isLoggedIn")).toBe("2");
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ userName: STAFF.userName });
  await expect(page).toHaveTitle("员工门户");
});

test("an alias route (task) signs in and opens the same page", async ({ page }) => {
  await gotoLeaving(page, "/main/task");
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
});

test("a route outside the list does not start sign-on: /main/workingSpace goes to /loginCopy", async ({ page }) => {
  await page.goto("/main/workingSpace");
  await expect(page).toHaveURL(/\/loginCopy$/);
});

test("the pre-login page's single sign-on button signs in and lands on the workspace", async ({ page }) => {
  await page.goto("/loginCopy");
  await page.getByRole("button", { name: "单点登录" }).click();
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(page.getByTestId("working-space")).toBeVisible();
});

test("/portal is an entry page whose sign-in button starts single sign-on", async ({ page }) => {
  await page.goto("/portal");
  await expect(page.getByText("好医生治疗疾病；伟大的医生治疗患病的人。")).toBeVisible();
  await page.getByRole("button", { name: /^登\s?录$/ }).click();
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
});

test("the ACS hands /relogin a one-time code, never the SAML response; the code leaves the address at once and works once", async ({ page, request }) => {
  await gotoLeaving(page, "/main/helpCenter");
  // Keep the address /relogin was opened with (the page takes the code out of it at once, issues 18 and 19).
  const relogin = page.waitForRequest(/\/relogin\?code=[A-Za-z0-9_-]{43}&route=helpCenter$/);
  await pickDemoUser(page, STAFF.realName);
  const used = (await relogin).url();
  expect(used).not.toContain("SAMLResponse");
  await expect(page).toHaveURL(/\/main\/helpCenter$/);

  await endPageSession(page, request);
  await page.goto(used);
  await expect(page.getByText("登录失败:登录凭据无效或已过期，请重新登录")).toHaveCount(1);
  await expect(page).toHaveURL(/\/relogin\?route=helpCenter$/); // the code is gone from the address
  expect(await sessionValue(page, "sid")).toBeNull();
});

test("a disabled account is told so once, in words, not \"no permission\"", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const lina = await userIdOf(request, admin, EDITOR.userName);
  const status = (value: 0 | 1) => request.get("/portal-api/sysUserEx/changeUserStatus", { headers: { sid: admin }, params: { id: lina, status: value } });
  expect((await status(0)).ok()).toBe(true);
  try {
    await gotoLeaving(page, "/main/task");
    // The dev IdP lists active users only; the IdP of a real company may still know a person the portal disabled.
    await expect(page).toHaveURL(/\/portal-api\/devIdp\/sso\?/);
    await page.getByTestId("devIdp-userName").fill(EDITOR.userName);
    await page.getByTestId("devIdp-other-user-submit").click();
    await expect(page.getByText("登录失败:该账号不存在或已停用")).toHaveCount(1);
    await expect(page.getByText(/没有权限|no permission/i)).toHaveCount(0);
    expect(await sessionValue(page, "sid")).toBeNull();
  } finally {
    expect((await status(1)).ok()).toBe(true);
    await endApiSessions(request);
  }
});

test("the IdP's status is shown in the current language with a way to try again (no automatic loop)", async ({ page }) => {
  await page.goto("/relogin?ssoStatus=cancelled&route=task");
  await expect(page.getByText("身份提供方未完成登录")).toBeVisible();
  await expect(page.getByText("登录已取消。")).toBeVisible();
  await expect(page).toHaveURL(/\/relogin\?ssoStatus=cancelled&route=task$/); // it stays until asked
  await page.getByRole("button", { name: "重新登录" }).click();
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
});
