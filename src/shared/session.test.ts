import { afterEach, describe, expect, it } from "vitest";

import { captureUrlSession, clearUserSession, hasLiveSession, isAdminSystem, readSessionJson } from "./session";

afterEach(() => sessionStorage.clear());

describe("session storage helpers", () => {
  it("keeps system and sid from the address, sid only together with system", () => {
    captureUrlSession("?sid=lonely");
    expect(sessionStorage.getItem("sid")).toBeNull();

    captureUrlSession("?system=stageAdmin&sid=abc");
    expect(sessionStorage.getItem("system")).toBe("stageAdmin");
    expect(sessionStorage.getItem("sid")).toBe("abc");
    expect(isAdminSystem()).toBe(true);
  });

  it("a live session is a sid that is neither empty nor the timeout marker", () => {
    expect(hasLiveSession()).toBe(false);
    sessionStorage.setItem("sid", "timeout");
    expect(hasLiveSession()).toBe(false);
    sessionStorage.setItem("sid", "abc");
    expect(hasLiveSession()).toBe(true);
  });

  it("clearing the user session keeps the language and the system", () => {
    for (const key of ["sid", "token", "userInfo", "isFresh", "guideInfo", "i18n", "system"]) sessionStorage.setItem(key, "x");
    clearUserSession();
    expect(Object.keys(sessionStorage).sort()).toEqual(["i18n", "system"]);
  });

  it("a malformed JSON value reads as absent", () => {
    sessionStorage.setItem("userInfo", "{oops");
    expect(readSessionJson("userInfo")).toBeNull();
  });
});
