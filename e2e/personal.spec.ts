// Issue 4, personal settings and the first-login flow, in a real browser against the real server:
// consent and the tour exactly once for a new person, Refuse logs out, Dress Up re-colours the page
// and follows the user to another browser, the language toggle switches every string and is kept,
// the avatar upload takes a real PNG and the server refuses a renamed executable by its bytes,
// the top bar's search, tabs and icons, and the password change.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { watchNetwork } from "./support/network";
import { ADMIN, EDITOR, STAFF, apiLogin, endPageSession, localValue, sessionValue, signInWithSid, submitLoginForm, gotoLeaving } from "./support/portal";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

const API = "/portal-api";
const HAN = /\p{Script=Han}/u;

/** A brand-new staff user, provisioned by the development IdP on first single sign-on. */
async function signInAsNewUser(page: Page, userName: string) {
  await gotoLeaving(page, "/relogin");
  await expect(page).toHaveURL(/\/portal-api\/devIdp\/sso\?/);
  await page.getByTestId("devIdp-userName").fill(userName);
  await page.getByTestId("devIdp-other-user-submit").click();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
}

// antd puts a Modal's own attributes on a wrapper; the dialog is found by its role and content.
const privacyDialog = (page: Page) => page.getByRole("dialog").filter({ has: page.getByTestId("privacy-text") });
const guideDialog = (page: Page) => page.getByRole("dialog").filter({ has: page.getByTestId("guide-need") });
const avatarDialog = (page: Page) => page.getByRole("dialog").filter({ has: page.getByTestId("avatar-ok") });

const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function record(page: Page, request: import("@playwright/test").APIRequestContext) {
  const sid = (await sessionValue(page, "sid")) ?? "";
  const userId = await sessionValue(page, "userId");
  const answer = await request.get(`${API}/personalStatusRecord`, { params: { userId: userId ?? "" }, headers: { sid } });
  return ((await answer.json()) as { data: Record<string, unknown> | null }).data;
}

test("a new user accepts the privacy policy, takes the tour to the end, and is not asked again", async ({ page, request }) => {
  const network = watchNetwork(page);
  await signInAsNewUser(page, uniqueName("newcomer"));

  const privacy = privacyDialog(page);
  await expect(privacy).toBeVisible();
  const text = privacy.getByTestId("privacy-text");
  await expect(text).toHaveAttribute("rows", "15");
  await expect(text).toHaveAttribute("readonly", "");
  await expect(text).not.toHaveValue("");
  // Until then the server refuses what the flow does not need (consent enforced by the API).
  const sid = (await sessionValue(page, "sid")) ?? "";
  const refused = await request.get(`${API}/api/user/query`, { headers: { sid } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: number }).code).toBe(4010);

  await privacy.getByTestId("privacy-accept").click();
  await expect(privacy).toBeHidden();
  const guide = guideDialog(page);
  await expect(guide).toBeVisible();
  await guide.getByTestId("guide-need").click();
  await expect(guide).toBeHidden();

  // driver.js: step through to the end (at most 12 steps), the overlay at 0.7.
  const popover = page.locator(".driver-popover");
  await expect(popover).toBeVisible();
  await expect(page.locator(".driver-overlay path")).toHaveCSS("opacity", "0.7");
  const title = popover.locator(".driver-popover-title");
  const next = popover.locator(".driver-popover-next-btn");
  const titles: string[] = [];
  for (;;) {
    const shown = (await title.textContent()) ?? "";
    titles.push(shown);
    expect(titles.length).toBeLessThanOrEqual(12);
    if ((await next.textContent())?.trim() === "完成") break;
    await next.click();
    // The popover moves to the next element before the next click.
    await expect(title).not.toHaveText(shown);
  }
  // Elements that are not present are skipped (ordinary staff have no role switcher).
  expect(titles).not.toContain("您的角色");
  expect(titles.length).toBeGreaterThanOrEqual(8);
  await next.click();
  await expect(popover).toHaveCount(0);
  await expect.poll(async () => (await record(page, request))?.noviceGuideStatus).toBe(1);
  expect((await request.get(`${API}/api/user/query`, { headers: { sid } })).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  // Give the flow time to decide, then make sure it asked nothing.
  await network.settled();
  await expect(privacyDialog(page)).toHaveCount(0);
  await expect(guideDialog(page)).toHaveCount(0);

  // A second sign-in (a new session, nothing cached in this tab) asks nothing either.
  await page.evaluate(() => sessionStorage.removeItem("guideInfo"));
  await page.reload();
  await network.settled();
  await expect(privacyDialog(page)).toHaveCount(0);
  await expect(guideDialog(page)).toHaveCount(0);
});

