// The help centre (issue 6, spec 2.6, 7.7) as 张伟 uses it: the side menu opens it; the recommended
// tags of his department with their published policies; the folder tree; a policy's detail with its
// sanitized content; a search that lands in the list, opens a result and comes back to the list;
// and the recent search offered on the home afterwards.
// The search adds "VPN" to 张伟's search history; the contract has no call that removes a history
// entry, so it stays in this run's throwaway database.
import { expect, test } from "@playwright/test";

import { STAFF, apiLogin, endPageSession, signInWithSid } from "./support/portal";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

const VPN = "VPN 远程接入指南 VPN Remote Access Guide";

test("help centre: tags, folders, a policy's detail, search and history", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);

  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "帮助中心" }).click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  const home = page.getByTestId("help-home");

  // 张伟's department (cardiology) recommends 法规, 销售 and 培训 (ordered by the tags' sort).
  const tags = home.getByRole("group", { name: "推荐标签" });
  await expect(tags.getByRole("button")).toHaveText(["法规", "销售", "培训"]);
  await expect(tags.getByRole("button", { name: "法规" })).toHaveAttribute("aria-pressed", "true");
  await expect(home.getByRole("region", { name: "标签“法规”下的制度" }).getByRole("link").first()).toBeVisible();
  await tags.getByRole("button", { name: "销售" }).click();
  await expect(tags.getByRole("button", { name: "销售" })).toHaveAttribute("aria-pressed", "true");
  await expect(home.getByRole("region", { name: "标签“销售”下的制度" }).getByRole("link", { name: "客户投诉处理 Customer Complaint Handling" })).toBeVisible();

  // The folder tree with published titles only (the archive holds hidden ones and is left out).
  const folders = home.getByTestId("help-folders");
  await expect(folders.getByRole("link", { name: "IT 指南 IT Guides" })).toBeVisible();
  await expect(folders.getByText("历史归档 Archive")).toHaveCount(0);
  await folders.getByRole("link", { name: VPN }).click();

  await expect(page).toHaveURL(/\/main\/helpDetail\?id=\d+$/);
  const detail = page.getByTestId("help-detail");
  await expect(detail.getByRole("heading", { name: VPN })).toBeVisible();
  await expect(detail.getByText("5.2.0")).toBeVisible();
  const content = detail.getByTestId("help-content");
  await expect(content.getByRole("heading", { name: "VPN Remote Access Guide" })).toBeVisible();
  await expect(content.locator("script, [onerror], [onclick]")).toHaveCount(0);

  // Back home, search: the list, a result, and back to the list.
  await detail.getByRole("button", { name: /返回帮助中心/ }).click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  const box = home.getByRole("searchbox", { name: "搜索内容" });
  await box.fill("VPN");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/main\/helpCenterInfo\?keyword=VPN$/);
  const list = page.getByTestId("help-list");
  await expect(list.getByRole("heading", { name: "“VPN”的搜索结果" })).toBeVisible();
  await list.getByRole("link", { name: VPN }).click();
  await expect(page.getByTestId("help-detail").getByRole("heading", { name: VPN })).toBeVisible();
  await page.getByTestId("help-detail").getByRole("button", { name: /返回列表/ }).click();
  await expect(page).toHaveURL(/\/main\/helpCenterInfo\?keyword=VPN$/);
  await expect(list.getByRole("link", { name: VPN })).toBeVisible();

  // The home offers the recent search, and a click on it searches again.
  await page.getByRole("navigation", { name: "当前位置" }).getByRole("link", { name: "帮助中心" }).click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  const chip = home.getByTestId("help-history").getByRole("button", { name: "VPN" });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(/\/main\/helpCenterInfo\?keyword=VPN$/);
});
