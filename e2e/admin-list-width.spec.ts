// Admin lists on a 1366x768 laptop (issue 22 item 6): the actions column is fixed to the right,
// and no other column may stay under it. Every column can be scrolled to a place where all of it
// is left of the actions column (the table scrolls sideways as far as its columns are wide), and
// a table wider than its place has its sideways scrollbar in the window, not under the last row
// below the fold (where the columns under the actions column could not be reached by mouse).
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

test.use({ viewport: { width: 1366, height: 768 } });
test.afterEach(async ({ page, request }) => endTestSessions(page, request));

/**
 * For each cell of the first row left of the fixed actions cell: how far it still reaches under
 * the actions at best (scrolled as far right as needed). The body row, not the header: a table
 * whose header sticks is drawn as two tables, and the header follows the body's scroll later.
 */
async function coveredColumns(page: Page) {
  return page.evaluate(() => {
    const holder = document.querySelector<HTMLElement>(".ant-table-body, .ant-table-content");
    const row = document.querySelector<HTMLElement>(".ant-table-tbody tr.ant-table-row");
    const cells = row ? Array.from(row.querySelectorAll<HTMLElement>(":scope > td")) : [];
    const fixed = cells.find((td) => td.classList.contains("ant-table-cell-fix-right"));
    if (!holder || !fixed) return ["no table or no fixed column"];
    const covered: string[] = [];
    cells.forEach((td, i) => {
      if (td === fixed || td.classList.contains("ant-table-selection-column")) return;
      holder.scrollLeft = 0;
      const overlap = td.getBoundingClientRect().right - fixed.getBoundingClientRect().left;
      if (overlap > 0) holder.scrollLeft = overlap;
      const rest = td.getBoundingClientRect().right - fixed.getBoundingClientRect().left;
      if (rest > 1 || td.getBoundingClientRect().width < 24) covered.push(`column ${i + 1}: ${Math.round(rest)}px`);
    });
    holder.scrollLeft = 0;
    return covered;
  });
}

async function openAdmin(page: Page, request: Parameters<typeof apiLogin>[0], path: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(path);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
}

for (const [name, path] of [
  ["users", "/main/sys/user"],
  ["roles", "/main/sys/role"],
  ["applications", "/main/applicationManagement"],
] as const)
  test(`the ${name} list keeps every column readable beside the actions column at 1366x768`, async ({ page, request }) => {
    await openAdmin(page, request, path);
    expect(await coveredColumns(page)).toEqual([]);
    const overflows = await page.evaluate(() => {
      const holder = document.querySelector<HTMLElement>(".ant-table-body, .ant-table-content")!;
      return holder.scrollWidth > holder.clientWidth;
    });
    // Its own scrollbar is at its bottom edge: that edge is in the window.
    if (overflows)
      expect(await page.evaluate(() => document.querySelector(".ant-table-body, .ant-table-content")!.getBoundingClientRect().bottom)).toBeLessThanOrEqual(768);
  });
