// A second tab of the same browser takes the session of an open one (issue 21: a new tab or a
// bookmark of a portal page sent a signed-in person back to sign-in, since the sid lives in session
// storage, spec 3, which every tab has of its own).
//
// How: every tab of the portal joins one BroadcastChannel. A tab that starts on a page that needs a
// session and has none asks "who has a session?"; an open tab whose session is live (a sid that is
// not the expiry marker, and the user info it loaded) answers with its session keys; the first
// answer within ASK_TIMEOUT_MS is stored and the app starts signed in. Without an answer the normal
// no-session path follows (spec 2.4 single sign-on, or /loginCopy).
//
// Why this is safe: a BroadcastChannel carries messages only between documents of the same origin
// in the same browser profile (another browser, or a private window, has its own); the sid never
// enters an address, local storage or a log. Report frames of the portal's own origin run sandboxed
// without allow-same-origin (an opaque origin), so they cannot reach the channel.
//
// Logout: the server session is one for all the tabs that share it, so a logout ends it for all of
// them (they would get 4004 at their next call anyway). The tab that logs out says so on the
// channel; the other tabs holding the same sid clear it and go to /loginCopy at once, as a logout
// does, instead of showing data until their next call fails.
import { clearUserSession, EXPIRED_SID, readSession, writeSession, type SessionKey } from "./session";

export const CHANNEL_NAME = "portal-session";
/**
 * How long a new tab waits for an open one. An open tab answers from its event loop within a few
 * milliseconds; 500 ms covers a busy one, and is all a person without an open tab waits more on
 * the way to sign-in (which itself takes seconds).
 */
export const ASK_TIMEOUT_MS = 500;

/**
 * What a new tab takes: the session and who it is. Not the tab's own choices (its shell `system`,
 * its open tabs, its language) nor the first-login cache: the new tab reads the person's record,
 * which gives it their language and theme (the record wins, issue 18).
 */
export const SHARED_KEYS: readonly SessionKey[] = ["sid", "token", "userId", "username", "roleCode", "userInfo", "permissionMap", "menuPermissionMap"];

type Message =
  | { type: "ask"; id: string }
  | { type: "offer"; id: string; session: Partial<Record<SessionKey, string>> }
  | { type: "ended"; sid: string };

/** The part of BroadcastChannel this uses (tests pass a fake pair). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface SessionShareDeps {
  channel: ChannelLike | null;
  /** Leaves for a path (a full page load, so nothing of the ended session stays in memory). */
  leave: (path: string) => void;
  timeoutMs?: number;
  newId?: () => string;
}

const isMessage = (data: unknown): data is Message =>
  typeof data === "object" && data !== null && typeof (data as { type?: unknown }).type === "string";

/** A live session of this tab: a sid that is not the expiry marker and the user info it loaded. */
function liveSession(): Partial<Record<SessionKey, string>> | null {
  const sid = readSession("sid");
  if (!sid || sid === EXPIRED_SID || readSession("userInfo") === null) return null;
  const session: Partial<Record<SessionKey, string>> = {};
  for (const key of SHARED_KEYS) {
    const value = readSession(key);
    if (value !== null) session[key] = value;
  }
  return session;
}

export interface SessionShare {
  /** Asks the open tabs for their session; true when one was taken (stored in this tab). */
  takeFromOpenTab: () => Promise<boolean>;
  /** Tells the other tabs that this sid has been logged out. */
  announceLogout: (sid: string) => void;
  stop: () => void;
}

export function createSessionShare({ channel, leave, timeoutMs = ASK_TIMEOUT_MS, newId = () => crypto.randomUUID() }: SessionShareDeps): SessionShare {
  const onMessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isMessage(message)) return;
    if (message.type === "ask" && typeof (message as { id?: unknown }).id === "string") {
      const session = liveSession();
      if (session) channel?.postMessage({ type: "offer", id: message.id, session } satisfies Message);
    } else if (message.type === "ended" && typeof message.sid === "string" && message.sid !== "" && readSession("sid") === message.sid) {
      clearUserSession();
      leave("/loginCopy");
    }
  };
  channel?.addEventListener("message", onMessage);

  return {
    takeFromOpenTab: () =>
      new Promise<boolean>((resolve) => {
        if (!channel) return resolve(false);
        const id = newId();
        const onOffer = (event: MessageEvent) => {
          const message: unknown = event.data;
          if (!isMessage(message) || message.type !== "offer" || message.id !== id) return;
          const { session } = message;
          if (typeof session !== "object" || session === null || typeof session.sid !== "string" || session.sid === "" || session.sid === EXPIRED_SID) return;
          done();
          clearUserSession();
          for (const key of SHARED_KEYS) {
            const value = session[key];
            if (typeof value === "string") writeSession(key, value);
          }
          resolve(true);
        };
        const timer = setTimeout(() => {
          done();
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          channel.removeEventListener("message", onOffer);
        };
        channel.addEventListener("message", onOffer);
        channel.postMessage({ type: "ask", id } satisfies Message);
      }),
    announceLogout: (sid) => {
      if (sid && sid !== EXPIRED_SID) channel?.postMessage({ type: "ended", sid } satisfies Message);
    },
    stop: () => {
      channel?.removeEventListener("message", onMessage);
      channel?.close();
    },
  };
}

/** The pages that need a session: the shells under /main and the helpers that lead there. */
export function needsSession(pathname: string): boolean {
  return pathname === "/main" || pathname.startsWith("/main/") || pathname === "/index" || pathname.startsWith("/redirect/");
}

let shared: SessionShare | null = null;

/** This tab's membership of the channel, made once (the app's start makes it). */
export function sessionShare(): SessionShare {
  shared ??= createSessionShare({
    channel: typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null,
    leave: (path) => window.location.assign(path),
  });
  return shared;
}

/**
 * At the app's start, before the navigation guard decides: joins the channel (so this tab answers
 * later tabs) and, on a page that needs a session when this tab has none, takes an open tab's.
 */
export async function joinSessionShare(pathname: string, hasSession: boolean): Promise<void> {
  const share = sessionShare();
  if (!hasSession && needsSession(pathname)) await share.takeFromOpenTab();
}
