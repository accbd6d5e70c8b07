import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../lib/envelope.ts";
import { ApiError } from "../../lib/errors.ts";
import { clearHandoffCookie, issueHandoff, redeemHandoff, type HandoffContent } from "../../lib/saml/handoff.ts";
import { openSession, signOnSession, signOnUser } from "../../lib/saml/provision.ts";
import { refused } from "../../lib/saml/refusals.ts";
import { validateSamlResponse, type SignOn } from "../../lib/saml/response.ts";
import { isSsoRoute } from "../../lib/saml/routes.ts";
import { devIdpIdentity, signOnAddress } from "../../lib/saml/sp.ts";
import { IdpStatusError } from "../../lib/saml/status.ts";
import { identifierOf, samlSubjectOf } from "../../lib/saml/subject.ts";
import { verifyLoginToken, type TokenKind } from "../../lib/saml/tokens.ts";
import { rateLimit } from "../../lib/throttle.ts";
import { completeSigningReauth, returnAddress, takeSigningRequest, unvalidatedInResponseTo } from "../../lib/esign/ssoReauth.ts";
import { devIdpHandlers } from "./devIdp.ts";
import { ssoLogoutHandlers } from "./ssoLogout.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

const MINUTE = 60_000;

// Form posts (application/x-www-form-urlencoded) are not typed by OpRequest; the contract's
// schema has validated them when the handler runs.
type FormRequest<B> = FastifyRequest & { body: B };

// No token issuer configured (and no development IdP standing in): token sign-in is closed on this
// server - the caller's refusal (403), not a server failure.
const tokenNotConfigured = () =>
  new ApiError(403, 4003, "令牌登录尚未配置（TOKEN_ISSUER、TOKEN_ISSUER_PUBLIC_KEY）", "Token login is not configured (TOKEN_ISSUER, TOKEN_ISSUER_PUBLIC_KEY)");

const signOnOptions = (req: FastifyRequest) => {
  const { sso, demoSeed } = req.server.config;
  return { match: sso.userMatch, provision: sso.provision, demoWorkspace: demoSeed };
};

async function tokenLogin(req: FastifyRequest, token: string, kind: TokenKind) {
  const { db, config } = req.server;
  await rateLimit(db, `token:${req.ip}`, 60, MINUTE);
  const { tokenIssuer, spEntityId } = config.sso;
  const publicPem = config.sso.usesDevTokenIssuer ? (await devIdpIdentity(req.server)).publicPem : config.sso.tokenIssuerPublicKey;
  if (!tokenIssuer || !publicPem) throw tokenNotConfigured();
  const userName = await verifyLoginToken(db, token, kind, { issuer: tokenIssuer, audience: spEntityId, publicPem });
  // A token's sub is a user name (spec 2.5), whatever SAML_USER_MATCH says about SAML responses.
  return signOnSession(db, userName, kind === "saml2" ? "saml2Token" : "wechatToken", { ...signOnOptions(req), match: "userName" });
}

/** A validated response, or for a caller that wants a JSON answer, the IdP's status as a refusal. */
async function validated(req: FastifyRequest, samlResponse: string): Promise<SignOn> {
  try {
    return await validateSamlResponse(req.server, samlResponse);
  } catch (err) {
    if (!(err instanceof IdpStatusError)) throw err;
    req.log.info({ status: err.status, codes: err.detail.codes }, "SAML response with an identity provider error status");
    throw refused("idpStatus", `身份提供方没有完成登录（${err.status}）`, `the identity provider did not sign the user in (${err.status})`);
  }
}

