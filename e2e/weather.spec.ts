// Issue 5, the weather, in a real browser against the real server and the local fake of Open-Meteo
// (e2e/support/fakeOpenMeteo.mjs, started by serve.mjs): the top bar opens the weather dialog,
// search and add up to 4 cities with the two warnings, delete only while more than one remains,
// save, and after a reload the top bar shows the first city's temperature and the dialog each
// city's weather. Closing clears the search. The demo user's cities are removed at the end.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { STAFF, apiLogin, apiLogout, endPageSession, signInWithSid } from "./support/portal";

const API = "/portal-api";

// The fake's cities (ids are the provider's) and their fixed weather.
const SHANGHAI = "1796236"; // 21.5 °C (18.2 to 25.1), mainly clear by day: 晴 (code 2)
const BEIJING = "1816670"; // 12.4 °C (5.1 to 16.8), overcast: 阴 (code 9)
const SHENZHEN = "1795565";
const SUZHOU = "1886760";
const HANGZHOU = "1808926"; // 15.2 °C (11 to 19.6), clear at night: 晴 (code 1, the moon)
const GUANGZHOU = "1809858";

/** Saves the demo user's list through the API ([] removes every city). */
async function saveCitiesOf(request: APIRequestContext, cities: unknown[]) {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  try {
    const answer = await request.post(`${API}/personalWeatherCity/saveBatch`, { headers: { sid, Authorization: sid }, data: cities });
    expect(answer.ok()).toBe(true);
  } finally {
    await apiLogout(request, sid);
  }
}

test.beforeEach(async ({ request }) => saveCitiesOf(request, []));
test.afterEach(async ({ page, request }) => {
  await endPageSession(page, request);
  await saveCitiesOf(request, []);
});

const weatherDialog = (page: Page) => page.getByRole("dialog").filter({ has: page.getByTestId("weather-save") });

async function searchCity(page: Page, text: string) {
  const box = weatherDialog(page).getByTestId("weather-dialog-search");
  await box.fill(text);
  await box.press("Enter");
}

async function addCity(page: Page, text: string, cityId: string) {
  await searchCity(page, text);
  await weatherDialog(page).getByTestId(`weather-add-${cityId}`).click();
}

test("search, add up to 4 with the warnings, delete only with more than one, save; after a reload the top bar shows the first city", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  const header = page.getByTestId("weather-header");
  await expect(header).toContainText("天气"); // no city yet
  await header.click();
  const dialog = weatherDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS("width", "480px");

  // Blank text is not searched.
  await searchCity(page, "   ");
  await expect(dialog.getByTestId("weather-options")).toHaveCount(0);
  await expect(dialog.getByTestId("weather-no-match")).toHaveCount(0);

  await addCity(page, "上海", SHANGHAI);
  const shanghai = dialog.getByTestId(`weather-city-${SHANGHAI}`);
  await expect(shanghai).toContainText("上海");
  await expect(shanghai.getByTestId("weather-now")).toHaveText("22°C");
  await expect(shanghai.getByTestId("weather-range")).toHaveText("最低 18°C / 最高 25°C");
  await expect(shanghai.getByTestId("weather-text")).toHaveText("晴");
  await expect(shanghai.getByRole("img", { name: "晴" })).toHaveAttribute("data-code", "2");
  // One city: no delete.
  await expect(dialog.getByTestId(`weather-delete-${SHANGHAI}`)).toHaveCount(0);

  await addCity(page, "北京", BEIJING);
  await expect(dialog.getByTestId(`weather-city-${BEIJING}`).getByTestId("weather-text")).toHaveText("阴");
  await expect(dialog.getByTestId(`weather-delete-${SHANGHAI}`)).toBeVisible();
  await expect(dialog.getByTestId(`weather-delete-${BEIJING}`)).toBeVisible();
  await addCity(page, "深圳", SHENZHEN);
  await addCity(page, "Suzhou", SUZHOU);
  await expect(dialog.locator('[data-testid^="weather-city-"]')).toHaveCount(4);

  // A fifth city: receptionInfo.watherTip1.
  await addCity(page, "杭州", HANGZHOU);
  await expect(page.locator(".ant-message")).toContainText("最多只能添加4个城市");
  await expect(dialog.getByTestId(`weather-city-${HANGZHOU}`)).toHaveCount(0);
  // A city already present: receptionInfo.watherTip2.
  await addCity(page, "上海", SHANGHAI);
  await expect(page.locator(".ant-message")).toContainText("该城市已添加");
  await expect(dialog.locator('[data-testid^="weather-city-"]')).toHaveCount(4);

  // Delete down to one: the last one cannot be deleted.
  for (const cityId of [SUZHOU, SHENZHEN, BEIJING]) await dialog.getByTestId(`weather-delete-${cityId}`).click();
  await expect(dialog.locator('[data-testid^="weather-city-"]')).toHaveCount(1);
  await expect(dialog.getByTestId(`weather-delete-${SHANGHAI}`)).toHaveCount(0);
  await addCity(page, "北京", BEIJING);
  await addCity(page, "杭州", HANGZHOU);

  await dialog.getByTestId("weather-save").click();
  await expect(dialog).toBeHidden();
  await expect(header).toContainText("22°C");

  // Saved on the server, in the dialog's order.
  const listed = await request.get(`${API}/personalWeatherCity/listByUserId`, { headers: { sid, Authorization: sid } });
  const saved = ((await listed.json()) as { data: { cityId: string; cityName: string; showOrder: number }[] }).data;
  expect(saved.map((c) => [c.cityId, c.cityName, c.showOrder])).toEqual([
    [SHANGHAI, "上海", 0],
    [BEIJING, "北京", 1],
    [HANGZHOU, "杭州", 2],
  ]);

  await page.reload();
  await expect(header).toContainText("22°C");
  await expect(header).toHaveAttribute("aria-label", "上海：晴，22°C");
  await expect(header.getByRole("img", { name: "晴" })).toHaveAttribute("data-glyph", "sun");
});

