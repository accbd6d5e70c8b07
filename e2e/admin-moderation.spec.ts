// Complaint and comment moderation and privacy-policy versions in the admin shell (issue 7, spec
// 2.3 /roastList, /firstRoast, /commentList, /commentDetail, /privacyPolicyList, /privacyPolicyAdd;
// spec 4 review, spec 5 deleting a comment deletes its replies). A staff user posts through the
// API; the administrator approves, rejects, replies and deletes in the screens; each step is
// checked through the API as the staff user sees it. Then a new privacy version is published,
// accepted, and counted.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, apiLogout, endTestSessions } from "./support/portal";

const API = "/portal-api";
const OK = /^确\s?定$/;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

/** Signs the administrator in and opens a screen, waiting for its heading. */
async function openAdmin(page: Page, request: APIRequestContext, route: string, heading: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(route);
  // The first load of the admin chunks on a busy 2-core machine: allow it more than a step.
  await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: 45_000 });
}

const headers = (sid: string) => ({ sid, Authorization: sid });

async function post(request: APIRequestContext, sid: string, data: Record<string, unknown>): Promise<number> {
  const answer = await request.post(`${API}/helpcenterTalkShow`, { headers: headers(sid), data });
  const body = (await answer.json()) as { code: number; data: { id: number; reviewStatus: number } };
  expect(body.code).toBe(0);
  return body.data.id;
}

/** The staff user's own view of a complaint on the help-centre board. */
async function boardRow(request: APIRequestContext, sid: string, content: string) {
  const answer = await request.post(`${API}/helpcenterTalkShow/pageTalkShow`, { headers: headers(sid), data: { pageSize: 100, mine: true } });
  const body = (await answer.json()) as { data: { records: { content: string; reviewStatus: number; rejectReason: string | null; replies: unknown[] }[] } };
  return body.data.records.find((r) => r.content === content);
}

const tableRow = (page: Page, text: string) => page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: text });

test("the administrator approves and rejects pending complaints in the review queue", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const approveMe = `审核通过测试 ${tag}：食堂晚餐太早结束`;
  const rejectMe = `审核驳回测试 ${tag}：无具体内容`;
  const staff = await apiLogin(request, STAFF.userName, STAFF.password);
  await post(request, staff, { content: approveMe });
  await post(request, staff, { content: rejectMe });
  expect((await boardRow(request, staff, approveMe))?.reviewStatus).toBe(0);

  await openAdmin(page, request, "/main/roastList", "吐槽管理");
  // The review switch is on (new complaints wait for review).
  await expect(page.getByRole("switch", { name: "新吐槽与回复需审核" })).toBeChecked({ timeout: 30_000 });

  // Filter to this run's complaints, pending ones.
  await page.getByRole("search").getByLabel("内容").fill(tag);
  await page.getByRole("combobox", { name: /审核状态/ }).click();
  await page.locator(".ant-select-item-option").getByText("待审核", { exact: true }).click();
  await page.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2);

  // Approve one (asked first).
  await tableRow(page, approveMe).getByRole("button", { name: /通\s?过/ }).click();
  await page.getByRole("tooltip").getByRole("button", { name: OK }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  await expect(tableRow(page, approveMe)).toHaveCount(0); // no longer pending
  await expect.poll(async () => (await boardRow(request, staff, approveMe))?.reviewStatus).toBe(1);

  // Reject the other: a reason is required.
  await tableRow(page, rejectMe).getByRole("button", { name: /驳\s?回/ }).click();
  const rejectDialog = page.getByRole("dialog", { name: "驳回内容" });
  await rejectDialog.getByRole("button", { name: /驳\s?回/ }).click();
  await expect(rejectDialog.getByText("请填写驳回原因")).toBeVisible();
  await rejectDialog.getByLabel(/驳回原因/).fill("请具体描述问题和发生时间");
  await rejectDialog.getByRole("button", { name: /驳\s?回/ }).click();
  await expect(rejectDialog).toHaveCount(0);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(0);
  await expect.poll(async () => (await boardRow(request, staff, rejectMe))?.rejectReason).toBe("请具体描述问题和发生时间");

  await apiLogout(request, staff);
});

