// Issue 6, the task centre with zhangwei's seeded tasks (23 pending approvals; received and
// started tasks in every process and approval status): opened from the side menu, the three
// lists, the title filter, the page size, the 10-record batch limit, the hint with none selected
// and the batch queue that opens tasks in new tabs. Nothing is written: only the session ends.
import { expect, test } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, signInWithSid } from "./support/portal";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("zhangwei's task centre: lists, filter, paging, batch limit and queue", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "任务中心" }).click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);

  const centre = page.getByTestId("task-centre");
  const rows = centre.locator(".ant-table-body tbody tr.ant-table-row, .ant-table-tbody tr.ant-table-row");
  const total = centre.locator(".ant-pagination-total-text");
  await expect(total).toHaveText("共 23 条");
  await expect(centre.getByTestId("task-centre-pending-badge")).toContainText("23");
  await expect(rows).toHaveCount(10);
  // The default range is the server's six months, shown in the date picker.
  const range = centre.locator(".ant-picker-range input");
  await expect(range.first()).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(range.nth(1)).toHaveValue(new Date().toLocaleDateString("sv-SE"));
  // A pending task: its labels, and its title opens its own system in a new tab.
  const first = rows.first();
  await expect(first.getByRole("link")).toHaveAttribute("target", "_blank");
  await expect(first.getByRole("link")).toHaveAttribute("href", /^https:\/\/bpm\.example\.com\/form\//);
  await expect(first.getByText(/^(待处理|待分配|处理中)$/)).toBeVisible();
  await expect(first.getByText("审批中")).toBeVisible();

  // Batch with none selected: the hint, no queue.
  await centre.getByRole("button", { name: "批量处理" }).click();
  await expect(page.getByText("请先选择要处理的数据")).toBeVisible();
  await expect(page.getByTestId("task-batch-queue")).toHaveCount(0);

  // Page size 20 (server paging).
  await centre.locator(".ant-pagination-options .ant-select").click();
  await page.getByRole("option", { name: "20 条/页" }).click();
  await expect(rows).toHaveCount(20);
  await expect(total).toHaveText("共 23 条");

  // Ten selected, the 11th refused with the message.
  for (let i = 0; i < 10; i++) await rows.nth(i).locator("input[type=checkbox]").check();
  await expect(centre.getByTestId("task-selection-count")).toHaveText("已选 10 / 10 条");
  await rows.nth(10).locator("input[type=checkbox]").click();
  await expect(page.getByText("批量处理最多只能选择 10 条数据")).toBeVisible();
  await expect(rows.nth(10).locator("input[type=checkbox]")).not.toBeChecked();
  await expect(centre.getByTestId("task-selection-count")).toHaveText("已选 10 / 10 条");

  // The batch queue lists the ten; each opens in a new tab, nothing is approved here.
  await centre.getByRole("button", { name: "批量处理" }).click();
  const queue = page.getByTestId("task-batch-queue");
  await expect(queue.getByRole("link", { name: /在新标签页打开/ })).toHaveCount(10);
  await expect(queue.getByText("已打开 0 / 10 条")).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent("popup"), queue.getByRole("link", { name: /在新标签页打开/ }).first().click()]);
  await popup.close();
  await expect(queue.getByText("已打开 1 / 10 条")).toBeVisible();
  await page.getByRole("button", { name: "完成并刷新列表" }).click();
  await expect(centre.getByTestId("task-selection-count")).toHaveText("已选 0 / 10 条");
  await expect(total).toHaveText("共 23 条"); // still pending: the approval happens in the task's own system

  // Filter by title (two seeded pending tasks are about the Ruijin service contract).
  await centre.getByLabel("标题").fill("瑞金医院");
  await centre.getByRole("button", { name: /查\s?询/ }).click();
  await expect(total).toHaveText("共 2 条");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("瑞金医院设备维保合同");
  await centre.getByRole("button", { name: /重\s?置/ }).click();
  await expect(total).toHaveText("共 23 条");

  // The other lists: processed by me (6 in six months), started by me (4 submitted, 1 draft).
  await centre.getByRole("tab", { name: "我已处理" }).click();
  await expect(total).toHaveText("共 6 条");
  await expect(centre.getByRole("button", { name: "批量处理" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "已驳回" })).toHaveCount(2);
  await centre.getByRole("tab", { name: "我发起的" }).click();
  await expect(total).toHaveText("共 4 条");
  await centre.getByText("未提交").click();
  await expect(total).toHaveText("共 1 条");
  await expect(rows.first()).toContainText("暂存");
  await expect(rows.first()).toContainText("草稿");
});

test("at 1366 px the status columns are in view without scrolling sideways; the column chooser adds one (issue 21)", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "任务中心" }).click();
  const centre = page.getByTestId("task-centre");
  await expect(centre.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(10);
  const table = centre.locator(".ant-table-content");
  const inView = async (name: string) => {
    const box = await centre.getByRole("columnheader", { name, exact: true }).boundingBox();
    const frame = (await table.boundingBox())!;
    return !!box && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1;
  };
  expect(await inView("流程状态")).toBe(true);
  expect(await inView("审批状态")).toBe(true);
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  // Fixed at the right: still in view when the columns chosen make the table scroll sideways.
  await centre.getByTestId("task-column-button").click();
  const chooser = page.getByTestId("task-column-chooser");
  for (const name of ["提醒日期", "开始日期", "结束日期", "完成日期"]) await chooser.getByLabel(name).check();
  await expect(centre.getByRole("columnheader", { name: "完成日期", exact: true })).toBeAttached();
  await page.keyboard.press("Escape");
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
  expect(await inView("审批状态")).toBe(true);
  expect(await inView("标题")).toBe(true);
  // The choice is kept for the person in this browser (a new page of the same context).
  await page.reload();
  await expect(centre.getByRole("columnheader", { name: "完成日期", exact: true })).toBeAttached();
  await centre.getByTestId("task-column-button").click();
  await page.getByTestId("task-column-chooser").getByRole("button", { name: "恢复默认列" }).click();
  await expect(centre.getByRole("columnheader", { name: "完成日期", exact: true })).toHaveCount(0);
});

test("the filter and its results survive a visit to another tab (issue 21: keep-alive reset the form)", async ({ page, request }) => {
  await signInWithSid(page, await apiLogin(request, STAFF.userName, STAFF.password));
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "任务中心" }).click();
  const centre = page.getByTestId("task-centre");
  const total = centre.locator(".ant-pagination-total-text");
  await expect(total).toHaveText("共 23 条");
  await centre.getByLabel("标题").fill("差旅");
  await centre.getByRole("button", { name: /查\s?询/ }).click();
  await expect(total).not.toHaveText("共 23 条");
  const filtered = await total.textContent();
  const rows = await centre.locator(".ant-table-tbody tr.ant-table-row").count();

  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "日程中心" }).click();
  await expect(page.getByTestId("schedule")).toBeVisible();
  await page.getByTestId("tab-bar").getByRole("tab", { name: "任务中心", exact: true }).click();
  await expect(centre).toBeVisible();
  await expect(centre.getByLabel("标题")).toHaveValue("差旅");
  await expect(total).toHaveText(filtered!);
  await expect(centre.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(rows);
});
