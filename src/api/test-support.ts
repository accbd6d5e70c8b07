// Test doubles for the client: an injected fetch that answers with real Response objects and keeps
// every Request it was given, and a client wired to record what it showed. No globals are touched.
import { expect } from "vitest";
import { ApiError, createPortalClient, type PortalClientOptions } from "./client";
import type { Language } from "./errors";

export const HOSTS = {
  admin: "http://admin.test/portal-api",
  content: "http://content.test/portal-api",
  help: "http://help.test/portal-api",
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** The envelope of ARCHITECTURE 3 with both messages. */
export function envelope(code: number, resultMessage: string, resultEnMessage: string, data: unknown = null) {
  return { code, data, resultMessage, resultEnMessage };
}

type Answer = (request: Request) => Response | Promise<Response>;

export interface TestClientOptions extends Partial<PortalClientOptions> {
  language?: Language;
  sid?: string | null;
  token?: string | null;
}

export function testClient(answer: Answer, options: TestClientOptions = {}) {
  const requests: Request[] = [];
  const notified: string[] = [];
  let expired = 0;
  const client = createPortalClient({
    fetch: async (request) => {
      requests.push(request);
      return answer(request);
    },
    getSid: () => (options.sid === undefined ? "sid-123" : options.sid),
    getToken: () => options.token ?? null,
    getLanguage: () => options.language ?? "en",
    notify: (message) => notified.push(message),
    onSessionExpired: () => {
      expired += 1;
    },
    hosts: HOSTS,
    ...options,
  });
  return {
    client,
    requests,
    notified,
    get expired() {
      return expired;
    },
  };
}

/** A fetch that never answers, and rejects with the abort reason as a real fetch does. */
export function hangingFetch(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    if (request.signal.aborted) reject(request.signal.reason);
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

/** The ApiError a call was rejected with (fails the test when it resolved or rejected with something else). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
