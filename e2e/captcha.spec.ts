// The captcha part of /baseLogin. The e2e server runs with the captcha off, so this spec turns the
// page's view of the setting on (the getPublicKey answer) while every other call stays real.
import { expect, test } from "@playwright/test";

import { STAFF } from "./support/portal";

test.beforeEach(async ({ page }) => {
  await page.route("**/portal-api/sysUserEx/getPublicKey", async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, captchaEnabled: true } } });
  });
});

const challengeOf = (src: string | null) => new URL(src ?? "", "http://x").searchParams.get("challengeId");

test("the captcha image refreshes on click and a failed login clears the code", async ({ page }) => {
  await page.goto("/baseLogin");
  const image = page.getByRole("img", { name: "验证码图片" });
  await expect(image).toBeVisible();
  const first = challengeOf(await image.getAttribute("src"));
  expect(first).toMatch(/^[A-Za-z0-9-]{16,64}$/);
  // The image is the server's real captcha, a PNG (issue 20), and the browser decodes and shows it.
  expect((await page.request.get((await image.getAttribute("src"))!)).headers()["content-type"]).toBe("image/png");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 240, 80]);

  await image.click();
  const second = challengeOf(await image.getAttribute("src"));
  expect(second).not.toBe(first);

  await page.getByLabel("账号").fill(STAFF.userName);
  await page.getByLabel("密码").fill("Wrong@12345");
  await page.getByLabel("验证码", { exact: true }).fill("abcd");
  await page.getByLabel("验证码", { exact: true }).press("Enter");

  await expect(page.getByText(/^登录失败:.+/)).toBeVisible();
  await expect(page.getByLabel("验证码", { exact: true })).toHaveValue("");
  expect(challengeOf(await image.getAttribute("src"))).not.toBe(second);
});
