// (d) The error catalogue of spec 8: every failed call becomes one message in the current
// language. 4004 goes to onSessionExpired (the auth provider's dialog) and 4010 to onConsentRequired
// (the privacy dialog) instead of a toast; calls
// sent with the SILENT header (widgets that fail quietly, spec 8) get no toast but still reject.
// A database outage (HTTP 503, code 503) is told once: the server's own message in the current
// language, for the first failing call of a burst (a page's widgets fail together), silent calls
// included, since otherwise the person would see empty cards and no reason; never a sign-out.
import type { Middleware } from "openapi-fetch";
import {
  ApiError,
  CODE,
  RequestTimeoutError,
  apiErrorFromAnswer,
  networkError,
  readEnvelope,
  recordFailure,
  timeoutError,
  type Language,
} from "../errors";

/** Request header that opts one call out of the toast; stripped before the call leaves. */
export const SILENT_HEADER = "x-portal-silent";
/** `client.GET(path, { params, headers: SILENT })` for a call that handles its own failure. */
export const SILENT = { [SILENT_HEADER]: "1" } as const;

/** The body code of "the database is not reachable" (HTTP 503; server lib/errors.ts dbUnavailable). */
export const DATABASE_UNAVAILABLE = 503;
/**
 * While one outage message is on screen (antd shows a message for 3 s), further 503s do not
 * show it again; a later action of the person after that is answered with it again.
 */
export const OUTAGE_MESSAGE_MS = 3000;

export interface ErrorReporting {
  getLanguage: () => Language;
  notify: (message: string) => void;
  onSessionExpired: () => void;
  /** Called on code 4010 (no toast): the first-login flow shows the privacy dialog again. */
  onConsentRequired?: () => void;
  /** Called on code 4011 (no toast): the first-login flow asks for the password change (issue 21). */
  onPasswordChangeRequired?: () => void;
}

const isTimeout = (error: unknown, request: Request) =>
  error instanceof RequestTimeoutError || request.signal.reason instanceof RequestTimeoutError;

// The caller's own abort (a page left, a query cancelled) is not a failure to tell anyone about.
// Checked by name: the DOMException may come from another realm (jsdom in tests).
const isCallerAbort = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";

export function errorCatalogueMiddleware({ getLanguage, notify, onSessionExpired, onConsentRequired, onPasswordChangeRequired }: ErrorReporting): Middleware {
  const silent = new Set<string>();
  let outageToldAt = Number.NEGATIVE_INFINITY;

  const report = (error: ApiError, quiet: boolean) => {
    if (error.code === DATABASE_UNAVAILABLE) {
      if (Date.now() - outageToldAt < OUTAGE_MESSAGE_MS) return;
      outageToldAt = Date.now();
      notify(error.message);
    } else if (error.code === CODE.sessionExpired) onSessionExpired();
    else if (error.code === CODE.consentRequired && onConsentRequired) onConsentRequired();
    else if (error.code === CODE.passwordChangeRequired && onPasswordChangeRequired) onPasswordChangeRequired();
    else if (!quiet) notify(error.message);
  };

  return {
    onRequest({ request, id }) {
      if (!request.headers.has(SILENT_HEADER)) return undefined;
      silent.add(id);
      request.headers.delete(SILENT_HEADER);
      return request;
    },
    async onResponse({ response, id }) {
      const quiet = silent.delete(id);
      const error = apiErrorFromAnswer(response.status, await readEnvelope(response), getLanguage());
      if (!error) return undefined;
      recordFailure(response, error);
      report(error, quiet);
      return undefined;
    },
    onError({ error, request, id }) {
      const quiet = silent.delete(id);
      if (isTimeout(error, request)) {
        const failure = timeoutError(getLanguage());
        report(failure, quiet);
        return failure;
      }
      if (isCallerAbort(error)) return undefined;
      const failure = networkError(getLanguage());
      report(failure, quiet);
      return failure;
    },
  };
}
