// Failed calls -> refine's HttpError. The message is the client's spec 8 catalogue message (one
// wording for the whole portal, in the current language: resultEnMessage for en, resultMessage
// for cn, the catalogue's own text for 404, 500, timeouts ...); this module only adds what refine
// needs on top: statusCode, and code 400's field errors in refine's ValidationErrors shape so
// useForm shows each one under its field.
import type { HttpError, ValidationErrors } from "@refinedev/core";

import type { components } from "../api/schema";
import { ApiError, callFailure, type CallResult } from "../api/errors";
import type { Language } from "../i18n";

type FieldError = components["schemas"]["FieldError"];

export function fieldErrors(errors: unknown, language: Language): ValidationErrors | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const out: Record<string, string[]> = {};
  for (const error of errors as FieldError[]) {
    const message = (language === "en" ? error.enMessage : error.message) || error.message || error.enMessage;
    (out[error.field] ??= []).push(message);
  }
  return out;
}

function fromApiError(failure: ApiError, errors?: ValidationErrors): HttpError {
  return {
    statusCode: failure.status,
    message: failure.message,
    code: failure.code,
    ...(errors ? { errors } : {}),
  };
}

/** An answer that is not a success (non-2xx, or a body code other than 0). */
export function answerError(result: CallResult<unknown>, language: Language): HttpError {
  const body = result.error ?? result.data;
  const errors = typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  return fromApiError(callFailure(result), fieldErrors(errors, language));
}

/**
 * A call that produced no answer: the client rejects with an ApiError (timeout, network failure)
 * worded already; anything else (a bug) keeps its own message. statusCode 0 = no HTTP answer.
 */
export function thrownError(error: unknown): HttpError {
  if (error instanceof ApiError) return fromApiError(error);
  return { statusCode: 0, message: error instanceof Error ? error.message : String(error) };
}
