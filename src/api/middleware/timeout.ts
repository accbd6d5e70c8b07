// (c) The 60 s timeout of spec 9. The abort reason is a RequestTimeoutError whose text is the
// spec's "timeout of 60000ms exceeded", so fetch rejects with it and the error middleware can tell
// a timeout from a network failure or a caller's own abort.
import type { Middleware } from "openapi-fetch";
import { RequestTimeoutError, TIMEOUT_MS } from "../errors";

export function timeoutMiddleware(ms: number = TIMEOUT_MS): Middleware {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  return {
    onRequest({ request, id }) {
      const controller = new AbortController();
      // Forwarded by hand rather than with AbortSignal.any: the caller's signal may come from
      // another realm (jsdom in tests), which AbortSignal.any refuses.
      const caller = request.signal;
      if (caller.aborted) controller.abort(caller.reason);
      else caller.addEventListener("abort", () => controller.abort(caller.reason), { once: true });
      timers.set(id, setTimeout(() => controller.abort(new RequestTimeoutError()), ms));
      return new Request(request, { signal: controller.signal });
    },
    onResponse({ id }) {
      clear(id);
    },
    onError({ id }) {
      clear(id);
    },
  };
}
