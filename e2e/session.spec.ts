// The session's routes in the browser (issue 3): quitLogon's confirm, the role switch, logout, and
// the helper routes /index, /redirect/*, /login and the user shell's 404.
import { expect, test } from "@playwright/test";

import { apiLogin, EDITOR, endPageSession, headerLogout, localValue, pushRoute, sessionValue, signInWithSid, STAFF } from "./support/portal";

// Sessions of the demo users end with each test (the password-login specs meet no "already logged in").
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("quitLogon: Cancel returns to the previous route and keeps the session", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  await pushRoute(page, "/main/quitLogon");
  const confirm = page.getByRole("dialog").filter({ hasText: "确定要退出登录吗" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: /^取\s?消$/ }).click();

  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(confirm).toBeHidden();
  expect(await sessionValue(page, "sid")).toBe(sid);
  const answer = await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid } });
  expect(answer.status()).toBe(200);
});

test("quitLogon: Confirm logs out, clears the session and goes to /login", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);

  await page.goto("/main/personalCenter/quitLogon");
  const confirm = page.getByRole("dialog").filter({ hasText: "确定要退出登录吗" });
  await confirm.getByRole("button", { name: /^确\s?认$/ }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("好医生治疗疾病；伟大的医生治疗患病的人。")).toBeVisible();
  expect(await sessionValue(page, "sid")).toBeNull();
  expect(await localValue(page, "isLoggedIn")).toBe("0");
  const answer = await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid } });
  expect((await answer.json()).code).toBe(4004);
});

test("role switch (lina: staff -> editor) changes the sid and the menus", async ({ page, request }) => {
  const sid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  await signInWithSid(page, sid);
  const menusBefore = JSON.parse((await sessionValue(page, "menuPermissionMap")) ?? "{}") as Record<string, true>;
  expect(menusBefore["/policy"]).toBeUndefined();
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ roleCode: "staff" });

  await page.getByTestId("role-switcher").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "编辑" }).click();

  await expect.poll(() => sessionValue(page, "sid")).not.toBe(sid);
  const newSid = await sessionValue(page, "sid");
  expect(newSid).toMatch(/^[0-9a-f]{64}$/);
  await expect
    .poll(async () => JSON.parse((await sessionValue(page, "userInfo")) ?? "{}").roleCode)
    .toBe("editor");
  // The menus and the switch's marker are stored after the user record: wait for them as well.
  await expect
    .poll(async () => {
      const menus = JSON.parse((await sessionValue(page, "menuPermissionMap")) ?? "{}") as Record<string, true>;
      return [menus["/policy"], menus["/knowledgeIndex"]];
    })
    .toEqual([true, true]);
  await expect.poll(() => sessionValue(page, "isChangeRole")).toBeNull();
  // The old sid is over; the page keeps working with the new one.
  expect((await (await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid } })).json()).code).toBe(4004);
  await page.reload();
  await expect(page.getByTestId("header-real-name")).toHaveText("李娜");
});

test("a user with one role sees no role switcher", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await expect(page.getByRole("combobox", { name: "切换角色" })).toHaveCount(0);
});

test("/index, /redirect/* and the shell's 404", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));

  await page.goto("/index");
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  await page.goto("/redirect/main/helpCenter?x=1");
  await expect(page).toHaveURL(/\/main\/helpCenter\?x=1$/);

  await page.goto("/main/no-such-page");
  await expect(page).toHaveURL(/\/main\/404$/);
  await page.getByRole("button", { name: "返回工作空间" }).click();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
});

test("logout from the header goes to /loginCopy; opening baseLogin clears the guide info", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await headerLogout(page);
  await expect(page).toHaveURL(/\/loginCopy$/);
  expect(await sessionValue(page, "sid")).toBeNull();
  expect(await localValue(page, "isLoggedIn")).toBe("0");

  await page.evaluate(() => sessionStorage.setItem("guideInfo", "{}"));
  await page.getByRole("link", { name: "使用账号密码登录" }).click(); // an in-app navigation
  await expect(page).toHaveURL(/\/baseLogin$/);
  await expect.poll(() => sessionValue(page, "guideInfo")).toBeNull();
});
