// Two tabs of one browser through a fake BroadcastChannel (every other member of the same name gets
// each message, as the real one does): a new tab takes a live session of an open tab, an open tab
// without a live session stays silent, the wait ends at the time-out, and a logout ends the other
// tabs of the same session only. Each tab's session storage is its own here, as in a browser.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { EXPIRED_SID } from "./session";
import { ASK_TIMEOUT_MS, createSessionShare, needsSession, type ChannelLike, type SessionShare } from "./sessionShare";

class Bus {
  members = new Set<FakeChannel>();
}
class FakeChannel implements ChannelLike {
  listeners = new Set<(event: MessageEvent) => void>();
  constructor(
    private bus: Bus,
    readonly storage: Map<string, string>,
  ) {
    bus.members.add(this);
  }
  postMessage(message: unknown) {
    const data = structuredClone(message);
    for (const other of this.bus.members)
      if (other !== this) queueMicrotask(() => other.deliver(new MessageEvent("message", { data })));
  }
  deliver(event: MessageEvent) {
    // The member answers from its own tab's session storage.
    const saved = new Map(Object.entries({ ...sessionStorage }));
    sessionStorage.clear();
    for (const [k, v] of this.storage) sessionStorage.setItem(k, v);
    try {
      for (const listener of [...this.listeners]) listener(event);
    } finally {
      this.storage.clear();
      for (let i = 0; i < sessionStorage.length; i++) this.storage.set(sessionStorage.key(i)!, sessionStorage.getItem(sessionStorage.key(i)!)!);
      sessionStorage.clear();
      for (const [k, v] of saved) sessionStorage.setItem(k, v);
    }
  }
  addEventListener(_type: "message", listener: (event: MessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: "message", listener: (event: MessageEvent) => void) {
    this.listeners.delete(listener);
  }
  close() {
    this.bus.members.delete(this);
  }
}

const SIGNED_IN = { sid: "s-123", userId: "7", username: "zhangwei", roleCode: "staff", userInfo: '{"id":7}', permissionMap: "{}", system: "stageAdmin", i18n: "en", visitedViews: "[]" };

let bus: Bus;
let shares: SessionShare[];
let left: string[];
function openTab(storage: Record<string, string>) {
  const channel = new FakeChannel(bus, new Map(Object.entries(storage)));
  const share = createSessionShare({ channel, leave: (path) => left.push(path) });
  shares.push(share);
  return { channel, share };
}

beforeEach(() => {
  bus = new Bus();
  shares = [];
  left = [];
  sessionStorage.clear();
});
afterEach(() => {
  for (const share of shares) share.stop();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("a new tab and an open one", () => {
  it("the new tab takes the open tab's session, not its shell, open tabs or language", async () => {
    openTab(SIGNED_IN);
    const me = openTab({});
    await expect(me.share.takeFromOpenTab()).resolves.toBe(true);
    const mine = me.channel.storage;
    expect(mine.get("sid")).toBe("s-123");
    expect(mine.get("userInfo")).toBe('{"id":7}');
    expect(mine.get("permissionMap")).toBe("{}");
    expect(mine.has("system")).toBe(false);
    expect(mine.has("i18n")).toBe(false);
    expect(mine.has("visitedViews")).toBe(false);
  });

  it("an open tab answers only while its session is live; without an answer the wait ends at the time-out", async () => {
    vi.useFakeTimers();
    openTab({ ...SIGNED_IN, sid: EXPIRED_SID }); // acknowledged expiry
    openTab({ sid: "half", userId: "7" }); // a login under way: no user info yet
    openTab({});
    const me = openTab({});
    const taken = me.share.takeFromOpenTab();
    await vi.advanceTimersByTimeAsync(ASK_TIMEOUT_MS - 1);
    let settled = false;
    void taken.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(taken).resolves.toBe(false);
    expect(me.channel.storage.has("sid")).toBe(false);
  });

  it("without BroadcastChannel there is nothing to ask", async () => {
    const share = createSessionShare({ channel: null, leave: () => undefined });
    await expect(share.takeFromOpenTab()).resolves.toBe(false);
  });

  it("a logout ends the other tabs of the same session, and no other", async () => {
    const same = openTab(SIGNED_IN);
    const other = openTab({ ...SIGNED_IN, sid: "s-999" });
    const me = openTab({});
    me.share.announceLogout("s-123");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(left).toEqual(["/loginCopy"]);
    expect(same.channel.storage.get("sid")).toBeUndefined();
    expect(other.channel.storage.get("sid")).toBe("s-999");
  });

  it("asks only on the pages that need a session", () => {
    expect(needsSession("/main/helpCenter")).toBe(true);
    expect(needsSession("/main")).toBe(true);
    expect(needsSession("/index")).toBe(true);
    expect(needsSession("/baseLogin")).toBe(false);
    expect(needsSession("/relogin")).toBe(false);
    expect(needsSession("/loginCopy")).toBe(false);
    expect(needsSession("/mainly")).toBe(false);
  });
});
