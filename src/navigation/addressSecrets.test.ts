import { afterEach, describe, expect, it } from "vitest";

import {
  ADDRESS_SECRET_PARAMS,
  guardHistory,
  keepArrival,
  restoreReferrerPolicy,
  scrubAddress,
  scrubArrivalAddress,
  takeArrival,
  withoutAddressSecrets,
} from "./addressSecrets";

const SID = "f00d".repeat(16);

afterEach(() => {
  takeArrival("/relogin");
  takeArrival("/main");
  window.history.replaceState(null, "", "/");
});

describe("secrets in the address (issue 18)", () => {
  it("names the sid, web_sid, every sign-in token and the one-time sign-on code", () => {
    expect([...ADDRESS_SECRET_PARAMS].sort()).toEqual(["SAMLResponse", "code", "saml2Token", "sid", "token", "web_sid", "wechattoken"].sort());
  });

  it.each([
    ["?web_sid=S&route=task", "?route=task"],
    ["?system=stageAdmin&sid=S&pageType=1", "?system=stageAdmin&pageType=1"],
    ["?platformFlag=1&sid=S", "?platformFlag=1"],
    ["?saml2Token=T", ""],
    ["?wechattoken=T&route=help", "?route=help"],
    ["?SAMLResponse=PHNhbWw%2B&route=helpCenter", "?route=helpCenter"],
    ["?SID=S&Token=T&samlresponse=R&x=1", "?x=1"],
    ["?sid=a&sid=b&system=x", "?system=x"],
    ["?code=C&route=task", "?route=task"],
  ])("%s keeps only %s", (search, clean) => {
    expect(withoutAddressSecrets(search)).toBe(clean);
  });

  it("leaves an address without secrets alone", () => {
    expect(withoutAddressSecrets("")).toBeNull();
    expect(withoutAddressSecrets("?system=stageAdmin&route=task&searchVal=sid")).toBeNull();
  });

  it("keeps the whole query for the page it arrived at, once", () => {
    expect(keepArrival("/relogin", `?web_sid=${SID}&route=task`)).toBe("?route=task");
    expect(takeArrival("/main")).toBeNull();
    expect(takeArrival("/relogin")?.get("web_sid")).toBe(SID);
    expect(takeArrival("/relogin")).toBeNull();
    expect(keepArrival("/relogin", "?route=task")).toBeNull();
    expect(takeArrival("/relogin")).toBeNull();
  });

  it("a page load replaces the address in the same history entry, state kept", () => {
    window.history.replaceState({ idx: 0, key: "k" }, "", `/relogin?system=stageAdmin&sid=${SID}&pageType=2#top`);
    const length = window.history.length;
    const arrived = scrubArrivalAddress();
    expect(arrived?.get("sid")).toBe(SID);
    expect(window.location.href).not.toContain(SID);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/relogin?system=stageAdmin&pageType=2#top");
    expect(window.history.length).toBe(length);
    expect(window.history.state).toEqual({ idx: 0, key: "k" });
    expect(takeArrival("/relogin")?.get("sid")).toBe(SID);
  });

  it("a page load without secrets changes nothing", () => {
    window.history.replaceState(null, "", "/main/workingSpace?x=1");
    expect(scrubArrivalAddress()).toBeNull();
    expect(`${window.location.pathname}${window.location.search}`).toBe("/main/workingSpace?x=1");
  });

  it("once the address is clean the page's referrer policy is the server's again", () => {
    const meta = document.createElement("meta");
    meta.name = "referrer";
    meta.content = "no-referrer";
    document.head.append(meta);
    restoreReferrerPolicy();
    expect(meta.content).toBe("same-origin");
    meta.remove();
  });
});

describe("scrubAddress (a /relogin reached without a page load, issue 19)", () => {
  it("replaces the address without the code, keeping the route, the hash and the history state, and remembers nothing", () => {
    window.history.replaceState({ idx: 3 }, "", `/relogin?code=C0DE&route=task#x`);
    expect(scrubAddress()?.get("code")).toBe("C0DE");
    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/relogin?route=task#x");
    expect(window.history.state).toEqual({ idx: 3 });
    expect(takeArrival("/relogin")).toBeNull();
  });

  it("does nothing when there is no secret", () => {
    window.history.replaceState(null, "", "/relogin?route=task");
    expect(scrubAddress()).toBeNull();
    expect(window.location.search).toBe("?route=task");
  });
});

describe("guardHistory (a navigation inside the app, issue 18)", () => {
  /** A window whose history writes through to jsdom's, so the test patches no global. */
  function guarded() {
    const seen: [string, string][] = [];
    const win = {
      location: window.location,
      history: {
        pushState: (state: unknown, unused: string, url?: string | URL | null) => window.history.pushState(state, unused, url),
        replaceState: (state: unknown, unused: string, url?: string | URL | null) => window.history.replaceState(state, unused, url),
      } as unknown as History,
    };
    guardHistory(win, (pathname, search) => seen.push([pathname, search]));
    return { history: win.history, seen };
  }

  it("never writes a secret into the address: the pushed entry has the address without it, the page gets the query", () => {
    window.history.replaceState(null, "", "/main/workingSpace");
    const { history, seen } = guarded();
    const length = window.history.length;
    history.pushState({ idx: 1 }, "", `/main/helpCenter?system=portal&sid=${SID}#top`);
    expect(window.location.href).not.toContain(SID);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/main/helpCenter?system=portal#top");
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toEqual({ idx: 1 });
    expect(seen).toEqual([["/main/helpCenter", `?system=portal&sid=${SID}`]]);
  });

  it("replaceState too, and a relative address resolves against the current one", () => {
    window.history.replaceState(null, "", "/main/workingSpace");
    const { history, seen } = guarded();
    history.replaceState(null, "", `relogin?web_sid=${SID}`);
    expect(`${window.location.pathname}${window.location.search}`).toBe("/main/relogin");
    expect(seen).toEqual([["/main/relogin", `?web_sid=${SID}`]]);
  });

  it("leaves every other address, and a write without one, as it is", () => {
    window.history.replaceState(null, "", "/main/workingSpace");
    const { history, seen } = guarded();
    history.pushState(null, "", "/main/helpCenter?system=portal&q=sid");
    expect(`${window.location.pathname}${window.location.search}`).toBe("/main/helpCenter?system=portal&q=sid");
    history.replaceState({ idx: 2 }, "");
    expect(window.history.state).toEqual({ idx: 2 });
    expect(`${window.location.pathname}${window.location.search}`).toBe("/main/helpCenter?system=portal&q=sid");
    expect(seen).toEqual([]);
  });
});