test("the dialog shows each saved city's now, low, high, text and icon; closing clears the search", async ({ page, request }) => {
  await saveCitiesOf(request, [
    { cityId: SHANGHAI, cityName: "上海", showOrder: 0 },
    { cityId: BEIJING, cityName: "北京", showOrder: 1 },
    { cityId: HANGZHOU, cityName: "杭州", showOrder: 2 },
  ]);
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  const header = page.getByTestId("weather-header");
  await expect(header).toHaveAttribute("aria-label", "上海：晴，22°C");
  const dialog = weatherDialog(page);
  await header.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-testid^="weather-city-"]')).toHaveCount(3);
  const rows = [
    [SHANGHAI, "22°C", "最低 18°C / 最高 25°C", "晴", "sun"],
    [BEIJING, "12°C", "最低 5°C / 最高 17°C", "阴", "overcast"],
    [HANGZHOU, "15°C", "最低 11°C / 最高 20°C", "晴", "moon"],
  ];
  for (const [cityId, now, range, text, glyph] of rows) {
    const row = dialog.getByTestId(`weather-city-${cityId}`);
    await expect(row.getByTestId("weather-now")).toHaveText(now);
    await expect(row.getByTestId("weather-range")).toHaveText(range);
    await expect(row.getByTestId("weather-text")).toHaveText(text);
    await expect(row.getByRole("img", { name: text })).toHaveAttribute("data-glyph", glyph);
  }
  await expect(dialog.locator('[data-testid^="weather-city-"]').first()).toHaveAttribute("data-testid", `weather-city-${SHANGHAI}`);

  // Closing clears the search text and the options.
  await searchCity(page, "广州");
  await expect(dialog.getByTestId(`weather-add-${GUANGZHOU}`)).toBeVisible();
  await dialog.getByRole("button", { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await header.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("weather-dialog-search")).toHaveValue("");
  await expect(dialog.getByTestId(`weather-add-${GUANGZHOU}`)).toHaveCount(0);
  await expect(dialog.getByTestId("weather-options")).toHaveCount(0);
  // Unsaved edits are dropped too: the saved three are shown.
  await expect(dialog.locator('[data-testid^="weather-city-"]')).toHaveCount(3);
});

test("offline, the city search says it could not search, without a toast, and Retry searches again (issue 21)", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await page.getByTestId("weather-header").click();
  const dialog = weatherDialog(page);
  await expect(dialog).toBeVisible();
  await page.route("**/portal-api/weatherCity/getByName*", (route) => route.abort("internetdisconnected"));
  await searchCity(page, "上海");
  await expect(dialog.getByTestId("weather-search-failed")).toContainText("城市搜索暂时不可用");
  await expect(dialog.getByTestId("weather-no-match")).toHaveCount(0);
  await expect(page.locator(".ant-message-notice")).toHaveCount(0);
  await expect(page.getByText("网络连接失败，请稍后再试")).toHaveCount(0);
  await page.unroute("**/portal-api/weatherCity/getByName*");
  await dialog.getByRole("button", { name: /重\s*试/ }).click();
  await expect(dialog.getByTestId(`weather-add-${SHANGHAI}`)).toBeVisible();
  await expect(dialog.getByTestId("weather-search-failed")).toHaveCount(0);
});
