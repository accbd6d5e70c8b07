import fc from "fast-check";
import { SAMPLES, type Part } from "../uploadFixtures.ts";
import { flatten, type FuzzOperation } from "./schema.ts";
import { BAD_IDS, hostileScalar, oversizedArray, oversizedString, validValue, wrongType } from "./values.ts";

// Requests generated from one operation of the contract: conforming ones ("valid") and hostile
// ones ("invalid" mutations). A JSON/query mutation is only *meant* to be invalid; the oracle
// (oracle.ts) decides, so a mutation the server's coercion legitimately accepts is not held
// against it. Mutations invalid by construction (broken JSON, a missing file part) set `forcedInvalid`.

type Json = Record<string, any>;

export type Body =
  | { type: "json"; value: unknown }
  | { type: "form"; value: Record<string, string> }
  | { type: "raw"; contentType: string; payload: string }
  /** JSON text that JSON.stringify cannot produce (number literals, deep nesting); judged by the oracle after JSON.parse. */
  | { type: "rawJson"; payload: string }
  | { type: "multipart"; parts: Part[] }
  | { type: "multipartRaw"; contentType: string; payload: string };

export interface FuzzRequest {
  mutation: string;
  /** Wire values: a string, or a list of strings (a repeated parameter). */
  query: Record<string, string | string[]>;
  params: Record<string, string>;
  body?: Body;
  /** Why the request is invalid whatever the oracle says (a broken body, a missing file part). */
  forcedInvalid?: string;
}

/** A JSON value as it travels in a query string. */
export function toWire(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => scalarWire(x));
  return scalarWire(v);
}
function scalarWire(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" && Object.is(v, -0)) return "-0";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

type Path = (string | number)[];
interface Target {
  path: Path;
  schema: Json;
  value: unknown;
}

/** Locations in a value with the schema that describes them (root included), a few levels deep. */
function targets(schema: Json, value: unknown, path: Path = [], depth = 0): Target[] {
  const s = flatten(schema ?? {});
  const out: Target[] = [{ path, schema: s, value }];
  if (depth > 3) return out;
  if (value && typeof value === "object" && !Array.isArray(value) && s.properties)
    for (const [k, v] of Object.entries(value)) if (s.properties[k]) out.push(...targets(s.properties[k], v, [...path, k], depth + 1));
  if (Array.isArray(value) && s.items && value.length) out.push(...targets(s.items, value[0], [...path, 0], depth + 1));
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
function setAt(root: unknown, path: Path, v: unknown): unknown {
  if (!path.length) return v;
  const copy: any = clone(root);
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k];
  Object.defineProperty(o, path[path.length - 1], { value: v, enumerable: true, writable: true, configurable: true });
  return copy;
}
function deleteAt(root: unknown, path: Path, key: string): unknown {
  const copy: any = clone(root);
  let o = copy;
  for (const k of path) o = o[k];
  delete o[key];
  return copy;
}
const typesOf = (s: Json): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : s.items ? ["array"] : []);
const ID_NAME = /(^id$|Id$|Ids$|^ids$)/;
const UNKNOWN_KEYS = ["unknownField", "__proto__", "constructor", "isAdmin", "roleCodes", "$where", "id"];

const pick = <T>(list: T[]) => fc.nat({ max: Math.max(0, list.length - 1) }).map((i) => list[i]);

/** The form schema's file parts and other fields (multipart operations). */
function formParts(schema: Json) {
  const s = flatten(schema);
  const props: Json = s.properties ?? {};
  const files = Object.entries<Json>(props).filter(([, p]) => p.type === "string" && p.format === "binary");
  const fields = Object.entries<Json>(props).filter(([, p]) => !(p.type === "string" && p.format === "binary"));
  return { s, files, fields, required: new Set<string>(s.required ?? []) };
}

const FILE_NAMES = ["a.png", "photo.jpg", "doc.pdf", "sheet.xlsx", "data.csv", "x", "", "../../etc/passwd", "\u202Egpj.exe", "報告 📄.docx", "a\u0000b.png", "<script>.png", "%00.png", "a".repeat(300) + ".png"];
const FILE_TYPES = ["image/png", "image/jpeg", "application/pdf", "application/octet-stream", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/html", ""];

const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 4096 }).map((a) => Buffer.from(a)),
  fc.constantFrom(...Object.values(SAMPLES)).map((f) => f()),
  fc.constantFrom(...Object.values(SAMPLES)).map((f) => f().subarray(0, 3)),
);

function filePart(name: string): fc.Arbitrary<Part> {
  return fc.record({ data: fileBytes, filename: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...FILE_TYPES) }).map((p) => ({ name, ...p }));
}

