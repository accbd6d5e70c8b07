import type { FastifyReply, FastifyRequest } from "fastify";
import { getVerifiedXml } from "@node-saml/node-saml/lib/xml";
import { endSamlSessions, logoutRefused, logoutResponseAddress, logoutRoot, noteLogoutResponse, readLogoutRequest } from "../../lib/saml/logout.ts";
import { spMetadata } from "../../lib/saml/metadata.ts";
import { checkRedirectSignature, inflateMessage, type RedirectFailure } from "../../lib/saml/redirectBinding.ts";
import { checkAlgorithms } from "../../lib/saml/signatures.ts";
import { serviceProvider, spIdentity } from "../../lib/saml/sp.ts";
import { childrenNamed } from "../../lib/saml/xml.ts";
import type { ApiError } from "../../lib/errors.ts";
import { rateLimit } from "../../lib/throttle.ts";
import type { TagHandlers } from "../types.ts";

// SP metadata and the single logout endpoint (lib/saml/logout.ts has the rules).

type SloQuery = { SAMLRequest?: string; SAMLResponse?: string; RelayState?: string; SigAlg?: string; Signature?: string };
type SloForm = { SAMLRequest?: string; SAMLResponse?: string; RelayState?: string };

const LOGIN_COPY = "/loginCopy";

const redirectRefusal: Record<RedirectFailure, () => Error> = {
  unsigned: () => logoutRefused("unsigned", "没有签名", "it is not signed"),
  algorithm: () => logoutRefused("algorithm", "签名算法不被接受", "its signature algorithm is not accepted"),
  sha1: () => logoutRefused("sha1", "使用了 SHA-1（可设置 SAML_ALLOW_SHA1=true）", "it uses SHA-1 (set SAML_ALLOW_SHA1=true to accept it)"),
  signature: () => logoutRefused("signature", "签名无法用配置的身份提供方证书验证", "its signature does not verify with the configured identity provider certificate(s)"),
};

const go = (reply: FastifyReply, location: string) => reply.code(303).header("cache-control", "no-store").header("location", location).send();

const either = (m: SloQuery | SloForm) => {
  if (!!m.SAMLRequest === !!m.SAMLResponse)
    throw logoutRefused("message", "需要且只能有 SAMLRequest 或 SAMLResponse 之一", "exactly one of SAMLRequest and SAMLResponse is expected");
};

/** An IdP's LogoutRequest, signature checked: sessions ended, the browser sent on with our answer. */
async function answerLogoutRequest(req: FastifyRequest, reply: FastifyReply, xml: string, relayState: string | undefined) {
  const request = await readLogoutRequest(req.server, xml);
  const ended = await endSamlSessions(req.server, request);
  req.log.info({ ended }, "single logout requested by the identity provider");
  return go(reply, (await logoutResponseAddress(req.server, request, relayState)) ?? LOGIN_COPY);
}

async function answerLogoutResponse(req: FastifyRequest, reply: FastifyReply, xml: string) {
  const problem = await noteLogoutResponse(req.server, xml);
  if (problem) req.log.info({ problem }, "the identity provider's LogoutResponse was not as expected");
  return go(reply, LOGIN_COPY);
}

export const ssoLogoutHandlers = {
  async ssoMetadata(req: FastifyRequest, reply: FastifyReply) {
    const signing = await spIdentity(req.server);
    return reply
      .type("application/samlmetadata+xml; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-disposition", 'inline; filename="portal-sp-metadata.xml"')
      .send(spMetadata(req.server.config.sso, signing.certPem));
  },

  /** HTTP-Redirect binding: the query string's signature (required for a request). */
  async ssoSlo(req: FastifyRequest & { query: SloQuery }, reply: FastifyReply) {
    await rateLimit(req.server.db, `slo:${req.ip}`, 60, 60_000);
    either(req.query);
    const { sso } = req.server.config;
    const sp = await serviceProvider(req.server);
    const kind = req.query.SAMLRequest ? "SAMLRequest" : "SAMLResponse";
    let xml: string;
    try {
      xml = inflateMessage(req.query[kind]!);
    } catch {
      throw logoutRefused("xml", "无法解压", "it does not inflate");
    }
    const failure = checkRedirectSignature(req.url, kind, sp.idpCerts, sso.allowSha1);
    if (kind === "SAMLRequest") {
      if (failure) throw redirectRefusal[failure]();
      return answerLogoutRequest(req, reply, xml, req.query.RelayState);
    }
    if (failure && failure !== "unsigned") req.log.info({ failure }, "the identity provider's LogoutResponse signature");
    return answerLogoutResponse(req, reply, xml);
  },

  /** HTTP-POST binding: an enveloped XML signature (required for a request), read from the signed bytes only. */
  async ssoSloPost(req: FastifyRequest & { body: SloForm }, reply: FastifyReply) {
    await rateLimit(req.server.db, `slo:${req.ip}`, 60, 60_000);
    either(req.body);
    const { sso } = req.server.config;
    const sp = await serviceProvider(req.server);
    const xml = Buffer.from((req.body.SAMLRequest ?? req.body.SAMLResponse)!, "base64").toString("utf8");
    if (!req.body.SAMLRequest) return answerLogoutResponse(req, reply, xml);
    const root = logoutRoot(xml);
    if (!childrenNamed(root, "Signature").length) throw redirectRefusal.unsigned();
    try {
      checkAlgorithms(root.ownerDocument, sso.allowSha1);
    } catch (e) {
      throw (e as ApiError).errors?.[0]?.rule === "sha1" ? redirectRefusal.sha1() : redirectRefusal.algorithm();
    }
    let signedXml: string | null;
    try {
      signedXml = getVerifiedXml(xml, root, sp.idpCerts);
    } catch {
      signedXml = null; // a wrapping attempt (a duplicated ID, a signature of another element)
    }
    if (!signedXml) throw redirectRefusal.signature();
    return answerLogoutRequest(req, reply, signedXml, req.body.RelayState);
  },
} satisfies TagHandlers<"sso">;
