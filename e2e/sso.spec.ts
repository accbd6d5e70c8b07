// Single sign-on through the development identity provider (issue 3): the navigation guard's
// webSSO hop, the IdP page, the assertion consumer and /relogin, in a fresh browser.
import { expect, test } from "@playwright/test";

import { STAFF, localValue, pickDemoUser, sessionValue, endPageSession } from "./support/portal";

// Sessions of the demo users end with each test (the password-login specs meet no "already logged in").
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("a fresh browser opening /main/missionCenterIndex signs in through the IdP and lands there", async ({ page }) => {
  await page.goto("/main/missionCenterIndex");

  await pickDemoUser(page, STAFF.realName);

  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  await expect(page.getByRole("main").getByText("任务中心")).toBeVisible(); // the page's card title, not the sider entry
  expect(await sessionValue(page, "sid")).toMatch(/^[0-9a-f]{64}$/);
  expect(await localValue(page, "isLoggedIn")).toBe("2");
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ userName: STAFF.userName });
  await expect(page).toHaveTitle("员工门户");
});

test("an alias route (task) signs in and opens the same page", async ({ page }) => {
  await page.goto("/main/task");
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

test("a SAMLResponse that was already used is refused with 登录失败: and no new sign-on", async ({ page, request }) => {
  await page.goto("/main/helpCenter");
  // Keep the address /relogin was opened with (the page takes the answer out of it at once, issue 18).
  const relogin = page.waitForRequest(/\/relogin\?SAMLResponse=/);
  await pickDemoUser(page, STAFF.realName);
  const used = (await relogin).url();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);

  await endPageSession(page, request);
  await page.goto(used);
  await expect(page.getByText(/^登录失败:.+/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/relogin\?route=helpCenter$/);
  expect(await sessionValue(page, "sid")).toBeNull();
});
