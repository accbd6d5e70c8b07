import type { FastifyRequest } from "fastify";
import { consentRequired, forbidden, passwordChangeRequired, sessionExpired } from "../lib/errors.ts";
import { resolveSession, type Session } from "../lib/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

const SID = /^[0-9a-f]{64}$/;

/** The session id of a request: the Authorization header (a stored token) overrides `sid`. */
export function sidOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  const fromAuth = typeof auth === "string" ? auth.replace(/^Bearer\s+/i, "").trim() : "";
  if (fromAuth) return fromAuth;
  const sid = req.headers.sid;
  return typeof sid === "string" && sid.trim() ? sid.trim() : undefined;
}

/**
 * Authentication and authorisation of every operation that is not `security: []`: a live session
 * (else 401, code 4004); the user's acceptance of the current privacy policy unless the operation
 * is `x-consent-exempt` (else 403, code 4010; administrators too); then the operation's
 * `x-permission` granted by the session's role (else 403, code 4003; a list needs every entry). Between
 * the two, a password sign-in with a password an administrator gave (issue 21) may call only the
 * consent-exempt operations and those marked `x-password-change-exempt` (updatepwd), else 403, code
 * 4011, until the user has changed it. Both security schemes of the
 * document (sid, authorization) run this one check. The session query already carries the consent,
 * so the check costs no extra round trip.
 */
export async function authenticate(req: FastifyRequest) {
  if (!req.session) {
    const sid = sidOf(req);
    const session = sid && SID.test(sid) ? await resolveSession(req.server.db, sid) : null;
    if (!session) throw sessionExpired();
    req.session = session;
  }
  const schema = req.routeOptions.schema as Record<string, unknown> | undefined;
  if (!req.session.consented && schema?.["x-consent-exempt"] !== true) throw consentRequired();
  // Issue 21: a password an administrator gave allows what the consent dialog needs, and changing it.
  if (req.session.mustChangePassword && schema?.["x-consent-exempt"] !== true && schema?.["x-password-change-exempt"] !== true)
    throw passwordChangeRequired();
  if (!permitted(req.session.permissions, schema?.["x-permission"])) throw forbidden();
}

/**
 * Whether granted urls satisfy an operation's `x-permission`: a menu url, or a list that must all
 * be granted (a menu and its button, e.g. ["/sys/user", "sys:user:delete"]: removing a button from
 * a role also refuses its operation); an entry "a|b" is satisfied by either (a picker list that
 * two screens use).
 */
export function permitted(granted: ReadonlySet<string>, needed: unknown): boolean {
  const list = typeof needed === "string" ? [needed] : Array.isArray(needed) ? (needed as string[]) : [];
  return list.every((entry) => entry.split("|").some((url) => granted.has(url)));
}

export const securityHandlers = { sid: authenticate, authorization: authenticate };

/** The signed-in session of a handler behind security (set by authenticate). */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw sessionExpired();
  return req.session;
}

/** A userId in a request must be the caller's own unless the caller is an administrator. */
export function assertSelfOrAdmin(req: FastifyRequest, userId: number | undefined) {
  const s = sessionOf(req);
  if (userId !== undefined && userId !== s.userId && !s.isAdmin) throw forbidden();
  return userId ?? s.userId;
}
