// Issue 6, the App centre and Customize in a real browser with zhangwei's seeded apps: opened from
// the side menu, apps grouped by tag with chips, a favourite listed first (then put back), and a
// custom app added in Customize, seen in the App centre and removed. Everything changed is put
// back (also through the API when a step failed half way).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, signInWithSid } from "./support/portal";

const API = "/portal-api";
const CUSTOM_NAME = `E2E 自定义应用 ${process.pid}`;

let sid = "";

let starred: number | null = null;

async function call(request: APIRequestContext, method: "GET" | "PUT" | "DELETE", path: string, options: { data?: unknown; params?: Record<string, string | number> } = {}) {
  const answer = await request.fetch(`${API}${path}`, { method, headers: { sid, Authorization: sid }, ...options });
  return (await answer.json()) as { code: number; data: unknown };
}

/** Puts back what a failed test may have left: the star, and the custom app. */
async function putBack(request: APIRequestContext) {
  if (!sid) return;
  if (starred !== null) await call(request, "PUT", "/personalApp/updateAppFavoriteStatus", { data: { id: starred, favoriteStatus: 0 } });
  starred = null;
  const diy = await call(request, "GET", "/personalApp/diyListByUserId");
  for (const app of (diy.data as { id: number; appName: string }[] | null) ?? [])
    if (app.appName === CUSTOM_NAME) await call(request, "DELETE", "/personalApp", { params: { id: app.id } });
}

test.afterEach(async ({ page, request }) => {
  await putBack(request);
  await endPageSession(page, request);
  sid = "";
});

async function openAppCentre(page: Page, request: APIRequestContext) {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "应用中心" }).click();
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  await expect(page.getByTestId("app-centre")).toBeVisible();
}

test("the App centre groups zhangwei's apps by tag; a favourite is listed first and put back", async ({ page, request }) => {
  await openAppCentre(page, request);
  const centre = page.getByTestId("app-centre");
  const chips = centre.getByTestId("app-centre-chips").getByRole("radio");
  await expect(chips.first()).toBeChecked();
  expect(await chips.count()).toBeGreaterThan(2); // all + seeded tags
  await expect(centre.getByText(/^全部 \(18\)$/)).toBeVisible(); // the seed gives zhangwei 18 apps

  // Each seeded tag group is a section titled by the tag, its apps opening in a new tab.
  const groups = centre.locator('section[data-testid^="app-group-tag-"]');
  expect(await groups.count()).toBeGreaterThan(1);
  const first = groups.first();
  const title = ((await first.getByRole("heading", { level: 3 }).textContent()) ?? "").replace(/\s*\(\d+\)$/, "");
  expect(["办公", "人事", "财务", "质量", "法规", "销售", "信息技术", "培训", "安全", "合规"]).toContain(title);
  await expect(first.getByRole("link").first()).toHaveAttribute("target", "_blank");
  await expect(first.getByRole("link").first()).toHaveAttribute("rel", "noopener noreferrer");

  // The chip of that tag shows only its group.
  await centre.getByTestId("app-centre-chips").getByText(new RegExp(`^${title} \\(`)).click();
  await expect(centre.locator('section[data-testid^="app-group-"]')).toHaveCount(1);
  await centre.getByTestId("app-centre-chips").getByText(/^全部 /).click();

  // Star the last app of the first group that is not a favourite yet.
  const tiles = first.locator('li[data-testid^="app-tile-"]');
  const unstarred = tiles.filter({ has: page.locator('button[aria-pressed="false"]') });
  const tile = unstarred.last();
  const testId = (await tile.getAttribute("data-testid")) ?? "";
  starred = Number(testId.replace("app-tile-", ""));
  const name = ((await tile.getByRole("link").getAttribute("aria-label")) ?? "").replace(/^打开/, "").replace(/（在新标签页中打开）$/, "");
  await tile.getByRole("button", { name: `收藏${name}` }).click();
  // Favourites come first in the group: the starred app is now before every app not starred.
  const order = async () =>
    first.locator('li[data-testid^="app-tile-"]').evaluateAll((items) =>
      items.map((li) => ({ id: li.getAttribute("data-testid"), starred: li.querySelector('button[aria-pressed="true"]') !== null })),
    );
  await expect.poll(async () => {
    const rows = await order();
    const at = rows.findIndex((row) => row.id === testId);
    const firstPlain = rows.findIndex((row) => !row.starred);
    return at >= 0 && rows[at].starred && (firstPlain === -1 || at < firstPlain);
  }).toBe(true);
  await expect(centre.getByTestId("app-group-favourites").getByTestId(testId)).toBeVisible();

  // It stays first after a reload (the server keeps it).
  await page.reload();
  await expect(page.getByTestId("app-group-favourites").getByTestId(testId)).toBeVisible();

  // Put it back.
  await page.getByTestId("app-group-favourites").getByRole("button", { name: `取消收藏${name}` }).click();
  await expect(page.getByTestId("app-group-favourites").getByTestId(testId)).toHaveCount(0);
  await expect.poll(async () => {
    const groupsNow = (await call(request, "GET", "/personalApp/getLabelAppList")).data as { apps: { id: number; favoriteStatus: number }[] }[];
    return groupsNow.flatMap((g) => g.apps).find((a) => a.id === starred)?.favoriteStatus;
  }).toBe(0);
  starred = null;
});

test("an app added in Customize appears in the App centre and is removed again", async ({ page, request }) => {
  await openAppCentre(page, request);
  await page.getByTestId("app-centre-customize").click();
  await expect(page).toHaveURL(/\/main\/appCenterIndex\/customIndex$/);
  await expect(page.getByTestId("custom-my-apps").or(page.getByText("您还没有添加任何应用"))).toBeVisible();

  await page.getByTestId("custom-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("名称").fill(CUSTOM_NAME);
  await dialog.getByLabel("地址", { exact: true }).fill("ftp://nope.example.com");
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(dialog.getByText("请输入以 http:// 或 https:// 开头的地址")).toBeVisible();
  await dialog.getByLabel("地址", { exact: true }).fill("https://e2e-custom.example.com/start");
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByTestId("custom-my-apps").getByRole("listitem").filter({ hasText: CUSTOM_NAME });
  await expect(row).toBeVisible();

  // In the App centre, under its tag.
  await page.getByTestId("custom-back").click();
  await expect(page).toHaveURL(/\/main\/appCenterIndex$/);
  const link = page.getByRole("link", { name: `打开${CUSTOM_NAME}（在新标签页中打开）` });
  await expect(link.first()).toHaveAttribute("href", "https://e2e-custom.example.com/start");
  // Added without a tag, it is in the untagged group.
  await expect(page.getByTestId("app-group-none").getByRole("link", { name: `打开${CUSTOM_NAME}（在新标签页中打开）` })).toBeVisible();

  // Removed in Customize after the confirmation.
  await page.getByTestId("app-centre-customize").click();
  await page.getByRole("button", { name: `移除${CUSTOM_NAME}` }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定移除该应用吗" });
  await confirm.getByRole("button", { name: "移 除" }).click();
  await expect(page.getByTestId("custom-my-apps").getByText(CUSTOM_NAME)).toHaveCount(0);
  await page.getByTestId("custom-back").click();
  await expect(page.getByTestId("app-centre")).toBeVisible();
  await expect(page.getByRole("link", { name: `打开${CUSTOM_NAME}（在新标签页中打开）` })).toHaveCount(0);
});
