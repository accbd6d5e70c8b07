import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyRedirectSignature } from "../src/devIdp/request.ts";
import { HANDOFF_TTL_MS } from "../src/lib/saml/handoff.ts";
import { serviceProvider } from "../src/lib/saml/sp.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { b64, form, fullySigned, hiddenValue, idpKey, optionsFor, postAcs, redeem, requestXml, signInThroughAcs, startSignOn } from "./samlFixtures.ts";

// Single sign-on through the development IdP, and the assertion consumer's hand-off to /relogin
// (issue 19 item 1): the ACS validates the posted response and answers a short address with a
// one-time code bound to the browser by a cookie; no SAML message ever travels in an address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const userOf = async (sid: string) => (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data;
/** 4 KB: a stock nginx's proxy_buffer_size for the answer's headers, its large_client_header_buffers line for a request. */
const NGINX_BUDGET = 4096;

describe("single sign-on through the development IdP", () => {
  it("ssoLogin -> devIdp/sso -> devIdp/respond -> ssoAcs (validates, 303 with a code) -> ssoCodeLogin -> a working sid", async () => {
    const start = await t.call("GET", "/sysUserEx/ssoLogin", { query: { route: "missionCenterIndex" } });
    expect(start.statusCode).toBe(200);
    const { content, data, result } = start.json();
    expect(result).toBe("0");
    expect(data).toBe(content);
    expect(content).toMatch(/^\/portal-api\/devIdp\/sso\?SAMLRequest=.+&RelayState=missionCenterIndex&SigAlg=.+&Signature=.+/);
    expect(content.length).toBeLessThan(NGINX_BUDGET);

    const page = await t.app.inject({ method: "GET", url: content });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Development identity provider");
    expect(page.body).toContain("开发身份提供方");
    for (const u of ["admin", "zhangwei", "lina"]) expect(page.body).toContain(`value="${u}"`);

    const posted = await t.app.inject({
      method: "POST",
      url: "/portal-api/devIdp/respond",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ userName: "zhangwei", SAMLRequest: hiddenValue(page.body, "SAMLRequest"), RelayState: hiddenValue(page.body, "RelayState") }),
    });
    expect(posted.statusCode).toBe(200);
    const action = posted.body.match(/<form method="post" action="([^"]+)"/)![1];
    expect(action).toBe("/portal-api/sysUserEx/ssoAcs");
    const samlResponse = hiddenValue(posted.body, "SAMLResponse")!;
    const xml = Buffer.from(samlResponse, "base64").toString("utf8");
    // Both the response and its assertion carry a signature, with the dev IdP's certificate in KeyInfo.
    expect(xml.match(/<ds:Signature /g)).toHaveLength(2);
    expect(xml).toContain("<ds:X509Certificate>");

    const acs = await postAcs(t, samlResponse, hiddenValue(posted.body, "RelayState"));
    expect(acs.res.statusCode).toBe(303);
    expect(acs.url.pathname).toBe("/relogin");
    expect([...acs.url.searchParams.keys()].sort()).toEqual(["code", "route"]);
    expect(acs.url.searchParams.get("route")).toBe("missionCenterIndex");
    expect(acs.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(acs.location).not.toContain(samlResponse.slice(0, 40));
    expect(acs.res.headers["cache-control"]).toBe("no-store");
    expect(acs.setCookie).toMatch(/^portal_sso_[0-9a-f]{16}=[A-Za-z0-9_-]{43}; Path=\/portal-api\/sysUserEx\/ssoCodeLogin; Max-Age=60; HttpOnly; SameSite=Lax$/);

    const res = await redeem(t, acs.code!, acs.cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/Max-Age=0/);
    const sid = res.json().data.sid;
    expect(sid).toMatch(/^[0-9a-f]{64}$/);
    expect(await userOf(sid)).toMatchObject({ userName: "zhangwei", roleCode: "staff" });
    const login = await t.call("GET", "/api/user/query/login/", { sid });
    expect(login.json().data).toMatchObject({ loginType: "saml" });
  });

  it("webSSO answers the IdP address with a signed AuthnRequest, its id stored for InResponseTo", async () => {
    const res = await t.call("GET", "/sysUserEx/webSSO", { query: { route: "teasingList" } });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data, "http://x");
    expect(url.searchParams.get("RelayState")).toBe("teasingList");
    const sp = await serviceProvider(t.app);
    const q = Object.fromEntries(url.searchParams) as any;
    expect(() => verifyRedirectSignature(q, sp.signing.publicPem)).not.toThrow();
    expect(() => verifyRedirectSignature({ ...q, RelayState: "workingSpace" }, sp.signing.publicPem)).toThrow();
    const id = requestXml(q.SAMLRequest).match(/ ID="([^"]+)"/)![1];
    const { rows } = await t.sql.query("SELECT id FROM sso_saml_request WHERE id = $1", [id]);
    expect(rows).toHaveLength(1);
  });

  it("refuses an unknown route on webSSO (contract) and drops a foreign RelayState at the ACS", async () => {
    expect((await t.call("GET", "/sysUserEx/webSSO", { query: { route: "https://evil.example" } })).statusCode).toBe(400);
    const { requestId } = await startSignOn(t);
    const acs = await postAcs(t, b64(fullySigned(optionsFor(t, requestId), await idpKey(t))), "https://evil.example/");
    expect(acs.res.statusCode).toBe(303);
    expect(acs.location).toMatch(/^\/relogin\?code=[A-Za-z0-9_-]{43}$/);
  });

  it("the dev IdP refuses an AuthnRequest whose signature does not verify", async () => {
    const { url } = await startSignOn(t);
    url.searchParams.set("RelayState", "datePage");
    const res = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "SAMLRequest", rule: "signature" });
  });
});

