// The API client as a React context: the app's root provides the real client (App.tsx), a test
// provides one whose fetch it answers (api/test-support.ts testClient), so no component reaches
// for a module-level client and no test mocks a module to replace it.
import { createContext, useContext, useMemo, type ReactNode } from "react";

import type { PortalClient } from "./client";
import { createQueryHooks, type PortalQueryHooks } from "./queryHooks";

interface ClientContextValue {
  client: PortalClient;
  api: PortalQueryHooks;
}

const ClientContext = createContext<ClientContextValue | null>(null);

export function ClientProvider({ client, children }: { client: PortalClient; children: ReactNode }) {
  const value = useMemo(() => ({ client, api: createQueryHooks(client) }), [client]);
  return <ClientContext.Provider value={value}>{children}</ClientContext.Provider>;
}

function useClientContext(): ClientContextValue {
  const value = useContext(ClientContext);
  if (!value) throw new Error("usePortalClient needs a <ClientProvider> above it (App.tsx, or the test's render)");
  return value;
}

/** The portal's typed openapi-fetch client. */
export function usePortalClient(): PortalClient {
  return useClientContext().client;
}

/**
 * The typed query and mutation hooks (openapi-react-query) over the same client, keyed by method,
 * path and init: `usePortalApi().useQuery("get", "/sysRole")`. A wrong path, method or body fails tsc.
 */
export function usePortalApi(): PortalQueryHooks {
  return useClientContext().api;
}
