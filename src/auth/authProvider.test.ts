// The auth provider through its public surface: a real API client over an injected fetch that
// answers like the server's contract, with the expiry dialog and page navigation injected.
// @vitest-environment node
// (node, not jsdom: WebCrypto refuses jsdom's typed arrays, and the login encrypts for real.)
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HOSTS, envelope, json } from "../api/test-support";
import { CAPTCHA_REQUIRED, LOGIN_CANCELLED } from "./authProvider";
import { ROUTES } from "./routes";
import { createAppSession } from "./appSession";
import { createSessionExpiry } from "./sessionExpiry";
import { type UserInfo } from "./sessionActions";
import { setLanguage } from "../i18n";
import { rsaTestKeyPair } from "../shared/testKeys";

// Node has no Web Storage: install a Map-backed one before the modules under test load.
vi.hoisted(() => {
  class MemoryStorage implements Storage {
    items = new Map<string, string>();
    get length() {
      return this.items.size;
    }
    clear() {
      this.items.clear();
    }
    getItem(key: string) {
      return this.items.get(key) ?? null;
    }
    key(index: number) {
      return [...this.items.keys()][index] ?? null;
    }
    removeItem(key: string) {
      this.items.delete(key);
    }
    setItem(key: string, value: string) {
      this.items.set(key, String(value));
    }
  }
  Object.assign(globalThis, { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() });
});

const USER: UserInfo = {
  id: 2,
  userName: "zhangwei",
  realName: "张伟",
  roleCode: "staff",
  roleCodes: ["staff"],
  roles: [{ roleCode: "staff", roleName: "Staff" }],
  isAdmin: false,
  mustChangePassword: false,
};

const MENUS = [
  {
    id: 1, menuCode: 1, menuName: "系统管理", url: "/sys", type: 0, hidden: 0,
    children: [{ id: 2, menuCode: 2, menuName: "新增", url: "sys:role:add", type: 1, hidden: 0 }],
  },
];

/** A manually released "OK" click on the expiry dialog. */
function dialog() {
  let shown = 0;
  let release: () => void = () => undefined;
  return {
    acknowledge: () => {
      shown += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    ok: () => release(),
    get shown() {
      return shown;
    },
  };
}

type Route = (request: Request) => Response | Promise<Response>;


function setupWith(routes: Record<string, Route>) {
  const requests: Request[] = [];
  const notified: string[] = [];
  const visits: string[] = [];
  const expiredDialog = dialog();
  const setup = createAppSession({
    storage: sessionStorage,
    acknowledge: expiredDialog.acknowledge,
    goTo: (path) => visits.push(path),
    client: {
      fetch: async (request) => {
        requests.push(request);
        const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
        const route = routes[`${request.method} ${path}`];
        return route ? route(request) : json(404, envelope(404, "不存在", "Not found"));
      },
      hosts: HOSTS,
      notify: (message) => notified.push(message),
    },
  });
  return { ...setup, requests, notified, visits, dialog: expiredDialog };
}

const expired: Route = () => json(401, envelope(4004, "登录已过期", "Login session expired"));

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await setLanguage("cn");
});

afterEach(() => {
  sessionStorage.clear();
});

