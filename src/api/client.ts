// The one typed API client of the portal: openapi-fetch over the generated contract types, with
// the ordered middleware of spec 7 and 8. Everything that touches the outside world (fetch,
// storage, language, toast, the session-expired dialog) is an option, so tests inject it.
//
// Middleware order (openapi-fetch runs onRequest in this order, onResponse/onError in reverse):
//   (a) service host   -> the admin, content or help-centre base host of the path
//   (b) auth headers   -> sid, Authorization (token overrides), timestamp, nonce
//   (c) timeout        -> 60 s; aborts with "timeout of 60000ms exceeded"
//   (d) error catalogue-> spec 8 message in the current language; 4004 -> onSessionExpired
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema";
import { currentLanguage } from "../i18n";
import { consentSignal, passwordChangeSignal } from "../shared/consent";
import { readSession } from "../shared/session";
import { CODE, callFailure, type CallResult, type Language } from "./errors";
import { hostsFromEnv, resolveHosts, type ServiceHosts } from "./hosts";
import { toast } from "./toast";
import { serviceHostMiddleware } from "./middleware/serviceHost";
import { authHeadersMiddleware } from "./middleware/authHeaders";
import { timeoutMiddleware } from "./middleware/timeout";
import { errorCatalogueMiddleware } from "./middleware/errorCatalogue";

export { ApiError } from "./errors";
export { SILENT, SILENT_HEADER } from "./middleware/errorCatalogue";

export type PortalClient = Client<paths>;

export interface PortalClientOptions {
  /** Called on code 4004 (no toast): the auth provider shows "Login session expired" (spec 4). */
  onSessionExpired: () => void;
  /** Called on code 4010 (no toast); defaults to the consent signal the first-login flow listens to. */
  onConsentRequired?: () => void;
  /** Called on code 4011 (no toast); defaults to the signal the first-login flow listens to (issue 21). */
  onPasswordChangeRequired?: () => void;
  /** Defaults to the browser's fetch, looked up at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** Defaults to session storage key `sid`. */
  getSid?: () => string | null;
  /** Defaults to session storage key `token`; when set it is sent as Authorization instead of the sid. */
  getToken?: () => string | null;
  /** Language of the error messages; defaults to the i18next instance's language. */
  getLanguage?: () => Language;
  /** Shows an error message; defaults to the single portal toast. */
  notify?: (message: string) => void;
  /** Base hosts of the three services; default from VITE_*_API_BASE, else /portal-api. */
  hosts?: Partial<ServiceHosts>;
}

export function createPortalClient(options: PortalClientOptions): PortalClient {
  const hosts = resolveHosts({ ...hostsFromEnv(), ...options.hosts });
  const client = createClient<paths>({
    baseUrl: hosts.admin,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(
    serviceHostMiddleware(hosts),
    authHeadersMiddleware({
      getSid: options.getSid ?? (() => readSession("sid")),
      getToken: options.getToken ?? (() => readSession("token")),
    }),
    timeoutMiddleware(),
    errorCatalogueMiddleware({
      getLanguage: options.getLanguage ?? currentLanguage,
      notify: options.notify ?? ((message) => toast(message)),
      onSessionExpired: options.onSessionExpired,
      onConsentRequired: options.onConsentRequired ?? consentSignal.raise,
      onPasswordChangeRequired: options.onPasswordChangeRequired ?? passwordChangeSignal.raise,
    }),
  );
  return client;
}

/** The envelope every answer carries (ARCHITECTURE 3). */
interface Envelope {
  code: number;
  data?: unknown;
}

/**
 * Awaits a call and returns its whole envelope when code is 0; otherwise throws the ApiError whose
 * message the person was shown. For answers that carry more than `data` (respCode, content).
 */
export async function unwrapEnvelope<T extends Envelope>(call: Promise<CallResult<T>>): Promise<T> {
  const result = await call;
  if (result.error !== undefined || !result.response.ok) throw callFailure(result);
  const body = result.data;
  if (body === undefined) return body as unknown as T; // 204 / empty answer
  if (body.code !== CODE.ok) throw callFailure(result);
  return body;
}

/**
 * Awaits a call and returns the envelope's `data`, or throws an ApiError {code, status, message}.
 *   const user = await unwrap(client.GET("/sysUserEx/getUserInfo"));
 */
export async function unwrap<T extends Envelope>(call: Promise<CallResult<T>>): Promise<T["data"]> {
  const body = await unwrapEnvelope(call);
  return body?.data;
}
