export { createDataProvider, STATUS_OPERATION, type DataProviderOptions } from "./provider";
export { defineResource, createRegistry, type PortalClient, type ResourceDefinition } from "./resource";
export { resourceRegistry } from "./resources";
export { isStaleVersion, staleAwareErrorNotification } from "./stale";
