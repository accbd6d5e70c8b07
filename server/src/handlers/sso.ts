import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { users } from "../db/schema.ts";
import { pageCsp, pickerPage, postPage } from "../devIdp/page.ts";
import { readAuthnRequest, verifyRedirectSignature } from "../devIdp/request.ts";
import { signedResponse } from "../devIdp/response.ts";
import { mintToken } from "../devIdp/token.ts";
import { ok } from "../lib/envelope.ts";
import { ApiError, badRequest } from "../lib/errors.ts";
import { DEV_IDP_KEY, loadKeyPair } from "../lib/saml/keys.ts";
import { signOnSession } from "../lib/saml/provision.ts";
import { isSsoRoute } from "../lib/saml/routes.ts";
import { serviceProvider, signOnAddress, validateSamlResponse } from "../lib/saml/sp.ts";
import { verifyLoginToken, type TokenKind } from "../lib/saml/tokens.ts";
import { rateLimit } from "../lib/throttle.ts";
import type { OpRequest } from "./types.ts";

const MINUTE = 60_000;

// Form posts (application/x-www-form-urlencoded) are not typed by OpRequest; the contract's
// schema has validated them when the handler runs.
type FormRequest<B> = FastifyRequest & { body: B };

// No token issuer configured (and no development IdP standing in): token sign-in is closed on this
// server - the caller's refusal (403), not a server failure.
const tokenNotConfigured = () =>
  new ApiError(403, 4003, "令牌登录尚未配置（TOKEN_ISSUER、TOKEN_ISSUER_PUBLIC_KEY）", "Token login is not configured (TOKEN_ISSUER, TOKEN_ISSUER_PUBLIC_KEY)");

async function tokenLogin(req: FastifyRequest, token: string, kind: TokenKind) {
  const { db, config } = req.server;
  await rateLimit(db, `token:${req.ip}`, 60, MINUTE);
  const { tokenIssuer, spEntityId, provision } = config.sso;
  const publicPem = config.sso.usesDevTokenIssuer ? (await loadKeyPair(db, DEV_IDP_KEY)).publicPem : config.sso.tokenIssuerPublicKey;
  if (!tokenIssuer || !publicPem) throw tokenNotConfigured();
  const userName = await verifyLoginToken(db, token, kind, { issuer: tokenIssuer, audience: spEntityId, publicPem });
  return signOnSession(db, userName, provision, kind === "saml2" ? "saml2Token" : "wechatToken", { demoWorkspace: config.demoSeed });
}

/** The dev IdP's signing key (its public half is the IdP certificate the SP trusts by default). */
const devIdpKey = (app: FastifyInstance) => loadKeyPair(app.db, DEV_IDP_KEY);
const devIdpIssuer = (app: FastifyInstance) => `${app.config.publicUrl}/portal-api/devIdp`;

export const ssoHandlers = {
  async webSSO(req: OpRequest<"webSSO">) {
    await rateLimit(req.server.db, `sso:${req.ip}`, 60, MINUTE);
    return ok(await signOnAddress(req.server, req.query.route));
  },

  async ssoLogin(req: OpRequest<"ssoLogin">) {
    await rateLimit(req.server.db, `sso:${req.ip}`, 60, MINUTE);
    const address = await signOnAddress(req.server, req.query.route);
    return ok(address, { result: "0", content: address });
  },

  async ssoLoginResolve(req: OpRequest<"ssoLoginResolve">) {
    const { db, config } = req.server;
    await rateLimit(db, `ssoResolve:${req.ip}`, 60, MINUTE);
    const nameId = await validateSamlResponse(req.server, req.body.samlResponse);
    return ok({ sid: await signOnSession(db, nameId, config.sso.provision, "saml", { demoWorkspace: config.demoSeed }) });
  },

  async saml2TokenLogin(req: OpRequest<"saml2TokenLogin">) {
    const sid = await tokenLogin(req, req.query.token, "saml2");
    return ok({ sid }, { result: "0", content: sid });
  },

  async wechattokenLogin(req: OpRequest<"wechattokenLogin">) {
    const sid = await tokenLogin(req, req.query.token, "wechat");
    return ok({ sid }, { content: sid });
  },

  /** HTTP-POST binding hand-off: never validates, never leads outside this product. */
  async ssoAcs(req: FormRequest<{ SAMLResponse: string; RelayState?: string }>, reply: FastifyReply) {
    const { SAMLResponse, RelayState } = req.body;
    const route = isSsoRoute(RelayState) ? `&route=${RelayState}` : "";
    return reply
      .code(303)
      .header("cache-control", "no-store")
      .header("location", `/relogin?SAMLResponse=${encodeURIComponent(SAMLResponse.replace(/[\r\n]/g, ""))}${route}`)
      .send();
  },

  // ------------------------------------------------ development identity provider (DEV_IDP only)
  async devIdpSso(req: FastifyRequest & { query: { SAMLRequest: string; RelayState?: string; SigAlg: string; Signature: string } }, reply: FastifyReply) {
    const { db, config } = req.server;
    const sp = await serviceProvider(req.server);
    verifyRedirectSignature(req.query, sp.spPublicPem);
    const request = readAuthnRequest(req.query.SAMLRequest);
    if (request.issuer !== config.sso.spEntityId || request.acsUrl !== config.sso.acsUrl)
      throw badRequest("SAMLRequest", "serviceProvider", "登录请求无效：不是本系统的服务提供方", "The sign-on request is not valid: not this product's service provider");
    const list = await db.select({ userName: users.userName, realName: users.realName }).from(users).where(eq(users.status, 1)).orderBy(asc(users.id)).limit(50);
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp([]))
      .send(pickerPage(list, req.query.SAMLRequest, req.query.RelayState));
  },

  async devIdpRespond(req: FormRequest<{ userName: string; SAMLRequest: string; RelayState?: string }>, reply: FastifyReply) {
    const { config } = req.server;
    const request = readAuthnRequest(req.body.SAMLRequest);
    // The dev IdP answers only this product's SP, and only at its configured ACS URL.
    if (request.issuer !== config.sso.spEntityId || request.acsUrl !== config.sso.acsUrl)
      throw badRequest("SAMLRequest", "serviceProvider", "登录请求无效：不是本系统的服务提供方", "The sign-on request is not valid: not this product's service provider");
    const key = await devIdpKey(req.server);
    const samlResponse = signedResponse(
      { issuer: devIdpIssuer(req.server), audience: request.issuer, destination: request.acsUrl, inResponseTo: request.id, nameId: req.body.userName },
      key,
    );
    const own = config.publicUrl;
    const action = request.acsUrl.startsWith(`${own}/`) ? request.acsUrl.slice(own.length) : request.acsUrl;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp([new URL(request.acsUrl).origin]))
      .send(postPage(action, samlResponse, req.body.RelayState));
  },

  async devIdpToken(req: FastifyRequest & { query: { userName: string; kind: TokenKind } }) {
    const key = await devIdpKey(req.server);
    const token = mintToken({ issuer: devIdpIssuer(req.server), audience: req.server.config.sso.spEntityId, sub: req.query.userName, kind: req.query.kind }, key.privatePem);
    return ok({ token });
  },
};
