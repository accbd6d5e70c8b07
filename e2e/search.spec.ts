// Issue 6, the global search from the top bar (spec 2.6, 3, 7.8, 9) as zhangwei: a Chinese name
// with Enter lands on the employee tab and opens the person's detail, the counts of all eight
// kinds are in the tab labels and agree with the API, an English name is found by its pinyin
// (paging to 100 a page), an exact seeded UPN code opens that record directly, and the top bar
// offers the recent searches.
// zhangwei's search history keeps these texts (the API has no way to delete a search history).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, signInWithSid } from "./support/portal";

const API = "/portal-api";
const KINDS = ["policy", "app", "applied", "pending", "approved", "employee", "upn", "nmpa"] as const;

let sid = "";
test.afterEach(async ({ page, request }) => {
  await endPageSession(page, request);
});

async function searchApi<T>(request: APIRequestContext, path: string, keyword: string, pageSize = 10, pageNo = 1) {
  const answer = await request.post(`${API}/search/${path}`, { headers: { sid, Authorization: sid }, data: { keyword, page: pageNo, pageSize } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { code: number; data: { total: number; records: T[] } };
  expect(body.code).toBe(0);
  return body.data;
}

async function searchFromTopBar(page: Page, text: string) {
  const box = page.getByTestId("header-search").locator("input");
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/main/searchResult\\?searchVal=${encodeURIComponent(text).replace(/%20/g, "\\+")}$`));
}

const tab = (page: Page, kind: string) => page.getByRole("tab").filter({ has: page.getByTestId(`search-tab-${kind}`) });

test("张伟 from the top bar: the employee tab, the counts of every kind, and the detail", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  const employees = await searchApi<{ chineseName: string }>(request, "searchEmployee", "张伟");
  expect(employees.total).toBeGreaterThan(0);
  await signInWithSid(page, sid);

  await searchFromTopBar(page, "张伟");
  await expect(page.getByTestId("search-heading")).toHaveText("“张伟”的搜索结果");
  for (const kind of KINDS) await expect(page.getByTestId(`search-count-${kind}`)).toHaveText(/^\(\d+\)$/);
  await expect(page.getByTestId("search-count-employee")).toHaveText(`(${employees.total})`);
  await expect(tab(page, "employee")).toHaveAttribute("aria-selected", /true|false/);
  await tab(page, "employee").click();
  await expect(tab(page, "employee")).toHaveAttribute("aria-selected", "true");

  const table = page.getByTestId("search-table-employee");
  await expect(table.locator("mark", { hasText: "张伟" }).first()).toBeVisible();
  // Two people are called 张伟 / Zhang Wei: the demo account is employee E100001.
  await table.getByRole("row", { name: /E100001/ }).getByRole("button", { name: "张伟 / Zhang Wei的详情" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText("员工 · 张伟 / Zhang Wei");
  await expect(drawer.getByTestId("search-detail")).toContainText("E100001");
  await expect(drawer.getByTestId("search-detail")).toContainText("zhang.wei@example.com");
  await expect(drawer.getByTestId("search-detail")).toContainText("Product Specialist");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("zhang finds Zhang Wei, and an exact UPN code opens its record", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  const upns = await searchApi<{ upn: string; name: string }>(request, "searchUPNList", "H749", 1);
  expect(upns.records).toHaveLength(1);
  const seeded = upns.records[0];
  // Where Zhang Wei is among the people matching "zhang" (ordered by English name), 100 a page.
  let at = -1;
  for (let pageNo = 1; at < 0 && pageNo <= 30; pageNo++) {
    const found = await searchApi<{ englishName: string; chineseName: string }>(request, "searchEmployee", "zhang", 100, pageNo);
    const index = found.records.findIndex((row) => row.chineseName === "张伟" && row.englishName === "Zhang Wei");
    if (index >= 0) at = (pageNo - 1) * 100 + index;
    if (found.records.length < 100) break;
  }
  expect(at).toBeGreaterThanOrEqual(0);
  await signInWithSid(page, sid);

  await searchFromTopBar(page, "zhang");
  await tab(page, "employee").click();
  const table = page.getByTestId("search-table-employee");
  await expect(table.locator("mark").first()).toBeVisible();
  // Server paging: 100 a page, then the page Zhang Wei is on.
  await table.locator(".ant-pagination-options .ant-select").click();
  await page.getByRole("option", { name: "100 条/页" }).click();
  const pageNo = Math.floor(at / 100) + 1;
  if (pageNo > 1) await table.locator(`.ant-pagination-item[title="${pageNo}"]`).click();
  await expect(table.locator(".ant-pagination-item-active")).toHaveAttribute("title", String(pageNo));
  await expect(table.getByRole("button", { name: "张伟 / Zhang Wei的详情" }).first()).toBeVisible();

  await searchFromTopBar(page, seeded.upn);
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText(`UPN 记录 · ${seeded.upn}`);
  await expect(drawer.getByTestId("search-detail")).toContainText(seeded.name);
  await expect(tab(page, "upn")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("search-count-upn")).toHaveText("(1)");
  await page.keyboard.press("Escape");

  // The top bar offers the recent searches that contain what is typed; picking one searches it.
  const box = page.getByTestId("header-search").locator("input");
  await box.fill("zha");
  const recent = page.locator(".ant-select-item-option", { hasText: /^zhang$/ });
  await expect(recent).toBeVisible();
  await recent.click();
  await expect(page).toHaveURL(/\/main\/searchResult\?searchVal=zhang$/);
  await expect(page.getByTestId("search-heading")).toHaveText("“zhang”的搜索结果");
});

test("Enter searches the typed text, not a recent search that starts with it; the arrow keys still pick one (issue 21)", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await searchFromTopBar(page, "CAPA");
  await expect(page.getByTestId("search-heading")).toHaveText("“CAPA”的搜索结果");

  const box = page.getByTestId("header-search").locator("input");
  // Back to the box as a person does (its focus asks for the recent searches again, now with CAPA).
  await page.getByTestId("search-heading").click();
  await box.click();
  await box.fill("CAP");
  // The recent "CAPA" is offered, and the list makes it active by itself.
  await expect(page.locator(".ant-select-item-option-active", { hasText: /^CAPA$/ })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/main\/searchResult\?searchVal=CAP$/);
  await expect(page.getByTestId("search-heading")).toHaveText("“CAP”的搜索结果");
  await expect(box).toHaveValue("CAP");
  await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toHaveCount(0);

  // Moving to a suggestion with the arrow keys makes Enter search it.
  await box.fill("CA");
  await expect(page.locator(".ant-select-item-option", { hasText: /^CAPA$/ })).toBeVisible();
  const options = await page.locator(".ant-select-item-option").allTextContents();
  await box.press("ArrowDown");
  const active = (await page.locator(".ant-select-item-option-active").textContent()) ?? "";
  expect(options).toContain(active);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/main/searchResult\\?searchVal=${encodeURIComponent(active)}$`));
});

test("a task found by its title shows that title, the words found marked (issue 21: \"Stent\" listed a leave request)", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  const found = await searchApi<{ title: string | null; taskName: string }>(request, "searchPendingApprovalTaskList", "Stent");
  expect(found.total).toBeGreaterThan(0);
  // What the API matched is in the title or the task name of every row.
  for (const row of found.records) expect(`${row.title ?? ""} ${row.taskName}`.toLowerCase()).toContain("stent");
  await signInWithSid(page, sid);
  await searchFromTopBar(page, "Stent");
  await tab(page, "pending").click();
  const table = page.getByTestId("search-table-pending");
  const rows = table.locator("tbody tr.ant-table-row");
  await expect(rows).toHaveCount(Math.min(found.total, 10));
  // Every row shows the word it was found by, marked.
  for (let i = 0; i < (await rows.count()); i++) await expect(rows.nth(i).locator("mark", { hasText: /stent/i }).first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "标题" })).toBeVisible();
});