describe("the code hand-off", () => {
  const fresh = async (nameId = "zhangwei") => {
    const { requestId } = await startSignOn(t);
    return postAcs(t, b64(fullySigned(optionsFor(t, requestId, nameId), await idpKey(t))), "datePage");
  };
  const expectBadCode = (res: Awaited<ReturnType<typeof redeem>>) => {
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().errors[0]).toMatchObject({ field: "code", rule: "handoff" });
    expect(res.json().resultMessage).toBe("登录凭据无效或已过期，请重新登录");
    expect(res.json().resultEnMessage).toBe("The sign-on code is not valid or has expired; please sign in again");
  };

  it("works once: a second redemption of the same code is refused", async () => {
    const acs = await fresh();
    expect((await redeem(t, acs.code!, acs.cookie)).statusCode).toBe(200);
    expectBadCode(await redeem(t, acs.code!, acs.cookie));
  });

  it("is worth nothing without its cookie, or with another code's cookie, and is then gone", async () => {
    const a = await fresh();
    const b = await fresh();
    expectBadCode(await redeem(t, a.code!));
    expectBadCode(await redeem(t, b.code!, a.cookie));
    expectBadCode(await redeem(t, b.code!, `${b.cookie.split("=")[0]}=${"A".repeat(43)}`));
    // Each wrong try took its code: the right cookie comes too late.
    expectBadCode(await redeem(t, a.code!, a.cookie));
    expectBadCode(await redeem(t, b.code!, b.cookie));
  });

  it("two sign-ons in one browser (two tabs) keep their own cookies", async () => {
    const a = await fresh("zhangwei");
    const b = await fresh("lina");
    const both = `${a.cookie}; ${b.cookie}`;
    expect((await userOf((await redeem(t, b.code!, both)).json().data.sid)).userName).toBe("lina");
    expect((await userOf((await redeem(t, a.code!, both)).json().data.sid)).userName).toBe("zhangwei");
  });

  it(`expires after ${HANDOFF_TTL_MS / 1000} s`, async () => {
    const acs = await fresh();
    await t.sql.query("UPDATE sso_handoff SET expires_at = now() - interval '1 second'");
    expectBadCode(await redeem(t, acs.code!, acs.cookie));
  });

  it("is stored hashed: neither the code nor the cookie's secret is in the database", async () => {
    const acs = await fresh();
    const { rows } = await t.sql.query("SELECT * FROM sso_handoff");
    const dump = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(dump).not.toContain(acs.code!);
    expect(dump).not.toContain(acs.cookie.split("=")[1]);
  });

  it("an unknown code, and one that is not a code (contract), are refused", async () => {
    expectBadCode(await redeem(t, "A".repeat(43), "portal_sso_0000000000000000=x"));
    const res = await redeem(t, "short");
    expect([res.statusCode, res.json().errors[0].field]).toEqual([400, "code"]);
  });

  it("a refused response gives a code too; redeeming it answers the refusal with its rule", async () => {
    const { requestId } = await startSignOn(t);
    const acs = await postAcs(t, b64(fullySigned({ ...optionsFor(t, requestId), audience: "https://other.example/sp" }, await idpKey(t))), "help");
    expect(acs.location).toMatch(/^\/relogin\?code=[A-Za-z0-9_-]{43}&route=help$/);
    const res = await redeem(t, acs.code!, acs.cookie);
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().errors[0]).toMatchObject({ field: "samlResponse", rule: "audience" });
    expect(res.json().resultEnMessage).toBe("The SAML response was refused: the audience is not this service");
    expect(res.json().resultMessage).toBe("SAML 响应无效：受众（Audience）不是本系统");
  });

  it("a body that is not a SAML response at all: a code whose refusal says so", async () => {
    const acs = await postAcs(t, "QUJD");
    expect(acs.location).toMatch(/^\/relogin\?code=[A-Za-z0-9_-]{43}$/);
    expect((await redeem(t, acs.code!, acs.cookie)).json().errors[0]).toMatchObject({ rule: "xml" });
  });

  it("a response over 40 KB (150 group claims) signs in, and every address and header of the flow stays under 4 KB", async () => {
    const { requestId, address } = await startSignOn(t);
    const groups = Array.from({ length: 150 }, (_, i) => `CN=portal-group-${String(i).padStart(3, "0")}-${crypto.randomUUID()},OU=Groups,OU=Medical Devices,OU=Shanghai,DC=corp,DC=example,DC=com`);
    const samlResponse = b64(fullySigned({ ...optionsFor(t, requestId), attributes: { "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups": groups } }, await idpKey(t)));
    expect(samlResponse.length).toBeGreaterThan(40_000);
    const { acs, answer } = await signInThroughAcs(t, samlResponse, "task");
    expect(answer.statusCode).toBe(200);
    expect((await userOf(answer.json().data.sid)).userName).toBe("zhangwei");
    for (const [name, value] of [["sign-on address", address], ["Location", acs.location], ["Set-Cookie", acs.setCookie]])
      expect([name, value.length < NGINX_BUDGET]).toEqual([name, true]);
    for (const headers of [acs.res.headers, answer.headers]) expect(JSON.stringify(headers).length).toBeLessThan(NGINX_BUDGET);
  });
});

