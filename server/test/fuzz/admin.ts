import type { TestApp } from "../helper.ts";
import type { FuzzRequest } from "./requests.ts";

// The administrator's session the fuzzer sends valid and invalid requests with, kept usable.
//
// A few valid requests by the administrator would end the run's own session or permissions:
// disabling, deleting, re-roling or resetting the administrator, disabling or re-granting the
// admin role, editing or deleting the seeded menus (the permission urls), switching the session
// to another role, logging out, publishing a new privacy policy or withdrawing consent. Those ids
// are swapped for an id that does not exist (the request still runs, answering 404 or 400), and
// after every operation that can change the session the session is checked and repaired (log in
// again, accept the current policy). Whether these protections themselves work is the access
// matrix's and the session tests' job, not the fuzzer's.

const NO_SUCH_ID = 2147483000;

let loginCounter = 0;

export class AdminSession {
  sid = "";
  userId = 0;
  adminRoleId = 0;
  seededMenuIds = new Set<number>();
  repairs = 0;

  constructor(
    private t: TestApp,
    private userName = "admin",
    private password = "Admin@12345",
  ) {}

  async login() {
    loginCounter += 1;
    // Its own client addresses, apart from the fuzzed requests' (login back-off is per client too).
    const res = await this.t.app.inject({
      method: "POST",
      url: "/portal-api/sysUserEx/baseLogin",
      payload: { userName: this.userName, password: this.t.app.transportKey.encrypt(this.password) },
      remoteAddress: `172.16.${(loginCounter >> 8) & 255}.${loginCounter & 255}`,
    });
    if (res.statusCode !== 200) throw new Error(`the administrator cannot log in any more: ${res.statusCode} ${res.body}`);
    this.sid = res.json().data.sid;
  }

  async init() {
    await this.login();
    const info = await this.t.app.inject({ method: "GET", url: "/portal-api/sysUserEx/getUserInfo", headers: { sid: this.sid } });
    this.userId = info.json().data.id;
    const { rows } = await this.t.sql.query("SELECT id FROM sys_role WHERE role_code = 'admin'");
    this.adminRoleId = rows[0].id;
    const menus = await this.t.sql.query("SELECT id FROM sys_menu");
    this.seededMenuIds = new Set(menus.rows.map((r) => Number(r.id)));
  }

  /** Operations whose valid requests may end or change the session: check it after each. */
  static readonly RISKY = new Set([
    "logout",
    "changeRole",
    "updatepwd",
    "createBscPrivacyPolicy",
    "savePersonalStatusRecord",
    "resetPassword",
    "changeUserStatus",
    "changeRoleStatus",
    "updateSysUserRole",
    "deleteSysUserRole",
    "updateSysRole",
    "updateRole",
    "updateSysMenu",
    "deleteSysMenu",
  ]);

  /** Where an operation names the administrator, its role or a seeded menu: [in, field, protected ids]. */
  private guards(operationId: string): [("query" | "body")[], string, Set<number>][] {
    const user = new Set([this.userId]);
    const role = new Set([this.adminRoleId]);
    const both = ["query", "body"] as ("query" | "body")[];
    switch (operationId) {
      case "changeUserStatus":
      case "deleteSysUserRole":
      case "updateSysUserRole":
        return [[both, "id", user]];
      case "resetPassword":
        return [[both, "userId", user]];
      case "changeRoleStatus":
      case "updateSysRole":
      case "updateRole":
        return [[both, "id", role]];
      case "updateSysMenu":
      case "deleteSysMenu":
        return [[both, "id", this.seededMenuIds]];
      default:
        return [];
    }
  }

  /** The request with the administrator's own user, role and menus swapped for a missing id. */
  neutralise(operationId: string, req: FuzzRequest): FuzzRequest {
    const guards = this.guards(operationId);
    if (!guards.length) return req;
    const hits = (v: unknown) => (Array.isArray(v) ? v : [v]).some((x) => x !== null && x !== "" && typeof x !== "object" && guards.some(([, , ids]) => ids.has(Number(x))));
    let out = req;
    for (const [where, field] of guards) {
      if (where.includes("query") && field in out.query && hits(out.query[field])) out = { ...out, query: { ...out.query, [field]: String(NO_SUCH_ID) } };
      const b = out.body;
      if (!where.includes("body") || !b) continue;
      if (b.type === "json" && b.value && typeof b.value === "object" && !Array.isArray(b.value) && hits((b.value as any)[field]))
        out = { ...out, body: { type: "json", value: { ...(b.value as object), [field]: NO_SUCH_ID } } };
      if (b.type === "rawJson") {
        try {
          const parsed = JSON.parse(b.payload);
          if (parsed && typeof parsed === "object" && hits(parsed[field])) out = { ...out, body: { type: "json", value: { ...parsed, [field]: NO_SUCH_ID } } };
        } catch {
          // not JSON: harmless
        }
      }
    }
    return out;
  }

  /** Checks the session can still do admin work; logs in again or re-accepts the policy when not. */
  async ensure() {
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await this.t.app.inject({ method: "GET", url: "/portal-api/sysAuditLog/entities", headers: { sid: this.sid } });
      if (res.statusCode === 200) return;
      this.repairs += 1;
      const code = res.json()?.code;
      if (res.statusCode === 403 && code === 4010) {
        const policy = await this.t.app.inject({ method: "GET", url: "/portal-api/bscPrivacyPolicy", headers: { sid: this.sid } });
        const version = policy.json()?.data?.policyVersion;
        await this.t.app.inject({
          method: "POST",
          url: "/portal-api/personalStatusRecord",
          headers: { sid: this.sid },
          payload: { userId: this.userId, privacyStatus: 1, privacyVersion: version },
        });
      } else await this.login();
    }
    throw new Error("the administrator's session could not be repaired");
  }
}