test("the administrator replies to a complaint, reviews a comment, and deletes the complaint with its replies", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const approveMe = `回复与删除测试 ${tag}：食堂晚餐太早结束`;
  const staff = await apiLogin(request, STAFF.userName, STAFF.password);
  const complaint = await post(request, staff, { content: approveMe });
  // Published (as the review queue above does it), so that it can be replied to.
  const reviewer = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const checked = await request.post(`${API}/talkShow/checkTalkShow`, { headers: headers(reviewer), data: { id: complaint, reviewStatus: 1 } });
  expect(((await checked.json()) as { code: number }).code).toBe(0);
  await apiLogout(request, reviewer);

  // A staff reply (pending) arrives; the admin posts an official reply.
  const staffReply = `员工回复 ${tag}`;
  await post(request, staff, { content: staffReply, parentId: complaint });
  await openAdmin(page, request, `/main/firstRoast/${complaint}`, "吐槽详情");
  await expect(page.getByTestId("talkshow-content")).toHaveText(approveMe);
  const official = `官方回复 ${tag}：已反馈后勤部门`;
  await page.getByLabel("官方回复").fill(official);
  await page.getByRole("button", { name: "发表回复" }).click();
  await expect(tableRow(page, official)).toContainText("已通过");
  await expect(tableRow(page, staffReply)).toContainText("待审核");

  // The comment list shows both replies; approve the staff one there, then open it.
  await page.goto("/main/commentList");
  await expect(page.getByRole("heading", { name: "评论管理" })).toBeVisible({ timeout: 45_000 });
  await page.getByRole("search").getByLabel("内容").fill(tag);
  await page.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2);
  await tableRow(page, staffReply).getByRole("button", { name: /通\s?过/ }).click();
  await page.getByRole("tooltip").getByRole("button", { name: OK }).click();
  await expect(tableRow(page, staffReply)).toContainText("已通过");
  await tableRow(page, staffReply).getByRole("link", { name: "查看", exact: true }).click();
  await expect(page).toHaveURL(/\/main\/commentDetail\/\d+$/);
  await expect(page.getByRole("heading", { name: "评论详情" })).toBeVisible();
  await expect(page.getByTestId("talkshow-content").first()).toHaveText(staffReply);
  await expect(page.getByTestId("talkshow-content").nth(1)).toHaveText(approveMe);
  expect((await boardRow(request, staff, approveMe))?.replies).toHaveLength(2);

  // Delete the complaint: the confirmation says its 2 replies go with it.
  await page.getByRole("link", { name: "查看吐槽" }).click();
  await expect(page).toHaveURL(new RegExp(`/main/firstRoast/${complaint}$`));
  await page.getByRole("button", { name: /删\s?除/ }).first().click();
  const confirm = page.getByRole("tooltip");
  await expect(confirm).toContainText("它的 2 条回复也会一起删除");
  await confirm.getByRole("button", { name: OK }).click();
  await expect(page).toHaveURL(/\/main\/roastList(\?.*)?$/);
  await expect.poll(async () => boardRow(request, staff, approveMe)).toBeUndefined();
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const replies = await request.post(`${API}/talkShow/pageTalkShow`, { headers: headers(admin), data: { content: tag } });
  expect(((await replies.json()) as { data: { total: number } }).data.total).toBe(0);
  await apiLogout(request, admin);
  await apiLogout(request, staff);
});

test("the review switch turns review off and on again, asking first", async ({ page, request }) => {
  await openAdmin(page, request, "/main/roastList", "吐槽管理");
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible({ timeout: 30_000 });
  const toggle = page.getByRole("switch", { name: "新吐槽与回复需审核" });
  // The first load of the page on a busy machine can take a while: allow it more than a step.
  await expect(toggle).toBeChecked({ timeout: 30_000 });
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: OK }).click();
  await expect(toggle).not.toBeChecked();
  const staff = await apiLogin(request, STAFF.userName, STAFF.password);
  const content = `无需审核 ${Date.now().toString(36)}`;
  const answer = await request.post(`${API}/helpcenterTalkShow`, { headers: headers(staff), data: { content } });
  expect(((await answer.json()) as { data: { reviewStatus: number } }).data.reviewStatus).toBe(1);
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: OK }).click();
  await expect(toggle).toBeChecked();
  // Clean up the published complaint through the screen (asked first).
  await page.getByRole("search").getByLabel("内容").fill(content);
  await page.getByRole("button", { name: /查\s?询/ }).click();
  await tableRow(page, content).getByRole("button", { name: /删\s?除/ }).click();
  await expect(page.getByRole("tooltip")).toContainText("它的 0 条回复也会一起删除");
  await page.getByRole("tooltip").getByRole("button", { name: OK }).click();
  await expect(tableRow(page, content)).toHaveCount(0);
  await apiLogout(request, staff);
});

