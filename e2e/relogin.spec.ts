// /relogin with each parameter kind (spec 2.5), against the real server and its development IdP.
import { expect, test } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, mintToken, forgetAndLeave, gotoLeaving, pickDemoUser, sessionValue, endPageSession } from "./support/portal";

// Sessions of the demo users end with each test (the password-login specs meet no "already logged in").
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("saml2Token signs in and lands on the route's page", async ({ page, request }) => {
  const token = await mintToken(request, STAFF.userName, "saml2");
  await page.goto(`/relogin?saml2Token=${encodeURIComponent(token)}&route=appCenter`);
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  expect(await sessionValue(page, "sid")).toMatch(/^[0-9a-f]{64}$/);
});

test("wechattoken signs in and lands on the route's page", async ({ page, request }) => {
  const token = await mintToken(request, STAFF.userName, "wechat");
  await page.goto(`/relogin?wechattoken=${encodeURIComponent(token)}&route=userRoastList`);
  await expect(page).toHaveURL(/\/main\/teasingList$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
});

test("a bad, reused or wrong-kind token falls back to single sign-on with the route", async ({ page, request }) => {
  await gotoLeaving(page, "/relogin?saml2Token=not-a-token&route=datePage");
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/myProgramme$/);

  // A wechat token offered as saml2Token is refused too.
  const wechat = await mintToken(request, STAFF.userName, "wechat");
  await endPageSession(page, request);
  await gotoLeaving(page, `/relogin?saml2Token=${encodeURIComponent(wechat)}&route=data`);
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/myDataCenter$/);

  // A token works once.
  const once = await mintToken(request, STAFF.userName, "saml2");
  await endPageSession(page, request);
  await page.goto(`/relogin?saml2Token=${encodeURIComponent(once)}`);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await endPageSession(page, request);
  await gotoLeaving(page, `/relogin?saml2Token=${encodeURIComponent(once)}&route=help`);
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
});

test("system with sid stores both and lands in the admin shell (pageType picks the page)", async ({ page, request }) => {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await expect(page).not.toHaveURL(/relogin/);
  expect(await sessionValue(page, "system")).toBe("stageAdmin");
  expect(await sessionValue(page, "sid")).toBe(sid);
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ userName: ADMIN.userName });
});

test("web_sid and platformFlag with sid are stored, verified by loading user info, and land", async ({ page, request }) => {
  const sid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  await page.goto(`/relogin?web_sid=${sid}&route=task`);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText("李娜");
  expect(await sessionValue(page, "sid")).toBe(sid);

  await forgetAndLeave(page); // the same sid again, the other way
  await page.goto(`/relogin?platformFlag=1&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  expect(await sessionValue(page, "sid")).toBe(sid);
});

test("a web_sid that does not verify ends at /loginCopy without a session", async ({ page }) => {
  await page.goto(`/relogin?web_sid=${"0".repeat(64)}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("登录会话已过期");
  await dialog.getByRole("button").click();
  await expect(page).toHaveURL(/\/loginCopy$/);
  expect(await sessionValue(page, "userInfo")).toBeNull();
});

test("with none of the parameters single sign-on starts; system with account does too", async ({ page, request }) => {
  await gotoLeaving(page, "/relogin?route=help");
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/helpCenter$/);

  await endPageSession(page, request);
  await gotoLeaving(page, "/relogin?system=portal&account=lina&route=appCenterIndex");
  // Never a password-less login by account name: the identity provider decides who signs in.
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
});
