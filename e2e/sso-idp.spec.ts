// Single sign-on with an identity provider the portal did not write, behind a stock nginx (issue 19):
// Debian's python3-pysaml2 signs the person in (assertion signed, as Entra ID and ADFS do, with 150
// group claims: a response of over 40 KB), the browser posts it to the ACS through nginx with its
// default buffers, and lands signed in on the page it asked for. Then single logout through the IdP.
// This spec runs its own portal (PUBLIC_URL = nginx's origin, the SAML_* settings of that IdP).
import crypto from "node:crypto";
import { expect, test, type Response } from "@playwright/test";

import { makeIdpKey, startPysaml2Idp, type Pysaml2Idp } from "../server/test/support/pysaml2";
import { startNginx, type Nginx } from "./support/nginx";
import { freePort, startPortalServer, type PortalServer } from "./support/portalServer";
import { STAFF, confirmLogout, gotoLeaving, sessionValue } from "./support/portal";

const GROUPS = "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups";
const IDP_ENTITY_ID = "https://idp.pysaml2.test/idp";
/** A stock nginx's default buffer for one header line / an upstream answer's headers. */
const NGINX_BUDGET = 4096;

let portal: PortalServer | undefined;
let nginx: Nginx | undefined;
let idp: Pysaml2Idp | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000); // a second server creates and seeds its database
  const [portalPort, nginxPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  const key = makeIdpKey("pysaml2 e2e IdP");
  portal = await startPortalServer(portalPort, {
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    SAML_IDP_SSO_URL: `${idpOrigin}/sso`,
    SAML_IDP_SLO_URL: `${idpOrigin}/slo`,
    SAML_IDP_ISSUER: IDP_ENTITY_ID,
    SAML_IDP_CERT: key.certPem,
    DEMO_SEED_TIME: process.env.E2E_SEED_TIME ?? new Date().toISOString(),
  });
  nginx = await startNginx(nginxPort, portalPort);
  // The IdP administrator's step: import the portal's metadata (fetched through the proxy).
  const metadata = await fetch(`${nginx.origin}/portal-api/sso/metadata`);
  expect(metadata.ok).toBe(true);
  idp = await startPysaml2Idp({
    entityId: IDP_ENTITY_ID,
    baseUrl: idpOrigin,
    port: idpPort,
    spMetadata: await metadata.text(),
    keys: { idp: key },
    webUser: {
      nameId: "ZhangWei", // the IdP's spelling; the portal matches user names without regard to case
      attributes: { [GROUPS]: Array.from({ length: 150 }, () => `${crypto.randomUUID()}-${crypto.randomUUID()}-portal-group`) },
      signAssertion: true,
    },
  });
});

test.afterAll(async () => {
  await idp?.close();
  await nginx?.stop();
  await portal?.stop();
});

test("signed out on /main/missionCenterIndex, signed in there through pysaml2 and nginx; single logout back through the IdP", async ({ page }) => {
  const origin = nginx!.origin;
  const seen: { url: string; status: number; headerBytes: number; from: string }[] = [];
  page.on("response", async (res: Response) => {
    const headers = await res.allHeaders().catch(() => ({}));
    seen.push({ url: res.url(), status: res.status(), headerBytes: JSON.stringify(headers).length, from: new URL(res.url()).origin });
  });
  let posted = 0;
  page.on("request", (req) => {
    if (req.url().endsWith("/portal-api/sysUserEx/ssoAcs")) posted = req.postDataBuffer()?.length ?? 0;
  });

  // The ACS's own answer, as nginx passed it on (a 502 when an upstream header outgrows its buffer).
  const acsAnswer = page.waitForResponse((r) => r.url().endsWith("/portal-api/sysUserEx/ssoAcs"), { timeout: 90_000 });
  await gotoLeaving(page, `${origin}/main/missionCenterIndex`);
  expect((await acsAnswer).status()).toBe(303);
  await expect(page).toHaveURL(`${origin}/main/missionCenterIndex`);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  expect(await sessionValue(page, "sid")).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.parse((await sessionValue(page, "userInfo")) ?? "{}")).toMatchObject({ userName: STAFF.userName });

  // Over 40 KB went through nginx in the POST; every address and header of the flow stayed small.
  expect(posted).toBeGreaterThan(40_000);
  const acs = seen.find((r) => r.url.endsWith("/portal-api/sysUserEx/ssoAcs"));
  expect(acs?.status).toBe(303);
  expect(seen.filter((r) => r.status >= 500)).toEqual([]);
  for (const r of seen) {
    expect([r.url.slice(0, 80), r.url.length < NGINX_BUDGET]).toEqual([r.url.slice(0, 80), true]);
    expect([r.url.slice(0, 80), r.headerBytes < NGINX_BUDGET]).toEqual([r.url.slice(0, 80), true]);
  }
  // The one-time code left the address at once, and the history entry was replaced.
  expect(await page.evaluate(() => window.location.search)).not.toContain("code=");
  expect(nginx!.errors()).not.toMatch(/too big header|upstream sent too big/);

  // Single logout: the portal's logout sends the browser to the IdP, which returns it to /loginCopy.
  const sid = await sessionValue(page, "sid");
  await page.getByTestId("header-real-name").click();
  await page.getByRole("menuitem", { name: /退出登录|注销/ }).click();
  await confirmLogout(page); // the header's log-out asks first (issue 21)
  await expect(page).toHaveURL(`${origin}/loginCopy`);
  expect(seen.some((r) => r.url.startsWith(`http://127.0.0.1:${idp!.port}/slo?SAMLRequest=`))).toBe(true);
  const after = await page.request.get(`${origin}/portal-api/sysUserEx/getUserInfo`, { headers: { sid: sid! } });
  expect(after.status()).toBe(401);
});