/** Every demo account accepts the current version (what their first-login dialog would do). */
async function demoAccountsAcceptCurrent(request: APIRequestContext) {
  const current = await request.get(`${API}/bscPrivacyPolicy`);
  const version = ((await current.json()) as { data: { policyVersion: string } | null }).data?.policyVersion;
  if (!version) return;
  for (const user of [ADMIN, STAFF, EDITOR]) {
    const sid = await apiLogin(request, user.userName, user.password);
    const info = await request.get(`${API}/sysUserEx/getUserInfo`, { headers: headers(sid) });
    const { data } = (await info.json()) as { data: { id: number } };
    await request.post(`${API}/personalStatusRecord`, { headers: headers(sid), data: { userId: data.id, privacyStatus: 1, privacyVersion: version } });
    await apiLogout(request, sid);
  }
}

test("publishing a new privacy-policy version asks everyone again and counts who accepted", async ({ page, request }) => {
  // Whatever happens here, the specs that run later find the demo accounts on the current version.
  try {
    await publishAndCount(page, request);
  } finally {
    await demoAccountsAcceptCurrent(request);
  }
});

async function publishAndCount(page: Page, request: APIRequestContext) {
  await openAdmin(page, request, "/main/privacyPolicyList", "隐私政策");
  const current = tableRow(page, "1.0.0");
  await expect(current).toContainText("当前版本");
  // Everyone on 1.0.0 so far: the three demo accounts and whoever earlier specs created.
  const before = Number(await current.getByTestId("accepted-count").innerText());
  expect(before).toBeGreaterThanOrEqual(3);
  await current.getByRole("button", { name: "查看全文：版本 1.0.0" }).click();
  await expect(page.getByRole("dialog", { name: "隐私政策 1.0.0" })).toContainText("Employee portal privacy policy");
  await page.getByRole("dialog").getByRole("button", { name: /关\s?闭/ }).click();

  await page.getByRole("button", { name: "发布新版本" }).click();
  await expect(page).toHaveURL(/\/main\/privacyPolicyAdd$/);
  await expect(page.getByText("所有用户（包括您自己）都需要重新阅读并同意")).toBeVisible();
  const version = page.getByLabel("版本号");
  await expect(version).toHaveValue("1.0.1"); // suggested: the current one, z + 1
  await version.fill("1.0");
  await page.getByRole("button", { name: /发\s?布/ }).click();
  await expect(page.getByText("版本号格式为 x.y.z")).toBeVisible();
  await version.fill("1.0.0");
  await page.getByRole("button", { name: /发\s?布/ }).click();
  await expect(page.getByText("版本号须高于当前版本 1.0.0")).toBeVisible();
  await version.fill("1.1.0");
  const content = page.getByLabel("政策内容");
  await expect(content).toHaveValue(/Employee portal privacy policy/);
  await content.fill("员工门户隐私政策 1.1.0\n新增：工作台布局数据保留 12 个月。");
  await page.getByRole("button", { name: /发\s?布/ }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定发布隐私政策 1.1.0 吗？" });
  await expect(confirm).toContainText("包括您自己");
  await confirm.getByRole("button", { name: "确定发布" }).click();

  // Back on the list, the administrator too must accept the new version first.
  await expect(page).toHaveURL(/\/main\/privacyPolicyList$/);
  const privacy = page.getByRole("dialog").filter({ has: page.getByTestId("privacy-text") });
  await expect(privacy).toBeVisible();
  await expect(privacy.getByTestId("privacy-text")).toHaveValue(/1\.1\.0/);
  await privacy.getByTestId("privacy-accept").click();
  await expect(privacy).toBeHidden();
  await page.getByRole("button", { name: /刷\s?新/ }).click();
  await expect(tableRow(page, "1.1.0")).toContainText("当前版本");
  await expect(tableRow(page, "1.1.0").getByTestId("accepted-count")).toHaveText("1");
  await expect(tableRow(page, "1.0.0").getByTestId("accepted-count")).toHaveText(String(before - 1));

  // The two staff accounts accept (as their first-login dialog would): the counts follow. This
  // also leaves every demo account on the current version for the specs that run later.
  for (const user of [STAFF, EDITOR]) {
    const sid = await apiLogin(request, user.userName, user.password);
    const info = await request.get(`${API}/sysUserEx/getUserInfo`, { headers: headers(sid) });
    const { data } = (await info.json()) as { data: { id: number } };
    const saved = await request.post(`${API}/personalStatusRecord`, { headers: headers(sid), data: { userId: data.id, privacyStatus: 1, privacyVersion: "1.1.0" } });
    expect(((await saved.json()) as { code: number }).code).toBe(0);
    await apiLogout(request, sid);
  }
  await page.getByRole("button", { name: /刷\s?新/ }).click();
  await expect(tableRow(page, "1.1.0").getByTestId("accepted-count")).toHaveText("3");
  await expect(tableRow(page, "1.0.0").getByTestId("accepted-count")).toHaveText(String(before - 3));
}
