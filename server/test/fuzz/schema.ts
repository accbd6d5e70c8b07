import { loadContract, operations, splitByPrefix } from "../../src/contract.ts";

// The contract as the fuzzer reads it: every local $ref resolved (a cycle becomes `{}`, "anything"),
// and the routed operations with their URL prefix.

type Json = Record<string, any>;

/** Resolves every `#/...` $ref of `node` against `doc`; sibling keys of a $ref win over the target's. */
export function deref(doc: Json, node: unknown, seen: string[] = []): any {
  if (Array.isArray(node)) return node.map((n) => deref(doc, n, seen));
  if (!node || typeof node !== "object") return node;
  const obj = node as Json;
  if (typeof obj.$ref === "string" && obj.$ref.startsWith("#/")) {
    if (seen.includes(obj.$ref)) return {};
    const target = obj.$ref
      .slice(2)
      .split("/")
      .reduce((o: any, k: string) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${obj.$ref}`);
    const { $ref, ...siblings } = obj;
    return { ...deref(doc, target, [...seen, $ref]), ...deref(doc, siblings, seen) };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) out[k] = deref(doc, v, seen);
  return out;
}

/** allOf folded into one schema (properties merged, required joined); enough for generation. */
export function flatten(schema: Json): Json {
  if (!schema || typeof schema !== "object" || !Array.isArray(schema.allOf)) return schema ?? {};
  const { allOf, ...rest } = schema;
  let out: Json = {};
  for (const part of [...allOf.map(flatten), rest]) {
    out = {
      ...out,
      ...part,
      properties: { ...(out.properties ?? {}), ...(part.properties ?? {}) },
      required: [...new Set([...(out.required ?? []), ...(part.required ?? [])])],
    };
  }
  if (!Object.keys(out.properties).length) delete out.properties;
  if (!out.required.length) delete out.required;
  return out;
}

export interface Param {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required: boolean;
  schema: Json;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The path in the contract, e.g. /sourceData/{kind}/import. */
  path: string;
  /** What app.inject needs in front of the path: /portal-api, or nothing for the root ones. */
  prefix: string;
  op: Json;
  isPublic: boolean;
  params: Param[];
  /** Request body media type -> schema (dereferenced). */
  body: Record<string, Json> | undefined;
  bodyRequired: boolean;
}

/** Every operation the app routes (the dev IdP's too: the test config has DEV_IDP on), dereferenced. */
export async function routedOperations(): Promise<{ doc: Json; ops: FuzzOperation[] }> {
  const raw = await loadContract();
  const { api, root } = splitByPrefix(raw, { devOnly: true });
  const ops: FuzzOperation[] = [];
  for (const [part, prefix] of [
    [api, "/portal-api"],
    [root, ""],
  ] as const) {
    for (const o of operations(part)) {
      const op = deref(raw, o.op);
      const body = op.requestBody?.content
        ? Object.fromEntries(Object.entries<Json>(op.requestBody.content).map(([type, c]) => [type.toLowerCase(), c.schema ?? {}]))
        : undefined;
      ops.push({
        operationId: o.operationId,
        method: o.method,
        path: o.path,
        prefix,
        op,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        params: (op.parameters ?? []).map((p: Json) => ({ name: p.name, in: p.in, required: !!p.required || p.in === "path", schema: p.schema ?? {} })),
        body,
        bodyRequired: !!op.requestBody?.required,
      });
    }
  }
  return { doc: raw, ops };
}