test("Refuse logs the new user out; 'no need' with 'never notify' is kept", async ({ page, request }) => {
  const name = uniqueName("refuser");
  await signInAsNewUser(page, name);
  await privacyDialog(page).getByTestId("privacy-refuse").click();
  await expect(page).toHaveURL(/\/loginCopy$/);
  expect(await sessionValue(page, "sid")).toBeNull();

  // The same person again: still asked (nothing was accepted); this time accept, then decline the tour for good.
  await signInAsNewUser(page, name);
  await privacyDialog(page).getByTestId("privacy-accept").click();
  const guide = guideDialog(page);
  await guide.getByTestId("guide-never").check();
  await guide.getByTestId("guide-no-need").click();
  await expect(guide).toBeHidden();
  await expect(page.locator(".driver-popover")).toHaveCount(0);
  await expect.poll(async () => (await record(page, request))?.noviceGuideStatus).toBe(1);
});

async function headerBackground(page: Page) {
  return page.getByTestId("portal-header").evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function newSignedInPage(browser: Browser, request: import("@playwright/test").APIRequestContext, user: { userName: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sid = await apiLogin(request, user.userName, user.password);
  await signInWithSid(page, sid);
  return { context, page, sid };
}

test("Dress Up: a theme re-colours the page at once, survives a reload and follows the user to another browser", async ({ page, browser, request }) => {
  await submitLoginForm(page, EDITOR.userName, EDITOR.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  expect(await headerBackground(page)).toBe("rgb(255, 255, 255)");

  await page.getByTestId("header-skin").click();
  await expect(page).toHaveURL(/\/main\/skinPage$/);
  await page.getByTestId("theme-chineseRed").click();
  await expect.poll(() => headerBackground(page)).toBe("rgb(200, 22, 29)");
  await expect(page.getByTestId("header-logo")).toHaveAttribute("data-theme-code", "2");
  // antd's primary colour follows (the selected theme's tag and primary buttons).
  await expect(page.getByTestId("theme-chineseRed")).toHaveAttribute("aria-checked", "true");
  expect(await localValue(page, "themeColor")).toBe("#C8161D");
  expect(await localValue(page, "themeHeadColor")).toBe("#C8161D");
  expect(await localValue(page, "themeCode")).toBe("2");
  await expect.poll(async () => (await record(page, request))?.themeCode).toBe(2);

  await page.reload();
  await expect(page.getByTestId("header-real-name")).toBeVisible();
  expect(await headerBackground(page)).toBe("rgb(200, 22, 29)");

  // Another browser (empty local storage) gets the theme from the server.
  const other = await newSignedInPage(browser, request, EDITOR);
  try {
    await expect.poll(() => headerBackground(other.page)).toBe("rgb(200, 22, 29)");
  } finally {
    await endPageSession(other.page, request);
    await other.context.close();
  }

  // Back to the default for the other specs.
  await page.getByTestId("theme-default").click();
  await expect.poll(() => headerBackground(page)).toBe("rgb(255, 255, 255)");
  await expect.poll(async () => (await record(page, request))?.themeCode).toBe(0);
});

test("the language toggle switches every string at once, survives a reload and is saved for the user", async ({ page, browser, request }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  // The product's own words: the shell, the workspace toolbar, the card titles and the week strip
  // (the cards' seeded data, app names and meeting titles, is the company's and stays as entered).
  const shellText = async () =>
    (
      await page
        .locator('[data-testid="portal-header"], [data-testid="portal-sider"], [data-testid="tab-bar"], [data-testid="ws-toolbar"], [data-testid^="widget-"] h2, [data-testid="widget-calendar_model"] button')
        .allInnerTexts()
    ).join("\n");
  await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("工作空间");

  await page.getByTestId("language-toggle").getByText("EN").click();
  await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("Workspace");
  await expect(page.getByTestId("header-tab-appCenterIndex")).toHaveText("App Center");
  await expect(page.getByTestId("header-tab-missionCenterIndex")).toHaveText("Task Center");
  await expect(page.getByTestId("sider-greeting")).toHaveText(/^Good (morning|afternoon|evening), 张伟$/);
  // Nothing Chinese is left but the person's own name.
  expect((await shellText()).replaceAll(STAFF.realName, "")).not.toMatch(HAN);
  expect(await sessionValue(page, "i18n")).toBe("en");
  await expect.poll(async () => (await record(page, request))?.languageStatus).toBe("en");

  await page.reload();
  await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("Workspace");
  expect((await shellText()).replaceAll(STAFF.realName, "")).not.toMatch(HAN);

  // A new browser tab without a choice of its own takes the saved language.
  const other = await newSignedInPage(browser, request, STAFF);
  try {
    await expect(other.page.getByTestId("header-tab-workingSpace")).toHaveText("Workspace");
  } finally {
    await endPageSession(other.page, request);
    await other.context.close();
  }

  await page.getByTestId("language-toggle").getByText("CN").click();
  await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("工作空间");
  await expect.poll(async () => (await record(page, request))?.languageStatus).toBe("cn");
});

// A 1x1 PNG, and an ELF executable renamed to .png.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);

test("avatar: a real PNG is uploaded with progress and shown; a renamed executable is refused by the server", async ({ page }) => {
  await submitLoginForm(page, EDITOR.userName, EDITOR.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  await page.getByTestId("header-user-menu").click();
  await page.getByRole("menuitem", { name: "个人中心" }).click();
  await expect(page).toHaveURL(/\/main\/people$/);
  await expect(page.getByTestId("people-page")).toContainText(EDITOR.userName);

  await page.getByTestId("people-edit-avatar").click();
  const dialog = avatarDialog(page);
  await expect(dialog).toBeVisible();
  // OK with no image.
  await dialog.getByTestId("avatar-ok").click();
  await expect(page.locator(".ant-message")).toContainText("请先上传图片");

  // The renamed executable passes the name check in the browser; the server reads its bytes.
  await dialog.locator('input[type="file"]').setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: ELF });
  await page.waitForTimeout(1100); // the dialog button's 1 s guard after the first click
  await dialog.getByTestId("avatar-ok").click();
  await expect(page.locator(".ant-message")).toContainText("请上传 png、jpg、jpeg、heif、heic 格式的图片");
  await expect(dialog).toBeVisible();

  // A real PNG.
  await dialog.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByTestId("avatar-preview")).toBeVisible();
  await page.waitForTimeout(1100);
  await dialog.getByTestId("avatar-ok").click();
  await expect(page.locator(".ant-message")).toContainText("头像已保存");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("sider-avatar").locator("img")).toHaveAttribute("src", /^blob:/);
  await expect(page.getByTestId("people-avatar").locator("img")).toHaveAttribute("src", /^blob:/);

  // Kept on the server: after a reload the picture comes back.
  await page.reload();
  await expect(page.getByTestId("sider-avatar").locator("img")).toHaveAttribute("src", /^blob:/);
});

