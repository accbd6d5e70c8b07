import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { users } from "../../db/schema.ts";
import { pageCsp, pickerPage, postPage } from "../../devIdp/page.ts";
import { readAuthnRequest, verifyRedirectSignature } from "../../devIdp/request.ts";
import { signedResponse } from "../../devIdp/response.ts";
import { mintToken } from "../../devIdp/token.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { devIdpIdentity, ownRelative, serviceProvider } from "../../lib/saml/sp.ts";
import type { TokenKind } from "../../lib/saml/tokens.ts";
import type { TagHandlers } from "../types.ts";

// The development identity provider (x-dev-only operations: no routes when DEV_IDP is off).

type FormRequest<B> = FastifyRequest & { body: B };

export const devIdpIssuer = (app: FastifyInstance) => `${app.config.publicUrl}/portal-api/devIdp`;

const notOurSp = () =>
  badRequest("SAMLRequest", "serviceProvider", "登录请求无效：不是本系统的服务提供方", "The sign-on request is not valid: not this product's service provider");

export const devIdpHandlers = {
  async devIdpSso(req: FastifyRequest & { query: { SAMLRequest: string; RelayState?: string; SigAlg: string; Signature: string } }, reply: FastifyReply) {
    const { db, config } = req.server;
    const sp = await serviceProvider(req.server);
    verifyRedirectSignature(req.query, sp.signing.publicPem);
    const request = readAuthnRequest(req.query.SAMLRequest);
    if (request.issuer !== config.sso.spEntityId || request.acsUrl !== config.sso.acsUrl) throw notOurSp();
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
    if (request.issuer !== config.sso.spEntityId || request.acsUrl !== config.sso.acsUrl) throw notOurSp();
    const key = await devIdpIdentity(req.server);
    const samlResponse = signedResponse(
      { issuer: devIdpIssuer(req.server), audience: request.issuer, destination: request.acsUrl, inResponseTo: request.id, nameId: req.body.userName },
      key,
    );
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp([new URL(request.acsUrl).origin]))
      .send(postPage(ownRelative(req.server, request.acsUrl), samlResponse, req.body.RelayState));
  },

  async devIdpToken(req: FastifyRequest & { query: { userName: string; kind: TokenKind } }) {
    const key = await devIdpIdentity(req.server);
    const token = mintToken({ issuer: devIdpIssuer(req.server), audience: req.server.config.sso.spEntityId, sub: req.query.userName, kind: req.query.kind }, key.privatePem);
    return ok({ token });
  },
} satisfies TagHandlers<"sso">;
