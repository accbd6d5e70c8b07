// Password login through the UI against the real server (issue 2, section 7).
import { expect, test } from "@playwright/test";

import { apiLogin, apiLogout, EDITOR, headerLogout, localValue, sessionValue, STAFF, submitLoginForm } from "./support/portal";

test("log in with the form, see your name, log out to /loginCopy", async ({ page, request }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);

  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(page.getByTestId("working-space")).toBeVisible();
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  const sid = await sessionValue(page, "sid");
  expect(sid).toMatch(/^[0-9a-f]{64}$/);
  expect(await sessionValue(page, "isFresh")).toBe("1");
  expect(await localValue(page, "isLoggedIn")).toBe("2");
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ userName: STAFF.userName });

  await headerLogout(page);

  await expect(page).toHaveURL(/\/loginCopy$/);
  await expect(page.getByRole("link", { name: "使用账号密码登录" })).toBeVisible();
  expect(await sessionValue(page, "sid")).toBeNull();
  expect(await localValue(page, "isLoggedIn")).toBe("0");
  // The session is over on the server too, not only forgotten by the browser.
  const answer = await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid: sid! } });
  expect(answer.status()).toBe(401);
  expect((await answer.json()).code).toBe(4004);
});

test("a wrong password shows 登录失败: with the server's message and stays on the form", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, "Wrong@12345");

  await expect(page.getByText(/^登录失败:.+/)).toBeVisible();
  await expect(page).toHaveURL(/\/baseLogin$/);
  expect(await sessionValue(page, "sid")).toBeNull();
});

test("the form asks for both fields before it calls the server", async ({ page }) => {
  await page.goto("/baseLogin");
  await page.getByLabel("账号").focus();
  await page.getByLabel("密码").focus(); // leaving the user name validates it (on blur)
  await expect(page.getByText("请输入账号")).toBeVisible();
  await page.getByLabel("密码").fill("x");
  await page.getByLabel("密码").fill(""); // the password validates on change
  await expect(page.getByText("请输入密码")).toBeVisible();
});

test("an account already logged in elsewhere asks 提示 once the password is verified; confirming logs in anyway", async ({ page, request }) => {
  const elsewhere = await apiLogin(request, EDITOR.userName, EDITOR.password);

  // Issue 20: a wrong password learns nothing of the other session (no confirm, the failure only).
  await submitLoginForm(page, EDITOR.userName, "Wrong@12345");
  await expect(page.getByText(/^登录失败:.+/)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "提示" })).toHaveCount(0);

  // The right password: the confirm comes after the server has answered the login.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/sysUserEx/baseLogin"));
  await submitLoginForm(page, EDITOR.userName, EDITOR.password);
  expect((await (await answered).json()).data.loggedInElsewhere).toBe(true);
  const confirm = page.getByRole("dialog", { name: "提示" });
  await expect(confirm).toContainText("此账号已被登陆，请确认是否登陆");
  // antd spaces out two-character Chinese button labels ("确 认").
  await confirm.getByRole("button", { name: /^确\s?认$/ }).click();

  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await headerLogout(page);
  await expect(page).toHaveURL(/\/loginCopy$/);
  await apiLogout(request, elsewhere);
});

test("unknown addresses land on /loginCopy, whose link opens /baseLogin", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/loginCopy$/);
  await page.getByRole("link", { name: "使用账号密码登录" }).click();
  await expect(page).toHaveURL(/\/baseLogin$/);
  await expect(page.getByText("好医生治疗疾病；伟大的医生治疗患病的人。")).toBeVisible();
});