describe("who signs in", () => {
  it("a disabled user: 403 code 4005, \"this account does not exist or is disabled\" (never 4003, no permission)", async () => {
    await t.sql.query("UPDATE sys_user SET status = 0 WHERE user_name = 'lina'");
    try {
      const { requestId } = await startSignOn(t);
      const { answer } = await signInThroughAcs(t, b64(fullySigned(optionsFor(t, requestId, "lina"), await idpKey(t))));
      expect([answer.statusCode, answer.json().code]).toEqual([403, 4005]);
      expect(answer.json()).toMatchObject({ resultMessage: "该账号不存在或已停用", resultEnMessage: "This account does not exist or is disabled" });
    } finally {
      await t.sql.query("UPDATE sys_user SET status = 1 WHERE user_name = 'lina'");
    }
  });

  it("an unknown user (SAML_PROVISION off): the same 403 code 4005, through ssoLoginResolve too", async () => {
    const { requestId } = await startSignOn(t);
    const res = await t.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: b64(fullySigned(optionsFor(t, requestId, "nobody"), await idpKey(t))) } });
    expect([res.statusCode, res.json().code, res.json().resultEnMessage]).toEqual([403, 4005, "This account does not exist or is disabled"]);
  });

  it("the NameID in another case finds the user (ZhangWei is zhangwei)", async () => {
    const { requestId } = await startSignOn(t);
    const { answer } = await signInThroughAcs(t, b64(fullySigned(optionsFor(t, requestId, "ZhangWei"), await idpKey(t))));
    expect((await userOf(answer.json().data.sid)).userName).toBe("zhangwei");
  });

  it("ssoLoginResolve keeps working for a caller that posts a response directly", async () => {
    const { requestId } = await startSignOn(t);
    const res = await t.call("POST", "/sysUserEx/ssoLoginResolve", { body: { samlResponse: b64(fullySigned(optionsFor(t, requestId, "lina"), await idpKey(t))) } });
    expect(res.statusCode).toBe(200);
    expect((await userOf(res.json().data.sid)).userName).toBe("lina");
  });
});