export const ssoHandlers = {
  ...devIdpHandlers,
  ...ssoLogoutHandlers,

  async webSSO(req: OpRequest<"webSSO">) {
    await rateLimit(req.server.db, `sso:${req.ip}`, 60, MINUTE);
    return ok(await signOnAddress(req.server, req.query.route));
  },

  async ssoLogin(req: OpRequest<"ssoLogin">) {
    await rateLimit(req.server.db, `sso:${req.ip}`, 60, MINUTE);
    const address = await signOnAddress(req.server, req.query.route);
    return ok(address, { result: "0", content: address });
  },

  /** For a caller that posts a response directly (spec 7.9): validated, answered with a sid. */
  async ssoLoginResolve(req: OpRequest<"ssoLoginResolve">) {
    const { db, config } = req.server;
    await rateLimit(db, `ssoResolve:${req.ip}`, 60, MINUTE);
    const signOn = await validated(req, req.body.samlResponse);
    return ok({ sid: await signOnSession(db, identifierOf(signOn, config.sso), "saml", signOnOptions(req), samlSubjectOf(signOn)) });
  },

  /**
   * The assertion consumer (HTTP-POST binding): validates the response here and hands /relogin a
   * one-time code bound to this browser (lib/saml/handoff.ts), or the IdP's status; nothing of the
   * SAML message leaves in an address. RelayState is kept only when it is a landing route name.
   */
  async ssoAcs(req: FormRequest<{ SAMLResponse: string; RelayState?: string }>, reply: FastifyReply) {
    const { db, config } = req.server;
    await rateLimit(db, `ssoResolve:${req.ip}`, 60, MINUTE);
    const { SAMLResponse, RelayState } = req.body;
    const route = isSsoRoute(RelayState) ? `&route=${RelayState}` : "";
    const relogin = (query: string) => reply.code(303).header("cache-control", "no-store").header("location", `/relogin?${query}${route}`).send();

    let content: HandoffContent;
    try {
      const signOn = await validateSamlResponse(req.server, SAMLResponse);
      // Issue 24: the answer to a signing re-authentication opens no session; it allows one
      // signature by the session that asked, and the browser goes back to where it signs.
      const signing = await takeSigningRequest(db, signOn.inResponseTo);
      if (signing) {
        const refusal = await completeSigningReauth(req.server, signing, signOn, () =>
          signOnUser(db, identifierOf(signOn, config.sso), { ...signOnOptions(req), provision: false }).catch((err) => {
            if (err instanceof ApiError && err.status === 403) return null;
            throw err;
          }),
        );
        if (refusal) req.log.info({ refusal }, "SAML re-authentication for signing refused");
        return reply.code(303).header("cache-control", "no-store").header("location", returnAddress(signing.returnTo, refusal)).send();
      }
      content = { userId: await signOnUser(db, identifierOf(signOn, config.sso), signOnOptions(req)), saml: samlSubjectOf(signOn) };
    } catch (err) {
      const idpStatus = err instanceof IdpStatusError;
      if (!idpStatus && (!(err instanceof ApiError) || err.status >= 500 || err.status === 429)) throw err;
      // A refused answer to a signing re-authentication: back to the signing page, which says so
      // (the session that asked is still signed in; /relogin would sign it in again).
      const signing = await takeSigningRequest(db, unvalidatedInResponseTo(SAMLResponse));
      if (signing) {
        req.log.info({ refusal: "invalid", status: idpStatus ? (err as IdpStatusError).status : undefined }, "SAML re-authentication for signing refused");
        return reply.code(303).header("cache-control", "no-store").header("location", returnAddress(signing.returnTo, "invalid")).send();
      }
      if (err instanceof IdpStatusError) {
        req.log.info({ status: err.status, codes: err.detail.codes, message: err.detail.message }, "SAML response with an identity provider error status");
        return relogin(`ssoStatus=${err.status}`);
      }
      content = { error: err }; // shown by /relogin when it redeems the code, like any sign-on refusal
    }
    const { code, setCookie } = await issueHandoff(db, content, config.publicUrl.startsWith("https:"));
    reply.header("set-cookie", setCookie);
    return relogin(`code=${code}`);
  },

  /** /relogin's redemption of the ACS's code: with the binding cookie, once, within a minute; answers a sid. */
  async ssoCodeLogin(req: OpRequest<"ssoCodeLogin">, reply: FastifyReply) {
    const { db } = req.server;
    await rateLimit(db, `ssoCode:${req.ip}`, 60, MINUTE);
    reply.header("set-cookie", clearHandoffCookie(req.body.code));
    const { userId, saml } = await redeemHandoff(db, req.body.code, req.headers.cookie);
    return ok({ sid: await openSession(db, userId, "saml", saml) });
  },

  async saml2TokenLogin(req: OpRequest<"saml2TokenLogin">) {
    const sid = await tokenLogin(req, req.query.token, "saml2");
    return ok({ sid }, { result: "0", content: sid });
  },

  async wechattokenLogin(req: OpRequest<"wechattokenLogin">) {
    const sid = await tokenLogin(req, req.query.token, "wechat");
    return ok({ sid }, { content: sid });
  },
} satisfies TagHandlers<"sso">;
