// The error catalogue of spec 8, as one pure mapping from a failed call to the message a person
// sees (in the current language, from the `errors` namespace), plus the ApiError callers await.
import { currentLanguage, i18n, type Language } from "../i18n";

export type { Language };

/** Spec 9: the HTTP timeout, and the exact text the spec shows for it. */
export const TIMEOUT_MS = 60_000;
export const TIMEOUT_TEXT = `timeout of ${TIMEOUT_MS}ms exceeded`;

/** Body codes of spec 8 / ARCHITECTURE 3 that the portal treats specially. */
export const CODE = {
  ok: 0,
  tooFrequent: 403, // sent with HTTP 429
  notFound: 404,
  internalError: 500,
  noPermission: 4003,
  sessionExpired: 4004,
  /** The current privacy policy is not accepted yet: the first-login flow asks (no toast). */
  consentRequired: 4010,
  /** A password an administrator gave is to be changed first (issue 21): the first-login flow asks (no toast). */
  passwordChangeRequired: 4011,
  /** An edit from a version someone else has changed since (HTTP 409): the admin form offers to reload (issue 20). */
  staleVersion: 4090,
} as const;

/** A body code, or what went wrong before any answer came back. */
export type ApiErrorCode = number | "timeout" | "network";

/**
 * What every failed call rejects with. `status` is the HTTP status (0 when no answer came back);
 * `statusCode` repeats it because refine's HttpError reads that name.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(init: { code: ApiErrorCode; status: number; message: string }) {
    super(init.message);
    this.name = "ApiError";
    this.code = init.code;
    this.status = init.status;
  }

  get statusCode(): number {
    return this.status;
  }
}

/** The abort reason of the 60 s timeout; fetch rejects with it. */
export class RequestTimeoutError extends Error {
  constructor() {
    super(TIMEOUT_TEXT);
    this.name = "RequestTimeoutError";
  }
}

/** The parts of the envelope the catalogue reads (ErrorEnvelope and Envelope alike). */
export interface EnvelopeLike {
  code?: unknown;
  resultMessage?: unknown;
  resultEnMessage?: unknown;
  message?: unknown; // older answers (logout, status check, blob errors) say `message`
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** The server's own message in the reader's language, else in the other one, else `message`. */
export function serverMessage(body: EnvelopeLike | null, language: Language): string | undefined {
  if (!body) return undefined;
  const [first, second] =
    language === "en" ? [body.resultEnMessage, body.resultMessage] : [body.resultMessage, body.resultEnMessage];
  return text(first) ?? text(second) ?? text(body.message);
}

/** HTTP status to body code, for answers that carry no envelope (a proxy's 404 page, say). */
const CODE_BY_STATUS: Record<number, number> = {
  401: CODE.sessionExpired,
  403: CODE.noPermission,
  404: CODE.notFound,
  429: CODE.tooFrequent,
  500: CODE.internalError,
};

/** The catalogue code of an answer: the body's non-zero code, else one derived from the status. */
export function failureCode(status: number, body: EnvelopeLike | null): number | null {
  const code = typeof body?.code === "number" ? body.code : undefined;
  if (code !== undefined && code !== CODE.ok) return code;
  if (status >= 200 && status < 300) return null;
  return CODE_BY_STATUS[status] ?? status;
}

/** The message spec 8 shows for a failed answer. */
export function messageFor(code: number, status: number, body: EnvelopeLike | null, language: Language): string {
  const t = i18n.getFixedT(language, "errors");
  const server = serverMessage(body, language);
  switch (code) {
    case CODE.sessionExpired:
      return server ?? t("api.sessionExpired");
    case CODE.internalError:
      return t("api.internalServerError", { message: server ?? "" });
    case CODE.notFound:
      return t("api.notFound");
    case CODE.tooFrequent:
      return t("api.tooFrequent");
    case CODE.noPermission:
      return t("api.noPermission");
    default:
      return server ?? t("api.failed", { status });
  }
}

/** ApiError for an answer, or null when it is a success (2xx and code 0 or no code). */
export function apiErrorFromAnswer(status: number, body: EnvelopeLike | null, language: Language): ApiError | null {
  const code = failureCode(status, body);
  if (code === null) return null;
  return new ApiError({ code, status, message: messageFor(code, status, body, language) });
}

export function timeoutError(language: Language): ApiError {
  const t = i18n.getFixedT(language, "errors");
  return new ApiError({ code: "timeout", status: 0, message: t("api.timeout", { detail: TIMEOUT_TEXT }) });
}

export function networkError(language: Language): ApiError {
  const t = i18n.getFixedT(language, "errors");
  return new ApiError({ code: "network", status: 0, message: t("api.network") });
}

/** Reads a JSON body without consuming the caller's copy; null for anything that is not JSON. */
export async function readEnvelope(response: Response): Promise<EnvelopeLike | null> {
  const type = response.headers.get("content-type") ?? "";
  if (!/[/+]json\b/i.test(type)) return null;
  try {
    const parsed: unknown = JSON.parse(await response.clone().text());
    return parsed !== null && typeof parsed === "object" ? (parsed as EnvelopeLike) : null;
  } catch {
    return null;
  }
}

// The error middleware records the ApiError it reported for an answer here, so `unwrap` throws
// exactly the message the person was shown (in the language of that moment) without mapping twice.
const reported = new WeakMap<Response, ApiError>();

export function recordFailure(response: Response, error: ApiError): void {
  reported.set(response, error);
}

export function recordedFailure(response: Response): ApiError | undefined {
  return reported.get(response);
}

/** What a call of the client resolves to (openapi-fetch's FetchResponse, loosely). */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The ApiError of a failed call: the one the error middleware showed, else mapped here. */
export function callFailure(result: CallResult<unknown>): ApiError {
  const { response } = result;
  const recorded = recordedFailure(response);
  if (recorded) return recorded;
  // Only a client built without the error middleware gets here.
  const raw = result.error ?? result.data;
  const body = raw !== null && typeof raw === "object" ? (raw as EnvelopeLike) : null;
  const code = failureCode(response.status, body) ?? response.status;
  return new ApiError({ code, status: response.status, message: messageFor(code, response.status, body, currentLanguage()) });
}
