// Issue 22, item 6, on 制度与知识 (/knowledgeIndex): the Excel export takes exactly the rows the
// list shows (the chosen folder included: a one-policy folder exported every policy), and at
// 1366x768 a policy's status is in view, not under the fixed actions column.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

type Folder = { id: number; folderName: string; children?: Folder[] };

async function policyTotal(request: APIRequestContext, sid: string, filter: Record<string, unknown>) {
  const res = await request.post(`${API}/bscPolicy/page`, { headers: { sid }, data: { ...filter, page: 1, pageSize: 10 } });
  return ((await res.json()) as { data: { total: number } }).data.total;
}

test("the export takes the chosen folder's rows, and the status is in view at 1366x768", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);

  // A root folder holding some policies but not all of them (the seed has several).
  const all = await policyTotal(request, sid, {});
  const roots = ((await (await request.get(`${API}/bscFolder`, { headers: { sid } })).json()) as { data: Folder[] }).data;
  let chosen: { folder: Folder; total: number } | null = null;
  for (const folder of roots) {
    const total = await policyTotal(request, sid, { folderId: folder.id });
    if (total > 0 && total < all) {
      chosen = { folder, total };
      break;
    }
  }
  expect(chosen, "a seeded folder with some of the policies").not.toBeNull();
  const { folder, total } = chosen!;

  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 30_000 });
  await page.goto("/main/knowledgeIndex");
  await expect(page.getByRole("button", { name: "全部文件夹" })).toBeVisible({ timeout: 60_000 });
  // Every row's status lies left of the fixed actions column, inside the table's view (all folders).
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const view = (await page.locator(".ant-table-content, .ant-table-body").first().boundingBox())!;
  for (let i = 0; i < (await rows.count()); i++) {
    const status = (await rows.nth(i).getByTestId("policy-status").boundingBox())!;
    const actions = (await rows.nth(i).locator("td.ant-table-cell-fix-right").boundingBox())!;
    expect(status.x + status.width, `row ${i + 1}'s status beside the actions`).toBeLessThanOrEqual(actions.x);
    expect(status.x).toBeGreaterThanOrEqual(view.x);
  }

  await page.locator(".ant-tree").getByText(folder.folderName, { exact: true }).click();
  await expect(page.getByText(`“${folder.folderName}”中的政策`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`共 ${total} 条`)).toBeVisible({ timeout: 30_000 });

  // The export counts the list's rows, not every policy.
  await page.getByRole("button", { name: "导出 Excel" }).click();
  await expect(page.locator(".ant-message-notice").filter({ hasText: `已导出 ${total} 行` })).toBeVisible({ timeout: 60_000 });
});
