// The admin resources the data provider serves, from the contract: every operation marked
// `x-resource: {name, action}` in openapi/ is one entry of common/generated/resources.ts (written by
// `npm run gen:api`, checked by check:api and lint:api); nothing here names a path (issue 22 item 2).
import { RESOURCE_OPERATIONS, RESOURCE_PERMISSIONS, type ResourceName } from "../../common/generated/resources";
import { createRegistry, defineResource, type ResourceOperations, type PathFor } from "./resource";

export type { ResourceName };

type Generated = typeof RESOURCE_OPERATIONS;
type Operation = { method: string; path: string };

/**
 * Compiles only while every generated path is a contract path with the generated method (the
 * generator read both from the same document; this keeps the client's typing honest if they ever
 * part, e.g. a schema.d.ts not regenerated).
 */
type ContractPath<O> = O extends { method: infer M extends "get" | "post" | "put" | "delete"; path: infer P } ? (P extends PathFor<M> ? true : false) : false;
type AllContractPaths = { [N in ResourceName]: { [A in keyof Generated[N]]: ContractPath<Generated[N][A]> }[keyof Generated[N]] }[ResourceName];
const everyPathIsTheContracts: [AllContractPaths] extends [true] ? true : never = true;
void everyPathIsTheContracts;

/** The provider's operations of one resource: a path per action, the status change with its method. */
function operationsOf(marked: Partial<Record<keyof ResourceOperations, Operation>>): ResourceOperations {
  const { status, ...rest } = marked;
  const operations = Object.fromEntries(Object.entries(rest).map(([action, op]) => [action, op.path])) as ResourceOperations;
  return status ? { ...operations, status: { path: status.path, method: status.method } as ResourceOperations["status"] } : operations;
}

export const resourceRegistry = createRegistry(
  (Object.entries(RESOURCE_OPERATIONS) as [ResourceName, Generated[ResourceName]][]).map(([name, marked]) => defineResource(name, operationsOf(marked))),
);

/** Whether a name is a generic resource of the contract (a refine resource name arrives as a string). */
export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(RESOURCE_OPERATIONS, name);
}

/**
 * The menu url guarding a resource (its page operation's x-permission, common/generated/resources.ts):
 * what an admin definition's menuUrl defaults to.
 */
export function resourcePermission(name: string): string | undefined {
  return isResourceName(name) ? RESOURCE_PERMISSIONS[name] : undefined;
}
