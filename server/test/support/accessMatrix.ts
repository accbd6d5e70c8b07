import type { LightMyRequestResponse } from "fastify";
import { API_PREFIX, operations } from "../../src/contract.ts";
import { DEMO_ACCOUNTS, SEEDED_MENUS_WITHOUT_BUTTONS, SEEDED_ROLE_GRANTS } from "../../src/db/seed.ts";
import type { TestApp } from "../helper.ts";

// The access-control matrix of issue 8: every operation of the contract by every demo role, with
// the outcome the contract and the seed imply (never written by hand).

type Json = Record<string, any>;

/** A role as a column of the matrix: who signs in, and which current role the session takes. */
export interface MatrixRole {
  name: "anonymous" | "staff" | "admin" | "editor" | "menusOnly";
  /** The account that signs in (none for anonymous). */
  userName?: string;
  /** The session's current role; when it is not the account's first role, changeRole switches to it. */
  roleCode?: string;
  /** The menu and button urls the role is granted. */
  grants: readonly string[];
}

/**
 * The three demo accounts' roles, plus a role the test creates through the admin API with every
 * seeded menu and none of their buttons: no demo role holds a menu without its buttons, and that
 * column is where "the menu is granted, the button is not" is refused for every admin write.
 */
export const MENUS_ONLY = { userName: "matrixmenus", roleCode: "matrixMenus" } as const;

export const MATRIX_ROLES: MatrixRole[] = [
  { name: "anonymous", grants: [] },
  { name: "staff", userName: "zhangwei", roleCode: "staff", grants: SEEDED_ROLE_GRANTS.staff },
  { name: "admin", userName: "admin", roleCode: "admin", grants: SEEDED_ROLE_GRANTS.admin },
  { name: "editor", userName: "lina", roleCode: "editor", grants: SEEDED_ROLE_GRANTS.editor },
  { name: "menusOnly", ...MENUS_ONLY, grants: SEEDED_MENUS_WITHOUT_BUTTONS },
];

/** Passwords of accounts the test creates (the demo accounts' come from the seed). */
export const createdPasswords = new Map<string, string>();

export type Outcome = "passes" | "401 4004" | "403 4003";

export const isPublic = (op: Json) => Array.isArray(op.security) && op.security.length === 0;

/**
 * The contract's reading of `x-permission`, written here on its own rather than taken from
 * security.ts, so that a fault in the server's check shows in the matrix: a url, or a list of
 * entries that must all be granted; an entry "a|b" is granted by either. No entry, no check.
 */
export function grantsSatisfy(granted: readonly string[], needed: unknown): boolean {
  const entries: string[] = typeof needed === "string" ? [needed] : Array.isArray(needed) ? needed : [];
  for (const entry of entries) {
    const alternatives = entry.split("|");
    if (!alternatives.some((url) => granted.includes(url))) return false;
  }
  return true;
}

/** What the gate (security.ts) must answer this role for this operation, from the contract and the grants. */
export function expectedOutcome(op: Json, role: MatrixRole): Outcome {
  if (isPublic(op)) return "passes";
  if (!role.roleCode) return "401 4004";
  return grantsSatisfy(role.grants, op["x-permission"]) ? "passes" : "403 4003";
}

/**
 * The gate's answer as an outcome: 401 code 4004 and 403 code 4003 are its refusals; anything else
 * (200, or a 400/404 of the minimal request) means the request got past it.
 */
export function observedOutcome(res: LightMyRequestResponse): Outcome | `other ${number} ${string}` {
  let code: unknown;
  try {
    code = res.json()?.code;
  } catch {
    code = undefined;
  }
  if (res.statusCode === 401 && code === 4004) return "401 4004";
  if (res.statusCode === 403 && code === 4003) return "403 4003";
  // A 401 or 403 with another code (e.g. 4010 consent) is neither a pass nor the expected refusal.
  if (res.statusCode === 401 || res.statusCode === 403) return `other ${res.statusCode} ${String(code)}`;
  return "passes";
}

const sample = (schema: Json | undefined): string => {
  if (Array.isArray(schema?.enum) && schema.enum.length) return String(schema.enum[0]);
  return "1";
};

/** The url of the minimal request: path parameters filled (an enum's first value, else 1), no query. */
export function minimalUrl(path: string, op: Json, root: boolean): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = (op.parameters ?? []).find((x: Json) => x.in === "path" && x.name === name);
    return encodeURIComponent(sample(p?.schema));
  });
  return root ? filled : `${API_PREFIX}${filled}`;
}

/**
 * Operations whose success ends or replaces the caller's session: a row that passes the gate for
 * them gets a session of its own, so the shared one of the later rows is untouched.
 */
export const SESSION_CHANGING = new Set(["logout", "changeRole", "updatepwd"]);

/**
 * The minimal body of an operation in its first declared media type, with that content-type: an
 * empty JSON object, an empty form, an empty multipart form. The gate is the subject here; a body
 * sent without any content-type is a case of its own (fastify does not validate it at all).
 */
export function minimalBody(op: Json): { payload?: string; headers: Record<string, string> } {
  const type = Object.keys(op.requestBody?.content ?? {})[0];
  if (!type) return { headers: {} };
  if (type === "application/json") return { payload: "{}", headers: { "content-type": type } };
  if (type === "multipart/form-data") return { payload: "--matrix--\r\n", headers: { "content-type": `${type}; boundary=matrix` } };
  return { payload: "", headers: { "content-type": type } };
}

export interface MatrixRow {
  operationId: string;
  method: string;
  path: string;
  url: string;
  body: ReturnType<typeof minimalBody>;
  role: MatrixRole;
  expected: Outcome;
  op: Json;
}

/** Every operation by every role. */
export function matrixRows(doc: Json): MatrixRow[] {
  return operations(doc).flatMap((o) =>
    MATRIX_ROLES.map((role) => ({
      operationId: o.operationId,
      method: o.method,
      path: o.path,
      url: minimalUrl(o.path, o.op, o.root),
      body: minimalBody(o.op),
      role,
      expected: expectedOutcome(o.op, role),
      op: o.op,
    })),
  );
}

/** Signs a role in through the API (login, then changeRole when its role is not the first one). */
export async function signIn(t: TestApp, role: MatrixRole): Promise<string | undefined> {
  if (!role.userName) return undefined;
  const demo = DEMO_ACCOUNTS.find((a) => a.userName === role.userName);
  const password = demo?.password ?? createdPasswords.get(role.userName);
  if (!password) throw new Error(`no password for ${role.userName}`);
  let sid = await t.login(role.userName, password);
  if (demo && role.roleCode && demo.roles[0] !== role.roleCode) {
    const res = await t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: role.roleCode } });
    if (res.statusCode !== 200) throw new Error(`changeRole ${role.roleCode} failed: ${res.body}`);
    sid = res.json().data.sid as string;
  }
  return sid;
}
