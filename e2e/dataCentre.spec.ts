// Issue 6, the Data centre in a real browser with zhangwei's seeded reports: opened from the side
// menu, a report added from an address shown in its sandboxed frame, then removed after the
// confirmation; a data source picked (the ones already in the list disabled), shown read-only in
// its dialog, then removed. Reports are also removed through the API when a step failed half way.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, signInWithSid } from "./support/portal";

const API = "/portal-api";
const REPORT_NAME = `E2E 报表 ${process.pid}`;
/** A seeded data source that zhangwei's seeded reports do not include. */
const SOURCE_NAME = "人员编制 Headcount";
/** One that they do include. */
const PICKED_SOURCE_NAME = "月度销售额 Monthly Sales";

let sid = "";

async function putBack(request: APIRequestContext) {
  if (!sid) return;
  const headers = { sid, Authorization: sid };
  const list = (await (await request.get(`${API}/personalChart/listByUserId`, { headers })).json()) as { data: { id: number; dataName: string }[] | null };
  for (const report of list.data ?? [])
    if (report.dataName === REPORT_NAME || report.dataName === SOURCE_NAME) await request.delete(`${API}/personalChart`, { headers, params: { id: report.id } });
}

test.afterEach(async ({ page, request }) => {
  await putBack(request);
  await endPageSession(page, request);
  sid = "";
});

test("a report added in the Data centre is framed, then removed", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "数据中心" }).click();
  await expect(page).toHaveURL(/\/main\/myDataCenter$/);
  const list = page.getByTestId("data-centre-reports");
  await expect(list).toBeVisible();
  const before = await list.getByRole("listitem").count();
  expect(before).toBeGreaterThan(0); // the seeded reports
  await expect(list.locator("iframe").first()).toHaveAttribute("src", /\/demo-reports\/.+\.html$/);

  await page.getByTestId("data-centre-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "按地址添加" }).click();
  await dialog.getByLabel("名称").fill(REPORT_NAME);
  await dialog.getByLabel("报表地址").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(dialog.getByText("请输入以 http://、https:// 或 / 开头的地址")).toBeVisible();
  await dialog.getByLabel("报表地址").fill("/demo-reports/headcount.html");
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(list.getByRole("listitem")).toHaveCount(before + 1);
  const card = list.getByRole("listitem").filter({ hasText: REPORT_NAME });
  const frame = card.locator("iframe");
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute("title", REPORT_NAME);
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts"); // same origin: no allow-same-origin
  await expect(frame).toHaveAttribute("src", /\/demo-reports\/headcount\.html$/);
  await expect(card.frameLocator("iframe").locator("svg").first()).toBeVisible();
  await expect(card.getByRole("status")).toHaveCount(0); // loading indicator gone once loaded

  await card.getByRole("button", { name: `移除${REPORT_NAME}` }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定移除该报表吗" });
  await confirm.getByRole("button", { name: "移 除" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(before);
  await expect(list.getByText(REPORT_NAME)).toHaveCount(0);
});

test("a data source picked in the Data centre follows its source, then is removed", async ({ page, request }) => {
  sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await page.goto("/main/myDataCenter");
  const list = page.getByTestId("data-centre-reports");
  await expect(list).toBeVisible();
  const before = await list.getByRole("listitem").count();
  expect(before).toBeGreaterThan(0);
  await expect(list.getByRole("listitem").filter({ hasText: SOURCE_NAME })).toHaveCount(0);

  await page.getByTestId("data-centre-add").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("tab", { name: "从数据源选择" })).toHaveAttribute("aria-selected", "true");
  // A source already in the list is shown as added and cannot be picked.
  await expect(dialog.getByRole("radio", { name: PICKED_SOURCE_NAME })).toBeDisabled();
  await expect(dialog.locator("label").filter({ hasText: PICKED_SOURCE_NAME }).getByText("已添加")).toBeVisible();
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("请选择一个尚未添加的数据源");
  await dialog.getByLabel("搜索数据源").fill("Headcount");
  await dialog.getByRole("radio", { name: SOURCE_NAME }).check();
  await dialog.getByRole("button", { name: "保 存" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(list.getByRole("listitem")).toHaveCount(before + 1);
  const card = list.getByRole("listitem").filter({ hasText: SOURCE_NAME });
  await expect(card.getByText("数据源", { exact: true })).toBeVisible();
  const frame = card.locator("iframe");
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute("src", /\/demo-reports\/headcount\.html$/); // the source's address

  // Its dialog shows the source's fields read-only and has nothing to save.
  await card.getByRole("button", { name: `编辑${SOURCE_NAME}` }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByText("该报表跟随其数据源", { exact: false })).toBeVisible();
  await expect(details.getByLabel("名称")).toHaveValue(SOURCE_NAME);
  await expect(details.getByLabel("名称")).not.toBeEditable();
  await expect(details.getByLabel("报表地址")).not.toBeEditable();
  await expect(details.getByRole("button", { name: "保 存" })).toHaveCount(0);
  await details.getByRole("button", { name: "关 闭" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Picked again: now shown as added.
  await page.getByTestId("data-centre-add").click();
  await expect(page.getByRole("dialog").getByRole("radio", { name: SOURCE_NAME })).toBeDisabled();
  await page.getByRole("dialog").getByRole("button", { name: "取 消" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await card.getByRole("button", { name: `移除${SOURCE_NAME}` }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定移除该报表吗" });
  await confirm.getByRole("button", { name: "移 除" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(before);
  await expect(list.getByText(SOURCE_NAME)).toHaveCount(0);
});
