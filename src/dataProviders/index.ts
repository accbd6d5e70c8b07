export { createDataProvider, STATUS_OPERATION, type DataProviderOptions } from "./provider";
export { defineResource, createRegistry, type PortalClient, type ResourceDefinition } from "./resource";
export { isResourceName, resourcePermission, resourceRegistry, type ResourceName } from "./resources";
export { isStaleVersion, staleAwareErrorNotification } from "./stale";