test("avatar: the format and size rules are checked before anything is sent", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await page.getByTestId("sider-avatar").click();
  await page.getByRole("menuitem", { name: "修改头像" }).click();
  const dialog = avatarDialog(page);
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.locator(".ant-message")).toContainText("请上传 png、jpg、jpeg、heif、heic 格式的图片");
  await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.locator(".ant-message")).toContainText("图片大小超过5MB限制");
  await expect(dialog.getByTestId("avatar-preview")).toHaveCount(0);
});

test("top bar: search, header tabs, skin and help icons, and the stage-admin link", async ({ page, context }) => {
  await submitLoginForm(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  const search = page.getByTestId("header-search").locator("input");
  await search.fill("呼吸机");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/main\/searchResult\?searchVal=%E5%91%BC%E5%90%B8%E6%9C%BA$/);
  await expect(page.getByText("搜索结果").first()).toBeVisible();
  await search.fill("UPN-1");
  await page.getByTestId("header-search").getByRole("button", { name: /搜\s*索/ }).click();
  await expect(page).toHaveURL(/\/main\/searchResult\?searchVal=UPN-1$/);
  await expect(search).toHaveValue("UPN-1");

  await page.getByTestId("header-tab-missionCenterIndex").click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-tab-missionCenterIndex")).toHaveAttribute("aria-current", "page");
  await page.getByTestId("header-tab-appCenterIndex").click();
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await page.getByTestId("header-help").click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  await page.getByTestId("header-skin").click();
  await expect(page).toHaveURL(/\/main\/skinPage$/);

  const sid = await sessionValue(page, "sid");
  const [admin] = await Promise.all([context.waitForEvent("page"), page.getByTestId("header-stage-admin").click()]);
  await admin.waitForLoadState();
  await expect.poll(() => sessionValue(admin, "system")).toBe("stageAdmin");
  // The window has this tab's session, never the sid in its address (issue 18, e2e/sid-address.spec.ts).
  expect(await sessionValue(admin, "sid")).toBe(sid);
  expect(admin.url()).not.toContain(sid!);
  await admin.close();
});

