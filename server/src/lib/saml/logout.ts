import { publish } from "../notifications/outbox.ts";
import type { Profile } from "@node-saml/node-saml";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sessions } from "../../db/schema.ts";
import { badRequest } from "../errors.ts";
import { signInOf } from "../sessions.ts";
import { rememberOnce } from "./replay.ts";
import { NAMEID_UNSPECIFIED, ownRelative, serviceProvider, ssoConfigured } from "./sp.ts";
import { childrenNamed, hasDtd, parseXml } from "./xml.ts";

// Single logout (SAML profiles 4.4), front channel:
// - the portal's logout sends the person's browser to the IdP with a signed LogoutRequest naming
//   the NameID and SessionIndex kept with the session; the IdP's LogoutResponse comes back to our
//   SLO endpoint, which lands on /loginCopy (the portal session is already over by then);
// - an IdP's LogoutRequest (signed; HTTP-Redirect or HTTP-POST) ends every portal session of that
//   NameID (of that SessionIndex when it names one) and is answered with a signed LogoutResponse.

const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
/** How old an IdP's LogoutRequest may be (its IssueInstant), besides the allowed clock skew. */
const LOGOUT_REQUEST_MAX_AGE_MS = 10 * 60_000;

export const logoutRefused = (rule: string, cn: string, en: string) =>
  badRequest("SAMLRequest", rule, `注销请求无效：${cn}`, `The logout request was refused: ${en}`);

/** Where the browser goes after the portal's logout: the IdP's SLO with our LogoutRequest, or null (local only). */
export async function idpLogoutAddress(app: FastifyInstance, sidHash: string): Promise<string | null> {
  const { sso } = app.config;
  if (!sso.idpSloUrl || !ssoConfigured(app)) return null;
  const { saml } = await signInOf(app.db, sidHash);
  if (!saml) return null;
  const sp = await serviceProvider(app);
  const subject = { nameID: saml.nameId, nameIDFormat: saml.nameIdFormat ?? NAMEID_UNSPECIFIED, sessionIndex: saml.sessionIndex ?? undefined } as Profile;
  // The request id is kept with the pending sign-on requests: the LogoutResponse names it.
  return ownRelative(app, await sp.saml.getLogoutUrlAsync(subject, "", {}));
}

export interface LogoutRequestInfo {
  id: string;
  nameId: string;
  sessionIndexes: string[];
}

/** The root element of a logout message; no DTD, well-formed, else refused. */
export function logoutRoot(xml: string): Element {
  if (hasDtd(xml)) throw logoutRefused("xmlDtd", "包含 DOCTYPE 或实体声明", "it contains a DOCTYPE or an entity declaration");
  try {
    return parseXml(xml).documentElement as unknown as Element;
  } catch {
    throw logoutRefused("xml", "不是有效的 XML", "it is not valid XML");
  }
}

/** Reads and checks an IdP's LogoutRequest (its signature is checked by the caller, per binding). */
export async function readLogoutRequest(app: FastifyInstance, xml: string): Promise<LogoutRequestInfo> {
  const { sso } = app.config;
  const sp = await serviceProvider(app);
  const root = logoutRoot(xml);
  if (root.localName !== "LogoutRequest" || root.namespaceURI !== PROTOCOL) throw logoutRefused("xml", "不是 SAML 注销请求", "it is not a SAML LogoutRequest");
  if (childrenNamed(root, "Issuer")[0]?.textContent?.trim() !== sp.idpIssuer)
    throw logoutRefused("issuer", "签发方（Issuer）不是配置的身份提供方", "the Issuer is not the configured identity provider");
  const destination = root.getAttribute("Destination");
  if (destination && destination !== sso.sloUrl) throw logoutRefused("destination", "目标地址（Destination）不是本系统", "the Destination is not this service's logout endpoint");
  const now = Date.now();
  const issued = Date.parse(root.getAttribute("IssueInstant") ?? "");
  const expires = Date.parse(root.getAttribute("NotOnOrAfter") ?? "");
  if (Number.isNaN(issued) || issued > now + sso.clockSkewMs || issued < now - LOGOUT_REQUEST_MAX_AGE_MS - sso.clockSkewMs || expires <= now - sso.clockSkewMs)
    throw logoutRefused("validity", "不在有效期内", "it is outside its validity window");
  const id = root.getAttribute("ID");
  const nameId = childrenNamed(root, "NameID")[0]?.textContent?.trim();
  if (!id || !nameId) throw logoutRefused("fields", "缺少 ID 或 NameID", "it has no ID or no NameID");
  // A captured request replayed later must not end the person's later sessions.
  if (!(await rememberOnce(app.db, [`logout:${id}`], new Date(now + 24 * 3600_000))))
    throw logoutRefused("replay", "该请求已被使用过", "this request was already used");
  const sessionIndexes = childrenNamed(root, "SessionIndex").map((s) => s.textContent?.trim() ?? "").filter(Boolean);
  return { id, nameId, sessionIndexes };
}

/** Ends the portal sessions of the request's subject; answers how many ended. */
export async function endSamlSessions(app: FastifyInstance, request: LogoutRequestInfo): Promise<number> {
  const ended = await app.db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.samlNameId, request.nameId),
        isNull(sessions.endedAt),
        request.sessionIndexes.length ? inArray(sessions.samlSessionIndex, request.sessionIndexes) : undefined,
      ),
    )
    .returning({ sidHash: sessions.sidHash });
  // Issue 23: their live streams close on every instance.
  for (const { sidHash } of ended) await publish(app.db, { t: "s", sid: sidHash });
  return ended.length;
}

/** Our signed LogoutResponse to an IdP's request (HTTP-Redirect to SAML_IDP_SLO_URL), or null without one. */
export async function logoutResponseAddress(app: FastifyInstance, request: LogoutRequestInfo, relayState: string | undefined): Promise<string | null> {
  if (!app.config.sso.idpSloUrl) return null;
  const sp = await serviceProvider(app);
  return ownRelative(app, await sp.saml.getLogoutResponseUrlAsync({ ID: request.id } as Profile, relayState ?? "", {}, true));
}

/**
 * The IdP's answer to our LogoutRequest. The portal session ended before the browser left, so
 * whatever it says the browser lands on /loginCopy; what is wrong with it is only logged.
 */
export async function noteLogoutResponse(app: FastifyInstance, xml: string): Promise<string | null> {
  const sp = await serviceProvider(app);
  try {
    const root = parseXml(xml).documentElement as unknown as Element;
    if (root.localName !== "LogoutResponse") return "not a LogoutResponse";
    if (childrenNamed(root, "Issuer")[0]?.textContent?.trim() !== sp.idpIssuer) return "issuer";
    const status = childrenNamed(childrenNamed(root, "Status")[0] ?? root, "StatusCode")[0]?.getAttribute("Value");
    const answered = root.getAttribute("InResponseTo");
    if (!answered || !(await sp.store.takeAsync(answered))) return "inResponseTo";
    return status === "urn:oasis:names:tc:SAML:2.0:status:Success" ? null : `status ${status}`;
  } catch (e) {
    return (e as Error).message;
  }
}