export class RequestGen {
  readonly queryParams;
  readonly pathParams;
  readonly bodyType: string | undefined;
  readonly bodySchema: Json | undefined;

  constructor(readonly op: FuzzOperation) {
    this.queryParams = op.params.filter((p) => p.in === "query");
    this.pathParams = op.params.filter((p) => p.in === "path");
    const types = Object.keys(op.body ?? {});
    this.bodyType = types.find((t) => t === "application/json") ?? types.find((t) => t === "multipart/form-data") ?? types[0];
    this.bodySchema = this.bodyType ? op.body![this.bodyType] : undefined;
  }

  private validQuery(): fc.Arbitrary<Record<string, string | string[]>> {
    const model: Record<string, fc.Arbitrary<string | string[]>> = {};
    for (const p of this.queryParams) model[p.name] = validValue(p.schema).map(toWire);
    return fc.record(model, { requiredKeys: this.queryParams.filter((p) => p.required).map((p) => p.name) });
  }

  private validParams(): fc.Arbitrary<Record<string, string>> {
    const model: Record<string, fc.Arbitrary<string>> = {};
    for (const p of this.pathParams) model[p.name] = validValue(p.schema).map((v) => scalarWire(v));
    return fc.record(model);
  }

  private validBody(): fc.Arbitrary<Body | undefined> {
    if (!this.bodyType || !this.bodySchema) return fc.constant(undefined);
    let body: fc.Arbitrary<Body>;
    if (this.bodyType === "application/json") body = validValue(this.bodySchema).map((value) => ({ type: "json" as const, value }));
    else if (this.bodyType === "application/x-www-form-urlencoded")
      body = validValue(this.bodySchema).map((value) => ({
        type: "form" as const,
        value: Object.fromEntries(Object.entries((value ?? {}) as Json).map(([k, v]) => [k, scalarWire(v)])),
      }));
    else if (this.bodyType === "multipart/form-data") {
      const { files, fields, required } = formParts(this.bodySchema);
      const parts: fc.Arbitrary<Part[]>[] = [
        ...files.map(([name]) => filePart(name).map((p) => [p])),
        ...fields.map(([name, p]) =>
          required.has(name) ? validValue(p).map((v) => [{ name, data: scalarWire(v) }]) : fc.option(validValue(p).map((v) => [{ name, data: scalarWire(v) }]), { nil: [] }),
        ),
      ];
      body = fc.tuple(...parts).map((ps) => ({ type: "multipart" as const, parts: ps.flat() }));
    } else body = fc.constant({ type: "raw" as const, contentType: this.bodyType, payload: "" });
    return this.op.bodyRequired ? body : fc.option(body, { nil: undefined, freq: 5 });
  }

  /** Requests that conform to the contract. */
  valid(): fc.Arbitrary<FuzzRequest> {
    return fc.record({ query: this.validQuery(), params: this.validParams(), body: this.validBody() }).map((r) => ({ mutation: "valid", ...r }));
  }

  /** Hostile requests: one mutation of a conforming one. */
  invalid(): fc.Arbitrary<FuzzRequest> {
    const base = this.valid();
    const muts: fc.Arbitrary<FuzzRequest>[] = [];
    const q = this.queryParams;
    if (q.length) {
      const req = q.filter((p) => p.required);
      if (req.length)
        muts.push(fc.tuple(base, pick(req)).map(([r, p]) => ({ ...r, mutation: `query: ${p.name} missing`, query: Object.fromEntries(Object.entries(r.query).filter(([k]) => k !== p.name)) })));
      const withParam = (name: string, arb: fc.Arbitrary<unknown>, label: string) =>
        fc.tuple(base, arb).map(([r, v]) => ({ ...r, mutation: `query: ${name} ${label}`, query: { ...r.query, [name]: toWire(v) } }));
      muts.push(
        pick(q).chain((p) =>
          fc.oneof(
            withParam(p.name, hostileScalar, "hostile"),
            withParam(p.name, wrongType(p.schema), "wrong type"),
            withParam(p.name, oversizedString({ ...p.schema, maxLength: Math.min(p.schema.maxLength ?? 7_000, 7_000) }), "oversized"),
            withParam(p.name, fc.constantFrom(...BAD_IDS), "bad id"),
            withParam(p.name, fc.tuple(validValue(p.schema), validValue(p.schema)).map(([a, b]) => [scalarWire(a), scalarWire(b)]), "repeated"),
          ),
        ),
      );
    }
    // Not "", "." or "..": a URL normalises them away (it then names another path, the router's business).
    for (const p of this.pathParams)
      muts.push(
        fc.tuple(base, fc.oneof(hostileScalar, wrongType(p.schema), fc.constantFrom("%2e%2e", "a/b", " ", "x".repeat(99))).filter((v) => !["", ".", ".."].includes(scalarWire(v)))).map(([r, v]) => ({
          ...r,
          mutation: `path: ${p.name} hostile`,
          params: { ...r.params, [p.name]: scalarWire(v) },
        })),
      );
    if (this.bodyType === "application/json" && this.bodySchema) muts.push(...this.jsonMutations(base, this.bodySchema));
    if (this.bodyType === "application/x-www-form-urlencoded" && this.bodySchema) muts.push(...this.formMutations(base, this.bodySchema));
    if (this.bodyType === "multipart/form-data" && this.bodySchema) muts.push(...this.multipartMutations(base, this.bodySchema));
    if (!muts.length)
      // Nothing in the contract to break (no parameters, no body): unknown parameters and a stray body.
      muts.push(
        fc.tuple(base, fc.constantFrom(...UNKNOWN_KEYS), hostileScalar).map(([r, k, v]) => ({ ...r, mutation: "query: unknown parameter", query: { ...r.query, [k]: toWire(v) } })),
      );
    return fc.oneof(...muts);
  }

