import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FuzzOperation } from "./schema.ts";

// Two ajv instances in 2020-12 mode: one judges requests the way the server's validator does
// (coercion of query strings and single-item arrays, defaults, no removal), so "invalid" means
// "the server must refuse it"; the other checks responses exactly (no coercion).

type Json = Record<string, any>;
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

const make = (opts: Json) => {
  const AjvClass = (Ajv2020 as any).default ?? Ajv2020;
  const ajv = new AjvClass({ strict: false, allErrors: true, validateFormats: true, ...opts });
  ((addFormats as any).default ?? addFormats)(ajv);
  return ajv;
};
const requestAjv = make({ coerceTypes: "array", useDefaults: true, removeAdditional: false, allErrors: false });
const responseAjv = make({});

const cache = new WeakMap<object, Validate>();
function compile(ajv: any, schema: Json): Validate {
  let v = cache.get(schema);
  if (!v) {
    v = ajv.compile(schema) as Validate;
    cache.set(schema, v);
  }
  return v;
}

/** A copy for ajv's coercion to work on; a value too deep to copy (a nesting attack) is judged as is. */
const clone = <T>(v: T): T => {
  if (v === undefined) return v;
  try {
    return structuredClone(v);
  } catch {
    return v;
  }
};

const paramSchemas = new WeakMap<FuzzOperation, Record<string, Json>>();
function paramsSchema(op: FuzzOperation, where: "query" | "path"): Json {
  let byWhere = paramSchemas.get(op);
  if (!byWhere) {
    byWhere = {};
    for (const w of ["query", "path"] as const) {
      const ps = op.params.filter((p) => p.in === w);
      byWhere[w] = { type: "object", properties: Object.fromEntries(ps.map((p) => [p.name, p.schema])), required: ps.filter((p) => p.required).map((p) => p.name) };
    }
    paramSchemas.set(op, byWhere);
  }
  return byWhere[where];
}

/** Whether the server's validation must accept these wire values (query strings, path strings, JSON body). */
export function requestConforms(
  op: FuzzOperation,
  query: Record<string, unknown>,
  params: Record<string, unknown>,
  body: { type: string; present: boolean; value?: unknown },
): { ok: boolean; why?: string } {
  const q = compile(requestAjv, paramsSchema(op, "query"));
  if (!q(clone(query))) return { ok: false, why: `query: ${JSON.stringify(q.errors)}` };
  const p = compile(requestAjv, paramsSchema(op, "path"));
  if (!p(clone(params))) return { ok: false, why: `path: ${JSON.stringify(p.errors)}` };
  const schema = op.body?.[body.type];
  if (schema) {
    if (!body.present) return op.bodyRequired ? { ok: false, why: "body missing" } : { ok: true };
    const b = compile(requestAjv, schema);
    if (!b(clone(body.value))) return { ok: false, why: `body: ${JSON.stringify(b.errors)}` };
  }
  return { ok: true };
}

/** Errors of `body` against a response schema, or null when it conforms. */
export function responseErrors(schema: Json, body: unknown): string | null {
  const v = compile(responseAjv, schema);
  return v(body) ? null : JSON.stringify(v.errors).slice(0, 2000);
}
