// (a) Sends each call to its service's base host (spec 7). The client is built on the admin host;
// calls that belong to the content or help-centre service are moved to theirs.
import type { Middleware } from "openapi-fetch";
import { serviceOf, type ServiceHosts } from "../hosts";
import { withUrl } from "./rebuild";

export function serviceHostMiddleware(hosts: ServiceHosts): Middleware {
  return {
    async onRequest({ request, schemaPath, options }) {
      // A caller that passed its own baseUrl for this call meant it: leave that request alone.
      if (options.baseUrl !== hosts.admin) return undefined;
      const target = hosts[serviceOf(schemaPath)];
      if (target === hosts.admin) return undefined;
      return withUrl(request, target + request.url.slice(hosts.admin.length));
    },
  };
}
