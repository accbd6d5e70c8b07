// Issue 20, optimistic concurrency: every admin record carries its version (the page rows and getById
// answer it) and an edit sends it back with the changed fields (the update's variables, so the data
// provider puts it in the body). The server refuses an edit of a version someone else has changed
// since with HTTP 409 and body code 4090; the forms answer that with a reload offer.
import type { OpenNotificationParams } from "@refinedev/core";

import { CODE } from "../api/errors";

/** A save refused because the record changed since it was read (a refine HttpError or an ApiError). */
export function isStaleVersion(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === CODE.staleVersion;
}

/**
 * refine's errorNotification for a save: a stale refusal is told once, by the form's reload offer,
 * not also by a toast; any other failure shows its message as refine's default would.
 */
export function staleAwareErrorNotification(error?: { message?: string }): OpenNotificationParams | false {
  if (isStaleVersion(error)) return false;
  const message = error?.message ?? "";
  return { message, description: message, type: "error" };
}
