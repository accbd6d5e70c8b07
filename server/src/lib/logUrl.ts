// Addresses as the log shows them: the values of query parameters that are secrets (a sign-on
// code, a token, a SAML message or signature, a sid) are replaced, so no log line can sign anyone
// in. Everything else of the address stays, for reading the log.

const SECRET_PARAMS = new Set(["code", "saml2token", "wechattoken", "token", "samlresponse", "samlrequest", "signature", "sid", "web_sid"]);

export function redactUrl(url: string | undefined): string | undefined {
  const q = url?.indexOf("?") ?? -1;
  if (!url || q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

/** What Fastify's request serializer reads (its request object, typed loosely by its logger options). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer (lib/logger-pino.js) with the address redacted. */
export function requestSerializer(raw: unknown) {
  const req = raw as LoggedRequest;
  const version = req.headers?.["accept-version"];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof version === "string" ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