  private jsonMutations(base: fc.Arbitrary<FuzzRequest>, schema: Json): fc.Arbitrary<FuzzRequest>[] {
    type R = FuzzRequest & { body: { type: "json"; value: unknown } };
    const withBody = base.map((r) => (r.body?.type === "json" ? r : { ...r, body: { type: "json" as const, value: {} } })) as fc.Arbitrary<R>;
    const at = (label: string, filter: (t: Target) => boolean, make: (t: Target) => fc.Arbitrary<unknown>) =>
      withBody.chain((r) => {
        const ts = targets(schema, r.body.value).filter(filter);
        if (!ts.length) return fc.constant({ ...r, mutation: `body: ${label} (no target; unchanged)` });
        return pick(ts).chain((t) => make(t).map((v) => ({ ...r, mutation: `body: ${label} at /${t.path.join("/")}`, body: { type: "json" as const, value: setAt(r.body.value, t.path, v) } })));
      });
    const raw = (label: string, contentType: string, payload: (r: R) => string) =>
      withBody.map((r) => ({ ...r, mutation: `body: ${label}`, body: { type: "raw" as const, contentType, payload: payload(r) }, forcedInvalid: label }));
    return [
      withBody.chain((r) => {
        const ts = targets(schema, r.body.value).filter((t) => t.value && typeof t.value === "object" && !Array.isArray(t.value) && (t.schema.required ?? []).length);
        if (!ts.length) return fc.constant({ ...r, mutation: "body: required field missing (none required)" });
        return pick(ts).chain((t) =>
          pick(t.schema.required as string[]).map((k) => ({ ...r, mutation: `body: /${[...t.path, k].join("/")} missing`, body: { type: "json" as const, value: deleteAt(r.body.value, t.path, k) } })),
        );
      }),
      at("wrong type", () => true, (t) => wrongType(t.schema)),
      at("oversized string", (t) => typesOf(t.schema).includes("string"), (t) => oversizedString(t.schema)),
      at("oversized array", (t) => typesOf(t.schema).includes("array"), (t) => oversizedArray(t.schema)),
      at("hostile value", (t) => t.path.length > 0, () => hostileScalar),
      at("bad id", (t) => ID_NAME.test(String(t.path[t.path.length - 1] ?? "")), () => fc.constantFrom(...BAD_IDS)),
      at(
        "unknown field",
        (t) => !!t.value && typeof t.value === "object" && !Array.isArray(t.value),
        (t) => fc.tuple(fc.constantFrom(...UNKNOWN_KEYS.filter((k) => !(k in (t.schema.properties ?? {})))), hostileScalar).map(([k, v]) => setAt(t.value, [k], v)),
      ),
      withBody.chain((r) =>
        fc.constantFrom<unknown>([], "text", 12, null, true, [{}]).map((v) => ({ ...r, mutation: `body: replaced by ${JSON.stringify(v)}`, body: { type: "json" as const, value: v } })),
      ),
      raw("broken JSON", "application/json", (r) => JSON.stringify(r.body.value).slice(0, -1) + ",}"),
      raw("empty JSON body", "application/json", () => ""),
      raw("prototype pollution", "application/json", () => '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
      raw("other media type", "text/plain", (r) => JSON.stringify(r.body.value)),
      raw("xml", "application/xml", () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
      withBody.chain((r) =>
        // Number literals that JSON.parse turns into Infinity or rounds; the oracle judges the parsed value.
        fc.constantFrom("1e400", "-1e400", "123456789012345678901234567890", "-0", "1E+2").map((lit) => {
          const ts = targets(schema, r.body.value).filter((t) => t.path.length && typesOf(t.schema).some((x) => x === "integer" || x === "number"));
          const t = ts[0];
          const marked = t ? setAt(r.body.value, t.path, "__NUMBER__") : r.body.value;
          const text = JSON.stringify(marked).replace('"__NUMBER__"', lit);
          return { ...r, mutation: `body: number literal ${lit}${t ? ` at /${t.path.join("/")}` : " (no numeric field)"}`, body: { type: "rawJson" as const, payload: text } };
        }),
      ),
      fc.integer({ min: 1000, max: 5000 }).chain((depth) =>
        base.map((r) => ({ ...r, mutation: `body: nesting ${depth} deep`, body: { type: "rawJson" as const, payload: "[".repeat(depth) + "]".repeat(depth) } })),
      ),
    ];
  }

  private formMutations(base: fc.Arbitrary<FuzzRequest>, schema: Json): fc.Arbitrary<FuzzRequest>[] {
    const s = flatten(schema);
    const names = Object.keys(s.properties ?? {});
    const form = (r: FuzzRequest) => (r.body?.type === "form" ? r.body.value : {});
    const out: fc.Arbitrary<FuzzRequest>[] = [];
    if ((s.required ?? []).length)
      out.push(fc.tuple(base, pick(s.required as string[])).map(([r, k]) => ({ ...r, mutation: `form: ${k} missing`, body: { type: "form" as const, value: Object.fromEntries(Object.entries(form(r)).filter(([n]) => n !== k)) } })));
    if (names.length)
      out.push(fc.tuple(base, pick(names), fc.oneof(hostileScalar, oversizedString({ maxLength: 9000 }))).map(([r, k, v]) => ({ ...r, mutation: `form: ${k} hostile`, body: { type: "form" as const, value: { ...form(r), [k]: scalarWire(v) } } })));
    return out;
  }

  private multipartMutations(base: fc.Arbitrary<FuzzRequest>, schema: Json): fc.Arbitrary<FuzzRequest>[] {
    const { s, files, required } = formParts(schema);
    const parts = (r: FuzzRequest) => (r.body?.type === "multipart" ? r.body.parts : []);
    const out: fc.Arbitrary<FuzzRequest>[] = [];
    for (const [name, p] of files) {
      if (required.has(name))
        out.push(base.map((r) => ({ ...r, mutation: `multipart: ${name} missing`, body: { type: "multipart" as const, parts: parts(r).filter((x) => x.name !== name) }, forcedInvalid: "file part missing" })));
      out.push(
        base.chain((r) =>
          filePart(name).map((f) => ({ ...r, mutation: `multipart: ${name} twice`, body: { type: "multipart" as const, parts: [...parts(r), f] }, forcedInvalid: "two file parts" })),
        ),
      );
      out.push(
        base.map((r) => ({
          ...r,
          mutation: `multipart: ${name} sent as a field`,
          body: { type: "multipart" as const, parts: [...parts(r).filter((x) => x.name !== name), { name, data: "not a file" }] },
          forcedInvalid: "file sent as a text field",
        })),
      );
      if (typeof p.maxLength === "number" && p.maxLength <= 32 * 1024 * 1024)
        out.push(
          base.map((r) => ({
            ...r,
            mutation: `multipart: ${name} one byte over ${p.maxLength}`,
            body: { type: "multipart" as const, parts: [...parts(r).filter((x) => x.name !== name), { name, filename: "big.png", type: "image/png", data: Buffer.alloc(p.maxLength + 1, 0x41) }] },
            forcedInvalid: "file too large",
          })),
        );
    }
    if (s.additionalProperties === false)
      out.push(
        fc.tuple(base, fc.constantFrom("unknownField", "__proto__", "constructor")).map(([r, k]) => ({
          ...r,
          mutation: `multipart: unknown field ${k}`,
          body: { type: "multipart" as const, parts: [...parts(r), { name: k, data: "x" }] },
          forcedInvalid: "unknown field",
        })),
      );
    out.push(
      base.map((r) => ({ ...r, mutation: "multipart: broken form", body: { type: "multipartRaw" as const, contentType: "multipart/form-data; boundary=xyz", payload: "--xyz\r\nContent-Disposition: form-da" }, forcedInvalid: "broken form" })),
      base.map((r) => ({ ...r, mutation: "multipart: no boundary", body: { type: "multipartRaw" as const, contentType: "multipart/form-data", payload: "garbage" }, forcedInvalid: "no boundary" })),
      base.map((r) => ({ ...r, mutation: "multipart: sent as JSON", body: { type: "raw" as const, contentType: "application/json", payload: "{}" }, forcedInvalid: "JSON to an upload" })),
    );
    return out;
  }
}
