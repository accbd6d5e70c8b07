// A paged admin resource: which contract operation serves each refine call. The portal's resources
// are generated from the contract's x-resource marks (resources.ts); tests declare their own.
// Paths are typed against the contract, so a declaration naming an operation that does not exist
// (or exists with another method) does not compile.
import type { ClientPathsWithMethod } from "openapi-fetch";

import type { PortalClient } from "../api/client";

export type { PortalClient };

export type PathFor<Method extends "get" | "post" | "put" | "delete"> = ClientPathsWithMethod<PortalClient, Method>;

/** Status change: `id` and `status` go in the query for GET, in the body otherwise. */
export type StatusOperation =
  | { path: PathFor<"get">; method: "get" }
  | { path: PathFor<"put">; method: "put" }
  | { path: PathFor<"post">; method: "post" };

export type ResourceOperations = {
  /** POST { page, pageSize, sortField?, sortOrder?, ...filters } -> data { records, total }. */
  page?: PathFor<"post">;
  /** GET ?id -> data record. */
  getById?: PathFor<"get">;
  /** POST record -> data id. */
  create?: PathFor<"post">;
  /** PUT record with id -> data id. */
  update?: PathFor<"put">;
  /** DELETE ?id. */
  removeById?: PathFor<"delete">;
  /** Enable/disable: refine's update with meta { operation: "status" } and values { status }. */
  status?: StatusOperation;
};

export type ResourceDefinition = ResourceOperations & { readonly name: string };

export type ResourceRegistry = ReadonlyMap<string, ResourceDefinition>;

export function defineResource(name: string, operations: ResourceOperations): ResourceDefinition {
  return { name, ...operations };
}

export function createRegistry(definitions: readonly ResourceDefinition[]): ResourceRegistry {
  const registry = new Map<string, ResourceDefinition>();
  for (const definition of definitions) {
    if (registry.has(definition.name)) throw new Error(`Resource "${definition.name}" is declared twice`);
    registry.set(definition.name, definition);
  }
  return registry;
}
