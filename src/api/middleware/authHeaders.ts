// (b) The headers of spec 7 on every call: `sid`, `Authorization` (a stored token overrides the
// sid), `timestamp` in seconds and a 32-character dashed random `nonce`.
import type { Middleware } from "openapi-fetch";

export interface AuthSource {
  getSid: () => string | null;
  getToken: () => string | null;
}

/** 28 random hex digits from crypto.getRandomValues as 8-4-4-4-8: exactly 32 characters with the dashes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 28)].join("-");
}

export function authHeadersMiddleware({ getSid, getToken }: AuthSource): Middleware {
  return {
    onRequest({ request }) {
      const sid = getSid();
      const authorization = getToken() || sid;
      if (sid) request.headers.set("sid", sid);
      if (authorization) request.headers.set("Authorization", authorization);
      request.headers.set("timestamp", String(Math.floor(Date.now() / 1000)));
      request.headers.set("nonce", createNonce());
      return request;
    },
  };
}
