import { ApiError, badRequest } from "../errors.ts";

// Every reason a SAML response is refused, with the rule that failed, in both languages: HTTP 400
// code 400 on the field samlResponse (the portal shows "登录失败:" and the reason). The IdP
// administrator reads the rule; the person reads the sentence.

export const refused = (rule: string, cn: string, en: string): ApiError =>
  badRequest("samlResponse", rule, `SAML 响应无效：${cn}`, `The SAML response was refused: ${en}`);

export const refusal = {
  xmlDtd: () => refused("xmlDtd", "包含 DOCTYPE 或实体声明", "it contains a DOCTYPE or an entity declaration"),
  xml: (what = "不是有效的 XML", whatEn = "it is not valid XML") => refused("xml", what, whatEn),
  algorithm: (uri: string) =>
    refused("algorithm", `使用了本系统不接受的算法（${uri}）`, `it uses an algorithm this service does not accept (${uri})`),
  sha1: (uri: string) =>
    refused("sha1", `使用了 SHA-1（${uri}）；请让身份提供方改用 SHA-256，或设置 SAML_ALLOW_SHA1=true`, `it uses SHA-1 (${uri}); have the identity provider use SHA-256, or set SAML_ALLOW_SHA1=true`),
  assertionCount: (n: number) =>
    refused("assertionCount", `应恰好包含一个断言，实际为 ${n} 个`, `it must carry exactly one assertion, it carries ${n}`),
  encrypted: () =>
    refused("encryptedAssertion", "断言已加密；本系统不解密断言，请在身份提供方关闭断言加密", "the assertion is encrypted; this service does not decrypt assertions, turn assertion encryption off at the identity provider"),
  unsigned: () => refused("unsigned", "响应和断言都没有签名", "neither the response nor the assertion is signed"),
  responseSignature: (certs: number) =>
    refused("responseSignature", `响应的签名无法用配置的 ${certs} 个身份提供方证书（SAML_IDP_CERT）验证`, `the response's signature does not verify with the ${certs} configured identity provider certificate(s) (SAML_IDP_CERT)`),
  assertionSignature: (certs: number) =>
    refused("assertionSignature", `断言的签名无法用配置的 ${certs} 个身份提供方证书（SAML_IDP_CERT）验证`, `the assertion's signature does not verify with the ${certs} configured identity provider certificate(s) (SAML_IDP_CERT)`),
  inResponseTo: () =>
    refused("inResponseTo", "不是对本系统有效登录请求的应答（InResponseTo）", "it does not answer a pending sign-on request of this service (InResponseTo)"),
  unsolicited: () =>
    refused("unsolicited", "不是对本系统登录请求的应答，且未开启身份提供方发起的登录（SAML_IDP_INITIATED）", "it answers no sign-on request of this service, and sign-on started at the identity provider is off (SAML_IDP_INITIATED)"),
  audience: () => refused("audience", "受众（Audience）不是本系统", "the audience is not this service"),
  validity: () => refused("validity", "不在有效期内（NotBefore/NotOnOrAfter）", "it is outside its validity window (NotBefore/NotOnOrAfter)"),
  destination: () =>
    refused("destination", "目标地址（Destination）不是本系统的断言消费地址", "the Destination is not this service's assertion consumer"),
  recipient: () =>
    refused("recipient", "断言的接收方（SubjectConfirmationData Recipient）不是本系统的断言消费地址", "the assertion's Recipient (SubjectConfirmationData) is not this service's assertion consumer"),
  issuer: () => refused("issuer", "签发方（Issuer）不是配置的身份提供方", "the Issuer is not the configured identity provider"),
  id: () => refused("id", "缺少 ID", "it has no ID"),
  replay: () => refused("replay", "该响应已被使用过", "this response was already used"),
  subject: (where: string) => refused("subject", `缺少用于识别用户的值（${where}）`, `it carries no value to identify the user by (${where})`),
  other: () => refused("samlResponse", "无法验证", "it could not be validated"),
};

/** node-saml's error text -> the rule it broke (checks of ours run before and after it). */
export function classifyNodeSaml(message: string): ApiError {
  const m = message.toLowerCase();
  if (m.includes("inresponseto")) return refusal.inResponseTo();
  if (m.includes("audience")) return refusal.audience();
  if (m.includes("expired") || m.includes("not yet valid") || m.includes("subject confirmation")) return refusal.validity();
  if (m.includes("multiple assertions")) return refusal.assertionCount(2);
  if (m.includes("signature")) return refused("signature", "签名无效", "a signature does not verify");
  if (m.startsWith("xml") || m.includes("dtd") || m.includes("not a valid xml")) return refusal.xml();
  return refusal.other();
}
