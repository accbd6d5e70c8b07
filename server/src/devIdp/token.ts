import crypto from "node:crypto";
import { signJwt } from "../lib/saml/jwt.ts";
import type { TokenKind } from "../lib/saml/tokens.ts";

export interface MintOptions {
  issuer: string;
  audience: string;
  sub: string;
  kind: TokenKind;
  /** For tests: the clock, the lifetime and the id. */
  iat?: number;
  lifetimeS?: number;
  jti?: string;
  extra?: Record<string, unknown>;
}

/** A saml2Token / wechattoken as an issuer mints it: RS256, 5 minutes, single-use jti. */
export function mintToken(o: MintOptions, privatePem: string): string {
  const iat = o.iat ?? Math.floor(Date.now() / 1000);
  return signJwt(
    { iss: o.issuer, aud: o.audience, sub: o.sub, iat, exp: iat + (o.lifetimeS ?? 300), jti: o.jti ?? crypto.randomUUID(), typ: o.kind, ...o.extra },
    privatePem,
  );
}
