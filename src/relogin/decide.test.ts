import { describe, expect, it, vi } from "vitest";

import { decideRelogin, pageTypeTarget, performRelogin, type ReloginDeps } from "./decide";

const q = (query: string) => decideRelogin(new URLSearchParams(query));

describe("/relogin parameter order (spec 2.5)", () => {
  it("saml2Token comes first, then wechattoken, then SAMLResponse", () => {
    const all = "saml2Token=A&wechattoken=B&SAMLResponse=C&system=s&sid=D&account=E&platformFlag=1&web_sid=F&route=task";
    expect(q(all)).toEqual({ kind: "token", tokenKind: "saml2", token: "A", route: "task" });
    expect(q(all.replace("saml2Token=A&", ""))).toEqual({ kind: "token", tokenKind: "wechat", token: "B", route: "task" });
    expect(q(all.replace("saml2Token=A&wechattoken=B&", ""))).toEqual({ kind: "samlResponse", samlResponse: "C", route: "task" });
  });

  it("system with sid next, landing by pageType", () => {
    expect(q("system=stageAdmin&sid=D&account=E&web_sid=F&pageType=1")).toEqual({
      kind: "systemSid", system: "stageAdmin", sid: "D", target: "/main/roastList",
    });
    expect(pageTypeTarget("1")).toBe("/main/roastList");
    expect(pageTypeTarget("2")).toBe("/main/commentList");
    expect(pageTypeTarget(null)).toBe("/main/people");
    expect(pageTypeTarget("3")).toBe("/main/people");
  });

  it("system with account next (single sign-on, never a password-less login)", () => {
    expect(q("system=stageAdmin&account=E&platformFlag=1&web_sid=F&route=help")).toEqual({
      kind: "systemAccount", system: "stageAdmin", account: "E", route: "help",
    });
  });

  it("platformFlag with sid next, then web_sid", () => {
    expect(q("platformFlag=1&sid=D&web_sid=F")).toEqual({ kind: "sid", sid: "D", source: "platformFlag", route: null });
    expect(q("platformFlag=1&web_sid=F")).toEqual({ kind: "sid", sid: "F", source: "web_sid", route: null });
    expect(q("sid=D&web_sid=F&route=data")).toEqual({ kind: "sid", sid: "F", source: "web_sid", route: "data" });
  });

  it("with none (or only half a pair, or empty values) single sign-on starts", () => {
    expect(q("")).toEqual({ kind: "sso", route: null });
    expect(q("route=task")).toEqual({ kind: "sso", route: "task" });
    expect(q("sid=D")).toEqual({ kind: "sso", route: null });
    expect(q("system=portal")).toEqual({ kind: "sso", route: null });
    expect(q("saml2Token=&web_sid=%20")).toEqual({ kind: "sso", route: null });
  });
});

function deps(over: Partial<ReloginDeps> = {}): ReloginDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    tokenLogin: vi.fn(async (kind, token) => {
      calls.push(`token:${kind}:${token}`);
      return "token-sid";
    }),
    resolveSamlResponse: vi.fn(async (saml, relay) => {
      calls.push(`saml:${saml}:${relay}`);
      return "saml-sid";
    }),
    redeemCode: vi.fn(async (code) => {
      calls.push(`code:${code}`);
      return "code-sid";
    }),
    establish: vi.fn(async (sid) => {
      calls.push(`establish:${sid}`);
    }),
    storeSystem: vi.fn((system) => {
      calls.push(`system:${system}`);
    }),
    ...over,
  };
}

describe("/relogin carrying out the action", () => {
  it("a token login establishes the sid and lands on the route's page", async () => {
    const d = deps();
    expect(await performRelogin(q("wechattoken=T&route=userRoastList"), d)).toEqual({ kind: "land", path: "/main/teasingList" });
    expect(d.calls).toEqual(["token:wechat:T", "establish:token-sid"]);
  });

  it("a failed saml2 or wechat token login falls back to single sign-on with the route", async () => {
    const d = deps({ tokenLogin: async () => Promise.reject(new Error("令牌无效")) });
    expect(await performRelogin(q("saml2Token=bad&route=task"), d)).toEqual({ kind: "sso", route: "task" });
    expect(await performRelogin(q("wechattoken=bad&route=nowhere"), d)).toEqual({ kind: "sso", route: "workingSpace" });
    expect(d.establish).not.toHaveBeenCalled();
  });

  it("SAMLResponse resolves to a sid and lands; a refusal is a failure, not a new sign-on (no loop)", async () => {
    const d = deps();
    expect(await performRelogin(q("SAMLResponse=PHNhbWw%2B&route=missionCenterIndex"), d)).toEqual({
      kind: "land",
      path: "/main/missionCenterIndex",
    });
    expect(d.calls).toEqual(["saml:PHNhbWw+:missionCenterIndex", "establish:saml-sid"]);

    const refused = new Error("签名无效");
    const r = deps({ resolveSamlResponse: async () => Promise.reject(refused) });
    expect(await performRelogin(q("SAMLResponse=x"), r)).toEqual({ kind: "failed", error: refused });
  });

  it("system with sid stores the system first, then the sid, and lands on the pageType page", async () => {
    const d = deps();
    expect(await performRelogin(q("system=stageAdmin&sid=S&pageType=2"), d)).toEqual({ kind: "land", path: "/main/commentList" });
    expect(d.calls).toEqual(["system:stageAdmin", "establish:S"]);
  });

  it("system with account starts single sign-on with the route and logs nobody in by name", async () => {
    const d = deps();
    expect(await performRelogin(q("system=portal&account=lina&route=datePage"), d)).toEqual({ kind: "sso", route: "datePage" });
    expect(d.calls).toEqual(["system:portal"]);
  });

  it("web_sid is verified by loading user info; a sid that does not verify is a failure", async () => {
    const d = deps();
    expect(await performRelogin(q("web_sid=W&route=appCenter"), d)).toEqual({ kind: "land", path: "/main/appCenterIndex" });
    const dead = new Error("expired");
    const e = deps({ establish: async () => Promise.reject(dead) });
    expect(await performRelogin(q("platformFlag=1&sid=W"), e)).toEqual({ kind: "failed", error: dead });
  });

  it("with none, single sign-on for the route", async () => {
    expect(await performRelogin(q("route=help"), deps())).toEqual({ kind: "sso", route: "help" });
    expect(await performRelogin(q(""), deps())).toEqual({ kind: "sso", route: "workingSpace" });
  });
});
