// The pre-login calls the /baseLogin page makes itself (the login call is the auth provider's).
import { unwrap, type PortalClient } from "../api/client";
import { hostsFromEnv } from "../api/hosts";

export type LoginConfig = { captchaEnabled: boolean };

/** getPublicKey also says whether the captcha is on; the key itself is fetched again at login. */
export async function fetchLoginConfig(client: PortalClient): Promise<LoginConfig> {
  const { captchaEnabled } = await unwrap(client.GET("/sysUserEx/getPublicKey"));
  return { captchaEnabled };
}

/** A fresh challenge id (contract: 16-64 of [A-Za-z0-9-]) for each captcha image. */
export function newChallengeId(): string {
  return crypto.randomUUID();
}

/**
 * The captcha is an image the browser loads directly (<img src>), so it goes to the admin
 * service host itself rather than through the client.
 */
export function captchaUrl(challengeId: string): string {
  const base = hostsFromEnv().admin.replace(/\/+$/, "");
  return `${base}/api/user/verificationcode?challengeId=${encodeURIComponent(challengeId)}`;
}