test("top bar: no stage-admin link for ordinary staff", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(page.getByTestId("header-search")).toBeVisible();
  await expect(page.getByTestId("header-stage-admin")).toHaveCount(0);
});

test("change-Password: the rules are checked, and the new password signs in", async ({ page, request }) => {
  const user = EDITOR;
  const next = "Lina@2026new";
  await submitLoginForm(page, user.userName, user.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await page.getByTestId("header-user-menu").click();
  await page.getByRole("menuitem", { name: "修改密码" }).click();
  await expect(page).toHaveURL(/\/main\/change-Password$/);

  const form = page.getByTestId("password-page");
  await form.getByTestId("password-old").fill(user.password);
  await form.getByTestId("password-new").fill("short1");
  await form.getByTestId("password-confirm").fill("short1");
  await form.getByTestId("password-submit").click();
  await expect(form).toContainText("请使用 8 到 64 个字符");

  await form.getByTestId("password-new").fill(next);
  await form.getByTestId("password-confirm").fill(next);
  await form.getByTestId("password-submit").click();
  await expect(page.locator(".ant-message")).toContainText("密码已修改");
  try {
    // The new password opens a session.
    const sid = await apiLogin(request, user.userName, next);
    expect(sid).toBeTruthy();
    await request.get(`${API}/sysUserEx/logout`, { headers: { sid } });
  } finally {
    // Put the demo password back for the other specs, through the same page.
    await page.waitForTimeout(1100);
    await form.getByTestId("password-old").fill(next);
    await form.getByTestId("password-new").fill(user.password);
    await form.getByTestId("password-confirm").fill(user.password);
    await form.getByTestId("password-submit").click();
    await expect(page.locator(".ant-message")).toContainText("密码已修改");
  }
});
