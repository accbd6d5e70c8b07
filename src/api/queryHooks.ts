// The typed query and mutation hooks of hand-built pages and admin custom calls: openapi-fetch's
// companion library openapi-react-query over the portal client, keyed by method, path and init, so
// a wrong path, method, parameter or body fails `npm run typecheck`.
//
// The one addition is the envelope (ARCHITECTURE 3): an answer whose body code is not 0 is a
// failure although its HTTP status may be 200. The client the hooks see reports it as the call's
// error, the ApiError whose message the error middleware has shown (or kept quiet for SILENT
// calls), so react-query's isError, onError and mutateAsync's rejection mean what they say.
import createQueryClient, { type OpenapiQueryClient } from "openapi-react-query";

import type { PortalClient } from "./client";
import { CODE, callFailure, type CallResult } from "./errors";
import type { paths } from "./schema";

export type PortalQueryHooks = OpenapiQueryClient<paths>;

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

const failed = (result: CallResult<unknown>) => {
  if (result.error !== undefined || !result.response.ok) return true;
  const body = result.data as { code?: unknown } | undefined;
  return typeof body === "object" && body !== null && typeof body.code === "number" && body.code !== CODE.ok;
};

/** The client as openapi-react-query calls it: a failed envelope becomes the call's error. */
export function envelopeFailingClient(client: PortalClient): PortalClient {
  const wrapped: Record<string, unknown> = { ...client };
  for (const method of METHODS) {
    const call = client[method] as (path: string, init?: unknown) => Promise<CallResult<unknown>>;
    wrapped[method] = async (path: string, init?: unknown) => {
      const result = await call(path, init);
      return failed(result) ? { error: callFailure(result), response: result.response } : result;
    };
  }
  return wrapped as unknown as PortalClient;
}

export function createQueryHooks(client: PortalClient): PortalQueryHooks {
  return createQueryClient(envelopeFailingClient(client));
}
