// Types of resourceMarks.mjs (plain JavaScript so that Redocly and node load it without a compiler).

export type ResourceAction = "page" | "getById" | "create" | "update" | "removeById" | "status";

export const RESOURCE_ACTIONS: Record<ResourceAction, { methods: string[]; query?: string[]; body?: string[] }>;

/** What the rule reads of one operation. */
export interface MarkedOperation {
  path: string;
  method: string;
  operationId: string;
  /** The raw `x-resource` value (undefined when the operation is not marked). */
  mark: unknown;
  /** The operation's tags (the contract has one per operation: redocly's operation-singular-tag). */
  tags: string[];
  /** The raw `x-permission` value. */
  permission: unknown;
  queryParams: string[];
  jsonBody: boolean;
  /** Property names of the JSON body's schema, null without one. */
  bodyProps: string[] | null;
  /** Where to report (a Redocly location, or a "METHOD path" string). */
  at: unknown;
}

export interface ResourceEntry {
  permission: string;
  operations: Partial<Record<ResourceAction, { operationId: string; method: string; path: string }>>;
}

export interface MarkCheck {
  problems: { message: string; at: unknown }[];
  resources: Record<string, ResourceEntry>;
}

export function checkResourceMarks(operations: MarkedOperation[]): MarkCheck;
export function renderResourceModule(resources: Record<string, ResourceEntry>): string;
export function operationsOfBundle(doc: unknown): MarkedOperation[];
export function schemaProperties(schema: unknown, resolve: (node: unknown) => any): string[];
export function describeOperation(input: {
  path: string;
  method: string;
  op: any;
  pathItem?: any;
  resolve: (node: unknown) => any;
  at: unknown;
}): MarkedOperation;
