// User complaints (issue 6, spec 4, 5, 7.7): 张伟 posts one, sees it "待审核" (pending review); the
// administrator approves it through the API; after a reload it is published, and 李娜 sees it too;
// a vote toggles (the same vote again removes it); 张伟 deletes it after confirming. The complaint is
// deleted through the API if the test stops before that.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, apiLogout, endPageSession, signInWithSid } from "./support/portal";

const API = "/portal-api";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

async function postComplaint(page: Page, text: string): Promise<{ id: number; reviewStatus: number }> {
  await page.getByRole("textbox", { name: "吐槽内容" }).fill(text);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `${API}/helpcenterTalkShow`);
  await page.getByRole("button", { name: "发 布" }).click();
  const body = (await (await answer).json()) as { code: number; data: { id: number; reviewStatus: number } };
  expect(body.code).toBe(0);
  return body.data;
}

test("complaints: pending review, approval, votes and delete", async ({ page, request, browser, baseURL }) => {
  const staffSid = await apiLogin(request, STAFF.userName, STAFF.password);
  const adminSid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const linaSid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  const text = `E2E 吐槽：会议室投影仪经常连不上 ${Date.now()}`;
  let id: number | null = null;
  let deleted = false;
  const linaContext = await browser.newContext({ baseURL, locale: "zh-CN" });
  try {
    await signInWithSid(page, staffSid, "teasingList");
    await expect(page).toHaveURL(/\/main\/teasingList$/);

    const created = await postComplaint(page, text);
    id = created.id;
    expect(created.reviewStatus).toBe(0);
    const row = page.getByTestId(`complaint-${id}`);
    await expect(row).toContainText(text);
    await expect(row.getByTestId(`pending-${id}`)).toHaveText("待审核");
    await expect(row.getByTestId(`like-${id}`)).toBeDisabled();

    // 李娜 does not see it while it waits for review.
    const linaPage = await linaContext.newPage();
    await signInWithSid(linaPage, linaSid, "teasingList");
    await expect(linaPage.getByTestId("complaints").getByText(text)).toHaveCount(0);

    // The administrator approves it (spec 7.5 checkTalkShow).
    const check = await request.post(`${API}/talkShow/checkTalkShow`, {
      headers: { sid: adminSid, Authorization: adminSid },
      data: { id, reviewStatus: 1 },
    });
    expect(check.ok()).toBe(true);
    expect(((await check.json()) as { code: number }).code).toBe(0);

    await page.reload();
    await expect(row).toContainText(text);
    await expect(row.getByTestId(`pending-${id}`)).toHaveCount(0);
    await linaPage.reload();
    await expect(linaPage.getByTestId(`complaint-${id}`)).toContainText(text);
    await linaPage.close();

    // One vote per user: like, like again removes it, dislike.
    const like = row.getByTestId(`like-${id}`);
    const dislike = row.getByTestId(`dislike-${id}`);
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(like).toHaveText("0");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toHaveText("1");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(like).toHaveText("0");
    await dislike.click();
    await expect(dislike).toHaveAttribute("aria-pressed", "true");
    await expect(dislike).toHaveText("1");
    await expect(like).toHaveText("0");
    await page.reload();
    await expect(row.getByTestId(`dislike-${id}`)).toHaveAttribute("aria-pressed", "true");

    // Delete after confirming: Cancel keeps it, Delete removes it.
    await row.getByRole("button", { name: /删\s*除/ }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("确定删除这条吐槽吗？");
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: /删\s*除/ }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /删\s*除/ }).click();
    await expect(row).toHaveCount(0);
    deleted = true;
  } finally {
    await linaContext.close();
    if (id !== null && !deleted) {
      await request.delete(`${API}/helpcenterTalkShow`, { params: { id }, headers: { sid: staffSid, Authorization: staffSid } });
    }
    await apiLogout(request, adminSid);
    await apiLogout(request, linaSid);
  }
});
