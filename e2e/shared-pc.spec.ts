// Issue 18, item 8: one tab on a shared PC. A person's language and theme are theirs: the next
// person to sign in in the same tab gets their own record's language and theme, and nothing of
// the previous person is written into their record. Only an explicit choice (the CN/EN toggle,
// Dress Up) saves one.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { EDITOR, STAFF, apiLogin, apiLogout, confirmLogout, endTestSessions, localValue, sessionValue } from "./support/portal";

const API = "/portal-api";
type Person = { userName: string; password: string };
type PersonalRecord = { languageStatus: string; themeCode: number; themeColor: string | null; themeHeadColor: string | null };

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

/** A person's saved record, read through the API in a session of their own. */
async function recordOf(request: APIRequestContext, person: Person): Promise<PersonalRecord> {
  const sid = await apiLogin(request, person.userName, person.password);
  const headers = { sid, Authorization: sid };
  try {
    const { data: user } = (await (await request.get(`${API}/sysUserEx/getUserInfo`, { headers })).json()) as { data: { id: number } };
    const answer = await request.get(`${API}/personalStatusRecord`, { params: { userId: user.id }, headers });
    return ((await answer.json()) as { data: PersonalRecord }).data;
  } finally {
    await apiLogout(request, sid);
  }
}

/** The record of the person signed in on the page, read with the page's own session. */
async function pageRecord(page: Page, request: APIRequestContext): Promise<PersonalRecord> {
  const sid = (await sessionValue(page, "sid")) ?? "";
  const answer = await request.get(`${API}/personalStatusRecord`, { params: { userId: (await sessionValue(page, "userId")) ?? "" }, headers: { sid } });
  return ((await answer.json()) as { data: PersonalRecord }).data;
}

/** Puts a person's language and theme back to the defaults the other specs expect. */
async function restoreDefaults(request: APIRequestContext, person: Person) {
  const sid = await apiLogin(request, person.userName, person.password);
  const headers = { sid, Authorization: sid };
  try {
    const { data: user } = (await (await request.get(`${API}/sysUserEx/getUserInfo`, { headers })).json()) as { data: { id: number } };
    const data = { userId: user.id, languageStatus: "cn", themeCode: 0, themeColor: "#0E3B70", themeHeadColor: "#FFFFFF" };
    expect((await request.post(`${API}/personalStatusRecord`, { headers, data })).ok()).toBe(true);
  } finally {
    await apiLogout(request, sid);
  }
}

/** The login form as it stands in the tab's language (English after the previous person chose it). */
async function signInOnEnglishForm(page: Page, person: Person) {
  await page.getByRole("link", { name: "Log in with account and password" }).click();
  await expect(page).toHaveURL(/\/baseLogin$/);
  await page.getByLabel(/^account$/i).fill(person.userName);
  await page.getByLabel(/^password$/i).fill(person.password);
  await page.getByLabel(/^password$/i).press("Enter");
}

const headerBackground = (page: Page) => page.getByTestId("portal-header").evaluate((el) => getComputedStyle(el).backgroundColor);

test("A switches to English and Chinese Red and logs out; B signs in in the same tab in B's own language and theme", async ({ page, request }) => {
  const personA = EDITOR; // lina
  const personB = STAFF; // zhangwei: saved cn, never chose a theme
  const before = await recordOf(request, personB);
  expect(before.languageStatus).toBe("cn");

  try {
    // A, in this tab: English and Chinese Red, both saved for A (explicit choices).
    await page.goto("/baseLogin");
    await page.getByLabel("账号").fill(personA.userName);
    await page.getByLabel("密码").fill(personA.password);
    await page.getByLabel("密码").press("Enter");
    await expect(page).toHaveURL(/\/main\/workingSpace$/);
    await page.getByTestId("language-toggle").getByText("EN").click();
    await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("Workspace");
    await page.getByTestId("header-skin").click();
    await page.getByTestId("theme-chineseRed").click();
    await expect.poll(() => headerBackground(page)).toBe("rgb(200, 22, 29)");
    await expect.poll(async () => (await pageRecord(page, request)).languageStatus).toBe("en");
    await expect.poll(async () => (await pageRecord(page, request)).themeCode).toBe(2);

    // A logs out; the login form may keep A's language (nobody is signed in).
    await page.getByTestId("header-user-menu").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await confirmLogout(page); // the header's log-out asks first (issue 21)
    await expect(page).toHaveURL(/\/loginCopy$/);
    expect(await sessionValue(page, "i18n")).toBe("en");

    // B signs in in the same tab: B's language and B's (default) theme, and B's record untouched.
    const saves: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/personalStatusRecord") && saves.push(r.postData() ?? ""));
    await signInOnEnglishForm(page, personB);
    await expect(page).toHaveURL(/\/main\/workingSpace$/);
    await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
    await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("工作空间");
    await expect(page.getByTestId("sider-menu").getByRole("menuitem").first()).toHaveText("工作空间");
    await expect.poll(() => headerBackground(page)).toBe("rgb(255, 255, 255)");
    await expect(page.getByTestId("header-logo")).toHaveAttribute("data-theme-code", "0");
    expect(await localValue(page, "themeColor")).toBe("#0E3B70");
    expect(await sessionValue(page, "i18n")).toBe("cn");

    // The same after a reload (nothing of A comes back), and B's record is as it was.
    await page.reload();
    await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("工作空间");
    expect(await headerBackground(page)).toBe("rgb(255, 255, 255)");
    expect(saves).toEqual([]);
    const after = await pageRecord(page, request);
    expect(after.languageStatus).toBe("cn");
    expect({ themeCode: after.themeCode, themeColor: after.themeColor, themeHeadColor: after.themeHeadColor }).toEqual({
      themeCode: before.themeCode,
      themeColor: before.themeColor,
      themeHeadColor: before.themeHeadColor,
    });

    // A signs in again in this tab: A's own choices come back from A's record.
    await endTestSessions(page, request);
    await page.goto("/baseLogin");
    await page.getByLabel("账号").fill(personA.userName);
    await page.getByLabel("密码").fill(personA.password);
    await page.getByLabel("密码").press("Enter");
    await expect(page).toHaveURL(/\/main\/workingSpace$/);
    await expect(page.getByTestId("header-tab-workingSpace")).toHaveText("Workspace");
    await expect.poll(() => headerBackground(page)).toBe("rgb(200, 22, 29)");
  } finally {
    await restoreDefaults(request, personA);
  }
});