describe("session expiry (spec 4, code 4004)", () => {
  it("with a sid: shows the dialog, and only on OK sets sid to timeout and goes to /loginCopy", async () => {
    sessionStorage.setItem("sid", "abc");
    const d = dialog();
    const visits: string[] = [];
    const expiry = createSessionExpiry({ storage: sessionStorage, acknowledge: d.acknowledge, goTo: (p) => visits.push(p) });

    const done = expiry.expire();
    await Promise.resolve();
    expect(d.shown).toBe(1);
    expect(sessionStorage.getItem("sid")).toBe("abc");
    expect(visits).toEqual([]);

    d.ok();
    await done;
    expect(sessionStorage.getItem("sid")).toBe("timeout");
    expect(visits).toEqual(["/loginCopy"]);
  });

  it("a sid that is already `timeout` is removed on OK", async () => {
    sessionStorage.setItem("sid", "timeout");
    const d = dialog();
    const visits: string[] = [];
    const expiry = createSessionExpiry({ storage: sessionStorage, acknowledge: d.acknowledge, goTo: (p) => visits.push(p) });
    const done = expiry.expire();
    await Promise.resolve();
    d.ok();
    await done;
    expect(d.shown).toBe(1);
    expect(sessionStorage.getItem("sid")).toBeNull();
    expect(visits).toEqual(["/loginCopy"]);
  });

  it("with no sid: no dialog, straight to /loginCopy", async () => {
    const d = dialog();
    const visits: string[] = [];
    const expiry = createSessionExpiry({ storage: sessionStorage, acknowledge: d.acknowledge, goTo: (p) => visits.push(p) });
    await expiry.expire();
    expect(d.shown).toBe(0);
    expect(sessionStorage.getItem("sid")).toBeNull();
    expect(visits).toEqual(["/loginCopy"]);
  });

  it("calls failing together share one dialog", async () => {
    sessionStorage.setItem("sid", "abc");
    const t = setupWith({ "GET /sysUserEx/getUserInfo": expired, "GET /sysUserEx/getUserTitle": expired });
    const calls = Promise.allSettled([
      t.client.GET("/sysUserEx/getUserInfo"),
      t.client.GET("/sysUserEx/getUserTitle"),
      t.authProvider.onError({ statusCode: 401, code: 4004, message: "Login session expired" }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.dialog.shown).toBe(1);
    expect(t.expiry.isExpiring()).toBe(true);
    t.dialog.ok();
    await calls;
    await t.expiry.expire();
    expect(t.visits).toEqual(["/loginCopy"]);
    expect(sessionStorage.getItem("sid")).toBe("timeout");
    expect(t.notified).toEqual([]); // the dialog, not a toast
  });

  it("the API client's 4004 runs the same flow (getIdentity on a dead session)", async () => {
    sessionStorage.setItem("sid", "dead-sid");
    const t = setupWith({ "GET /sysUserEx/getUserInfo": expired });
    const identity = await t.authProvider.getIdentity!();
    expect(identity).toBeNull();
    expect(t.dialog.shown).toBe(1);
    expect(t.requests[0].headers.get("sid")).toBe("dead-sid");
    t.dialog.ok();
    await t.expiry.expire();
    expect(sessionStorage.getItem("sid")).toBe("timeout");
    expect(t.visits).toEqual(["/loginCopy"]);
  });

  it("onError leaves other errors to refine and shows no dialog", async () => {
    sessionStorage.setItem("sid", "abc");
    const t = setupWith({});
    const error = { statusCode: 500, code: 500, message: "Internal Server Error：x" };
    expect(await t.authProvider.onError(error)).toEqual({ error });
    expect(t.dialog.shown).toBe(0);
    expect(t.expiry.isExpiring()).toBe(false);
  });
});

describe("check", () => {
  it("is authenticated only with a live sid (not absent, not `timeout`)", async () => {
    const t = setupWith({});
    expect(await t.authProvider.check()).toMatchObject({ authenticated: false, redirectTo: "/loginCopy" });
    sessionStorage.setItem("sid", "timeout");
    expect(await t.authProvider.check()).toMatchObject({ authenticated: false });
    sessionStorage.setItem("sid", "abc");
    expect(await t.authProvider.check()).toEqual({ authenticated: true });
  });
});

describe("login", () => {
  async function loginServer(overrides: Record<string, Route> = {}) {
    const { pem, privateKey } = await rsaTestKeyPair();
    const received: { password?: string; body?: Record<string, unknown> } = {};
    const routes: Record<string, Route> = {
      "GET /sysUserEx/getPublicKey": () => json(200, envelope(0, "", "", { publicKey: pem, captchaEnabled: false })),
      "POST /sysUserEx/baseLogin": async (request) => {
        const body = (await request.json()) as Record<string, unknown>;
        received.body = body;
        const plain = await crypto.subtle.decrypt(
          { name: "RSA-OAEP" },
          privateKey,
          Buffer.from(String(body.password), "base64"),
        );
        received.password = new TextDecoder().decode(plain);
        return received.password === "Staff@12345"
          ? json(200, envelope(0, "", "", { sid: "new-sid", loggedInElsewhere: false }))
          : json(401, envelope(4001, "用户名或密码错误", "Wrong user name or password"));
      },
      "GET /sysUserEx/getUserInfo": (request) =>
        request.headers.get("sid") === "new-sid" ? json(200, envelope(0, "", "", USER)) : expired(request),
      "POST /api/RoleMenuController/getRoleMenuVOByRoles": () => json(200, envelope(0, "", "", MENUS)),
      ...overrides,
    };
    return { t: setupWith(routes), received };
  }

  it("encrypts the password, stores the session and user info, and lands on workingSpace", async () => {
    const { t, received } = await loginServer();
    sessionStorage.setItem("token", "stale-token");
    const result = await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345" });

    expect(result).toEqual({ success: true, redirectTo: ROUTES.workingSpace });
    expect(received.password).toBe("Staff@12345");
    expect(received.body).toEqual({ userName: "zhangwei", password: expect.not.stringContaining("Staff") });
    expect(sessionStorage.getItem("sid")).toBe("new-sid");
    expect(sessionStorage.getItem("token")).toBeNull();
    expect(JSON.parse(sessionStorage.getItem("userInfo")!)).toMatchObject({ realName: "张伟" });
    expect(sessionStorage.getItem("userId")).toBe("2");
    expect(sessionStorage.getItem("username")).toBe("zhangwei");
    expect(sessionStorage.getItem("roleCode")).toBe("staff");
    expect(JSON.parse(sessionStorage.getItem("permissionMap")!)).toEqual({ "sys:role:add": true });
    expect(localStorage.getItem("isLoggedIn")).toBe("2");
    expect(t.notified).toEqual([]);
  });

  it("sends the captcha code and its challenge when given", async () => {
    const { t, received } = await loginServer();
    await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345", verificationCode: "ab12", challengeId: "c".repeat(32) });
    expect(received.body).toMatchObject({ verificationCode: "ab12", challengeId: "c".repeat(32) });
  });

  it("stageAdmin lands on people when the menus load, on workingSpace when they do not", async () => {
    sessionStorage.setItem("system", "stageAdmin");
    const ok = await loginServer();
    expect(await ok.t.authProvider.login({ userName: "admin", password: "Staff@12345" })).toMatchObject({
      redirectTo: ROUTES.adminPeople,
    });

    const failing = await loginServer({
      "POST /api/RoleMenuController/getRoleMenuVOByRoles": () => json(500, envelope(500, "坏了", "Broken")),
    });
    expect(await failing.t.authProvider.login({ userName: "admin", password: "Staff@12345" })).toMatchObject({
      success: true,
      redirectTo: ROUTES.workingSpace,
    });
    expect(sessionStorage.getItem("system")).toBe("stageAdmin");
  });

  it("a wrong password fails with 登录失败: plus the server message, stores nothing, shows no toast", async () => {
    const { t } = await loginServer();
    sessionStorage.setItem("sid", "earlier-sid");
    const result = await t.authProvider.login({ userName: "zhangwei", password: "wrong" });
    expect(result).toMatchObject({ success: false, error: { message: "登录失败:用户名或密码错误" } });
    expect(sessionStorage.getItem("sid")).toBe("earlier-sid");
    expect(sessionStorage.getItem("userInfo")).toBeNull();
    expect(t.notified).toEqual([]);
  });

  describe("already logged in elsewhere (spec 4; asked only after the password, issue 20)", () => {
    /** baseLogin says another session is live; logouts are recorded with the sid they ended. */
    async function elsewhereServer() {
      const loggedOut: { sid: string | null; authorization: string | null }[] = [];
      const server = await loginServer({
        "POST /sysUserEx/baseLogin": () => json(200, envelope(0, "", "", { sid: "new-sid", loggedInElsewhere: true })),
        "GET /sysUserEx/logout": (request) => {
          loggedOut.push({ sid: request.headers.get("sid"), authorization: request.headers.get("authorization") });
          return json(200, { ...envelope(0, "", ""), respCode: 0, message: "" });
        },
      });
      return { ...server, loggedOut };
    }
    const pathsOf = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/portal-api/, "")}`);

    it("asks once the server answered, and Confirm signs in with that answer's session, asking nothing again", async () => {
      const { t, loggedOut } = await elsewhereServer();
      let askedAfter: string[] = [];
      const confirmElsewhere = vi.fn(async () => {
        askedAfter = pathsOf(t.requests);
        return true;
      });
      const result = await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345", confirmElsewhere });
      expect(result).toEqual({ success: true, redirectTo: ROUTES.workingSpace });
      expect(confirmElsewhere).toHaveBeenCalledTimes(1);
      expect(askedAfter).toEqual(["GET /sysUserEx/getPublicKey", "POST /sysUserEx/baseLogin"]);
      expect(sessionStorage.getItem("sid")).toBe("new-sid");
      expect(pathsOf(t.requests).filter((p) => p === "POST /sysUserEx/baseLogin")).toHaveLength(1);
      expect(pathsOf(t.requests)).not.toContain("GET /api/user/checkLoginStatus");
      expect(loggedOut).toEqual([]);
    });

    it("Cancel ends the new session under its own sid, stores nothing and leaves an earlier session alone", async () => {
      const { t, loggedOut } = await elsewhereServer();
      sessionStorage.setItem("sid", "earlier-sid");
      sessionStorage.setItem("token", "earlier-token");
      const result = await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345", confirmElsewhere: async () => false });
      expect(result).toMatchObject({ success: false, error: { name: LOGIN_CANCELLED } });
      expect(loggedOut).toEqual([{ sid: "new-sid", authorization: "new-sid" }]);
      expect(sessionStorage.getItem("sid")).toBe("earlier-sid");
      expect(sessionStorage.getItem("token")).toBe("earlier-token");
      expect(sessionStorage.getItem("userInfo")).toBeNull();
      expect(t.notified).toEqual([]);
    });

    it("is not asked when nobody else is signed in, nor when the password is wrong", async () => {
      const { t } = await loginServer();
      const confirmElsewhere = vi.fn(async () => true);
      expect(await t.authProvider.login({ userName: "zhangwei", password: "wrong", confirmElsewhere })).toMatchObject({ success: false });
      expect(await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345", confirmElsewhere })).toMatchObject({ success: true });
      expect(confirmElsewhere).not.toHaveBeenCalled();
    });
  });

  it("a captcha the server asks for (code 4002) fails as CaptchaRequired, with the server's message", async () => {
    const { t } = await loginServer({
      "POST /sysUserEx/baseLogin": () => json(400, envelope(4002, "请输入验证码", "Please enter the verification code")),
    });
    const result = await t.authProvider.login({ userName: "zhangwei", password: "Staff@12345" });
    expect(result).toMatchObject({ success: false, error: { name: CAPTCHA_REQUIRED, message: "登录失败:请输入验证码" } });
  });

  it("the failure message follows the language", async () => {
    await setLanguage("en");
    const { t } = await loginServer();
    const result = await t.authProvider.login({ userName: "zhangwei", password: "wrong" });
    expect(result).toMatchObject({ error: { message: "Login failed: Wrong user name or password" } });
  });
});

describe("logout, identity, permissions", () => {
  it("logout calls the server, clears the session keys, sets isLoggedIn 0, goes to /loginCopy", async () => {
    for (const [key, value] of Object.entries({ sid: "s", token: "t", userId: "2", userInfo: "{}", permissionMap: "{}", i18n: "en" }))
      sessionStorage.setItem(key, value);
    localStorage.setItem("isLoggedIn", "2");
    const t = setupWith({
      "GET /sysUserEx/logout": () => json(200, { ...envelope(0, "", ""), respCode: 0, message: "" }),
    });
    expect(await t.authProvider.logout({})).toEqual({ success: true, redirectTo: "/loginCopy" });
    expect(t.requests.map((r) => new URL(r.url).pathname)).toEqual(["/portal-api/sysUserEx/logout"]);
    for (const key of ["sid", "token", "userId", "userInfo", "permissionMap"]) expect(sessionStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem("i18n")).toBe("en");
    expect(localStorage.getItem("isLoggedIn")).toBe("0");
  });

  it("a SAML session whose IdP has single logout: the session is cleared and the browser leaves for the IdP (issue 19)", async () => {
    sessionStorage.setItem("sid", "abc");
    const idpLogoutUrl = "https://idp.example/slo?SAMLRequest=x&SigAlg=y&Signature=z";
    const t = setupWith({
      "GET /sysUserEx/logout": () => json(200, { ...envelope(0, "", ""), data: { idpLogoutUrl }, respCode: 0, message: "" }),
    });
    let settled = false;
    void t.authProvider.logout({}).then(() => (settled = true));
    await vi.waitFor(() => expect(t.visits).toEqual([idpLogoutUrl]));
    expect(sessionStorage.getItem("sid")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false); // no caller navigates over the IdP's address
  });

  it("a logout the server refuses keeps the session", async () => {
    sessionStorage.setItem("sid", "s");
    const t = setupWith({ "GET /sysUserEx/logout": () => json(500, envelope(500, "坏了", "Broken")) });
    expect(await t.authProvider.logout({})).toMatchObject({ success: false });
    expect(sessionStorage.getItem("sid")).toBe("s");
  });

  it("getIdentity returns the server's user info and getPermissions its role codes", async () => {
    sessionStorage.setItem("sid", "s");
    const t = setupWith({ "GET /sysUserEx/getUserInfo": () => json(200, envelope(0, "", "", { ...USER, roleCodes: ["staff", "editor"] })) });
    expect(await t.authProvider.getIdentity!()).toMatchObject({ realName: "张伟" });
    expect(await t.authProvider.getPermissions!()).toEqual(["staff", "editor"]);
  });
});

describe("session actions: a sid from single sign-on, and role change (spec 2.5, 4, 6)", () => {
  const userFor = (sid: string | null) =>
    sid === "sso-sid" || sid === "editor-sid"
      ? json(200, envelope(0, "", "", { ...USER, roleCode: sid === "editor-sid" ? "editor" : "staff" }))
      : expired({} as Request);

  it("establish stores the sid, loads user info and menus like the password login", async () => {
    sessionStorage.setItem("token", "old-token");
    sessionStorage.setItem("system", "stageAdmin");
    const t = setupWith({
      "GET /sysUserEx/getUserInfo": (request) => userFor(request.headers.get("sid")),
      "POST /api/RoleMenuController/getRoleMenuVOByRoles": () => json(200, envelope(0, "", "", MENUS)),
    });
    const { user, menusLoaded } = await t.session.establish("sso-sid");
    expect(user.userName).toBe("zhangwei");
    expect(menusLoaded).toBe(true);
    expect(sessionStorage.getItem("sid")).toBe("sso-sid");
    expect(sessionStorage.getItem("token")).toBeNull(); // nothing of the earlier session
    expect(sessionStorage.getItem("system")).toBe("stageAdmin"); // the chosen system stays
    expect(JSON.parse(sessionStorage.getItem("menuPermissionMap")!)).toEqual({ "/sys": true });
    expect(localStorage.getItem("isLoggedIn")).toBe("2");
    expect(t.notified).toEqual([]);
  });

  it("establish with a sid the server refuses leaves no half session and rethrows", async () => {
    const t = setupWith({ "GET /sysUserEx/getUserInfo": () => json(403, envelope(4003, "用户已停用", "User disabled")) });
    await expect(t.session.establish("bad-sid")).rejects.toMatchObject({ code: 4003 });
    expect(sessionStorage.getItem("sid")).toBeNull();
    expect(t.notified).toEqual([]); // silent: the relogin page shows 登录失败:
  });

  it("changeRole stores the new sid, reloads user info and menus, and sets isChangeRole meanwhile", async () => {
    sessionStorage.setItem("sid", "sso-sid");
    let flagDuringCall: string | null = null;
    const t = setupWith({
      "GET /sysUserEx/changeRole": (request) => {
        flagDuringCall = sessionStorage.getItem("isChangeRole");
        expect(new URL(request.url).searchParams.get("roleCode")).toBe("editor");
        return json(200, { ...envelope(0, "", "", { sid: "editor-sid" }), result: "0" });
      },
      "GET /sysUserEx/getUserInfo": (request) => userFor(request.headers.get("sid")),
      "POST /api/RoleMenuController/getRoleMenuVOByRoles": (request) =>
        json(200, envelope(0, "", "", request.headers.get("sid") === "editor-sid" ? [{ ...MENUS[0], url: "/policy" }] : MENUS)),
    });
    const user = await t.session.changeRole("editor");
    expect(flagDuringCall).toBe("1");
    expect(user.roleCode).toBe("editor");
    expect(sessionStorage.getItem("sid")).toBe("editor-sid");
    expect(sessionStorage.getItem("isChangeRole")).toBeNull();
    expect(JSON.parse(sessionStorage.getItem("menuPermissionMap")!)).toEqual({ "/policy": true });
  });

  it("a refused changeRole shows resultMessage, keeps the sid, and clears isChangeRole", async () => {
    sessionStorage.setItem("sid", "sso-sid");
    const t = setupWith({ "GET /sysUserEx/changeRole": () => json(400, envelope(400, "无此角色", "No such role")) });
    await expect(t.session.changeRole("admin")).rejects.toBeTruthy();
    expect(t.notified).toEqual(["无此角色"]);
    expect(sessionStorage.getItem("sid")).toBe("sso-sid");
    expect(sessionStorage.getItem("isChangeRole")).toBeNull();
  });
});
