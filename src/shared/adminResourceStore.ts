// The admin resources reach the admin <Refine> (src/admin/AdminRefine.tsx) from the admin chunk: the chunk registers them when
// it loads (src/admin/AdminShell.tsx), so the main chunk never imports the admin pages, and refine's
// own navigation (the redirect after a save, say) sees every admin resource.
import { useSyncExternalStore } from "react";
import type { ResourceProps } from "@refinedev/core";

let current: ResourceProps[] = [];
const listeners = new Set<() => void>();

export function registerAdminResources(resources: ResourceProps[]) {
  current = resources;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The registered admin resources (none until the admin chunk has loaded). */
export function useAdminResources(): ResourceProps[] {
  return useSyncExternalStore(subscribe, () => current, () => current);
}
