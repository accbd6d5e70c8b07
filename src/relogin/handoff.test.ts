import { describe, expect, it, vi } from "vitest";

import { decideRelogin, performRelogin, type ReloginDeps } from "./decide";
import { decideHandoff } from "./handoff";

// /relogin with what the assertion consumer hands it (issue 19): a one-time code, or the IdP's status.

const q = (query: string) => decideRelogin(new URLSearchParams(query));
const CODE = "A".repeat(43);

function deps(over: Partial<ReloginDeps> = {}): ReloginDeps {
  return {
    tokenLogin: vi.fn(async () => "token-sid"),
    resolveSamlResponse: vi.fn(async () => "saml-sid"),
    redeemCode: vi.fn(async () => "code-sid"),
    establish: vi.fn(async () => undefined),
    storeSystem: vi.fn(),
    ...over,
  };
}

describe("where the hand-off sits in spec 2.5's order", () => {
  it("right after SAMLResponse: tokens and SAMLResponse first, then code, then ssoStatus, then system with sid ...", () => {
    const all = `SAMLResponse=S&code=${CODE}&ssoStatus=cancelled&system=s&sid=D&web_sid=F&route=task`;
    expect(q(all)).toMatchObject({ kind: "samlResponse" });
    expect(q(`saml2Token=T&code=${CODE}`)).toMatchObject({ kind: "token" });
    expect(q(all.replace("SAMLResponse=S&", ""))).toEqual({ kind: "code", code: CODE, route: "task" });
    expect(q(all.replace(`SAMLResponse=S&code=${CODE}&`, ""))).toEqual({ kind: "idpStatus", status: "cancelled", route: "task" });
    expect(q("system=s&sid=D")).toMatchObject({ kind: "systemSid" });
  });

  it("an ssoStatus the portal has no words for reads as other (the address is never shown as text)", () => {
    expect(decideHandoff(new URLSearchParams("ssoStatus=<script>"), null)).toEqual({ kind: "idpStatus", status: "other", route: null });
    expect(decideHandoff(new URLSearchParams("code=&ssoStatus="), null)).toBeNull();
  });
});

describe("carrying it out", () => {
  it("a code is redeemed once for a sid, which is established; lands on the route's page", async () => {
    const d = deps();
    expect(await performRelogin(q(`code=${CODE}&route=datePage`), d)).toEqual({ kind: "land", path: "/main/myProgramme" });
    expect(d.redeemCode).toHaveBeenCalledExactlyOnceWith(CODE);
    expect(d.establish).toHaveBeenCalledWith("code-sid");
  });

  it("a refused code is a failure to show, never a new sign-on (no loop)", async () => {
    const refused = new Error("该账号不存在或已停用");
    const d = deps({ redeemCode: async () => Promise.reject(refused) });
    expect(await performRelogin(q(`code=${CODE}`), d)).toEqual({ kind: "failed", error: refused });
    expect(d.establish).not.toHaveBeenCalled();
  });

  it("an IdP status is shown with the route to start again from; nothing is called", async () => {
    const d = deps();
    expect(await performRelogin(q("ssoStatus=authnFailed&route=help"), d)).toEqual({ kind: "idpStatus", status: "authnFailed", route: "help" });
    expect(await performRelogin(q("ssoStatus=requestDenied&route=elsewhere"), d)).toEqual({ kind: "idpStatus", status: "requestDenied", route: "workingSpace" });
    expect(d.redeemCode).not.toHaveBeenCalled();
  });
});
