import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { sessions, signingReauths, signingRequests } from "../../db/schema.ts";
import { ABSOLUTE_HOURS, IDLE_MINUTES } from "../sessions.ts";
import { badRequest } from "../errors.ts";
import { rawQuery, inflateMessage } from "../saml/redirectBinding.ts";
import { REQUEST_TTL_MS } from "../saml/requestStore.ts";
import type { SignOn } from "../saml/response.ts";
import { ownRelative, serviceProvider } from "../saml/sp.ts";
import { hasDtd, parseXml } from "../saml/xml.ts";

// Issue 24 (21 CFR 11.200(a)): a person signed in with SSO re-authenticates for a signature at the
// identity provider, with a forced fresh login (ForceAuthn="true"), not with a password the portal
// does not hold. The AuthnRequest is bound here to the session and the path to come back to; the
// assertion consumer recognises the answer by InResponseTo and, instead of opening a session,
// leaves one signature's worth of proof (portal_signing_reauth) for that session.

/** Why a signing re-authentication was refused; the page returned to says it in the person's language. */
export type ReauthRefusal = "stale" | "otherPerson" | "session" | "invalid";

/** A path of this product (not another site's address, not the API itself). */
export function isProductPath(path: string): boolean {
  if (!/^\/[^/\\]/.test(path) || path.length > 500) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  try {
    const url = new URL(path, "http://portal.invalid");
    return url.origin === "http://portal.invalid" && !url.pathname.startsWith("/portal-api");
  } catch {
    return false;
  }
}

export const notSsoSession = () =>
  badRequest("returnTo", "notSso", "您使用密码登录：请输入密码签名", "You signed in with a password: sign with your password");

/**
 * The IdP address of a signed AuthnRequest with ForceAuthn="true", its id bound to the session.
 * The address carries the SAML request only (RelayState stays empty: nothing of the session or
 * the path leaves the server).
 */
export async function startSigningReauth(app: FastifyInstance, sidHash: string, userId: number, returnTo: string): Promise<string> {
  if (!isProductPath(returnTo)) throw badRequest("returnTo", "path", "返回地址必须是本系统的页面", "The address to come back to must be a page of this portal");
  const sp = await serviceProvider(app);
  const url = await sp.forcedSaml.getAuthorizeUrlAsync("", undefined, {});
  const requestId = requestIdOf(url);
  await app.db.delete(signingRequests).where(lt(signingRequests.expiresAt, sql`now()`));
  await app.db.insert(signingRequests).values({ requestId, sidHash, userId, returnTo, expiresAt: new Date(Date.now() + REQUEST_TTL_MS) });
  return ownRelative(app, url);
}

/** The ID of the AuthnRequest in a redirect-binding address. */
export function requestIdOf(url: string): string {
  const message = rawQuery(url).get("SAMLRequest");
  const id = message ? parseXml(inflateMessage(decodeURIComponent(message))).documentElement?.getAttribute("ID") : null;
  if (!id) throw new Error("the AuthnRequest has no ID");
  return id;
}

/** The pending signing request a validated response answers, taken (once), or null for a sign-on. */
export async function takeSigningRequest(db: Db, inResponseTo: string | null) {
  if (!inResponseTo) return null;
  const [row] = await db.delete(signingRequests).where(eq(signingRequests.requestId, inResponseTo)).returning();
  return row ?? null;
}

/**
 * The InResponseTo a refused response claims (not validated): used only to send the browser back
 * to the signing page that asked, with the refusal; the pending request is dropped (asked again).
 */
export function unvalidatedInResponseTo(samlResponse: string): string | null {
  try {
    const xml = Buffer.from(samlResponse, "base64").toString("utf8");
    if (hasDtd(xml)) return null;
    const id = parseXml(xml).documentElement?.getAttribute("InResponseTo");
    return id && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

type SigningRequest = NonNullable<Awaited<ReturnType<typeof takeSigningRequest>>>;

/**
 * Judges a validated response to a signing request (the SAML checks are done): the person it
 * names is the bound session's, that session is still alive, and the login was made after the
 * request (an IdP that ignored ForceAuthn answers with its older login: refused). Then one
 * signature by that session is allowed for ESIGN_REAUTH_MINUTES.
 */
export async function completeSigningReauth(
  app: FastifyInstance,
  request: SigningRequest,
  signOn: SignOn,
  resolveUser: () => Promise<number | null>,
): Promise<ReauthRefusal | null> {
  const { db, config } = app;
  const userId = await resolveUser();
  if (userId !== request.userId) return "otherPerson";
  const [alive] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.sidHash, request.sidHash),
        eq(sessions.userId, request.userId),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${IDLE_MINUTES})`),
        gt(sessions.createdAt, sql`now() - make_interval(hours => ${ABSOLUTE_HOURS})`),
      ),
    );
  if (!alive) return "session";
  // The IdP's clock may differ from ours by up to the SAML clock skew allowed elsewhere.
  if (signOn.authnInstant === null || signOn.authnInstant + config.sso.clockSkewMs < request.requestedAt.getTime()) return "stale";
  await db.insert(signingReauths).values({
    sidHash: request.sidHash,
    userId: request.userId,
    authnInstant: new Date(signOn.authnInstant),
    expiresAt: sql`now() + make_interval(mins => ${config.esignReauthMinutes})`,
  });
  return null;
}

/** Where the browser goes back: returnTo, with the refusal named when there is one (no secret in it). */
export function returnAddress(returnTo: string, refusal: ReauthRefusal | null): string {
  if (!refusal) return returnTo;
  const url = new URL(returnTo, "http://portal.invalid");
  url.searchParams.set("esignRefused", refusal);
  return `${url.pathname}${url.search}${url.hash}`;
}
