import fc from "fast-check";
import { flatten } from "./schema.ts";

// Values from JSON schemas (OpenAPI 3.1 = JSON Schema 2020-12): conforming ones, and the hostile
// material the invalid requests are made of. Whether a value really conforms is decided afterwards
// by an ajv configured like the server's (see oracle.ts), so a generator here may be approximate.

type Json = Record<string, any>;

/** Strings that break naive code: direction marks, NUL, lone surrogates, emoji, combining marks. */
export const ODD_STRINGS = [
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "a\u0000b",
  "\u0000",
  "\uD800",
  "x\uDC00y",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "e\u0301\u0301\u0301",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\uFEFF",
  "\u200B\u200C\u200D",
  "\u2028\u2029",
  "\r\n\t\v\f",
  "ｆｕｌｌｗｉｄｔｈ",
  "中文测试",
];

/** SQL, script and template injection payloads. */
export const ATTACK_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE sys_user; --",
  "1 UNION SELECT NULL, current_user --",
  "\\'; SELECT pg_sleep(5); --",
  "%' OR 1=1 --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  '"><svg/onload=alert(1)>',
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "__proto__",
  "constructor",
];

/** Numbers at and beyond the edges (as JSON values). */
export const HUGE_NUMBERS = [1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, -0, 0.5, -1, 0, Number.MIN_VALUE];
/** Numbers as strings, including ones JSON cannot carry. */
export const NUMBER_STRINGS = ["NaN", "Infinity", "-Infinity", "1e308", "1e400", "9223372036854775808", "-0", "0x10", "1_000", " 1", "1.0", "01", ""];
/** Ids that are not (live) ids. */
export const BAD_IDS: unknown[] = [-1, 0, 2147483648, 2 ** 53, 9007199254740993, 1.5, "abc", "1; DROP TABLE sys_user", "0x1", "", " ", "١٢٣"];

const nastyString = fc.constantFrom(...ODD_STRINGS, ...ATTACK_STRINGS);

function typesOf(s: Json): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === "string") return [s.type];
  if (s.properties || s.required) return ["object"];
  if (s.items) return ["array"];
  return [];
}

/** Code points, as ajv counts a string's length. */
export const lengthOf = (s: string) => [...s].length;

/** The characters of a simple regular-expression class body such as `A-Za-z0-9+/=` or ` -~`. */
function classChars(body: string): string[] {
  const out: string[] = [];
  const src = body.replace(/\\([\\\]\-])/g, "$1");
  for (let i = 0; i < src.length; i++) {
    if (src[i + 1] === "-" && i + 2 < src.length) {
      for (let c = src.charCodeAt(i); c <= src.charCodeAt(i + 2); c++) out.push(String.fromCharCode(c));
      i += 2;
    } else out.push(src[i]);
  }
  return [...new Set(out)];
}

function stringArb(s: Json): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 60);
  // Padded or cut to the schema's lengths (filters could loop forever on a narrow range).
  const clamp = (v: string) => {
    const cps = [...v];
    while (cps.length < minLength) cps.push("a");
    return cps.slice(0, s.maxLength ?? cps.length).join("");
  };
  if (s.pattern) {
    // A whole-string character class (^[...]+$, ^[...]{m,n}$): its characters at the schema's lengths.
    const cls = /^\^\[([^\]]+)\](?:([+*])|\{(\d+)(?:,(\d*))?\})\$$/.exec(s.pattern);
    if (cls) {
      const chars = classChars(cls[1]);
      const lo = Math.max(minLength, cls[2] === "+" ? 1 : cls[3] ? Number(cls[3]) : 0);
      const hi = Math.max(lo, Math.min(maxLength, cls[4] ? Number(cls[4]) : cls[3] && cls[4] === undefined ? Number(cls[3]) : maxLength));
      if (chars.length) return fc.string({ unit: fc.constantFrom(...chars), minLength: lo, maxLength: hi });
    }
    // Otherwise fast-check's generator from the regular expression, cut to length (never an
    // endless filter: a value that no longer matches is judged invalid by the oracle).
    return fc.stringMatching(new RegExp(s.pattern), { size: "xsmall" }).map((v) => {
      const cps = [...v];
      return cps.length > (s.maxLength ?? Infinity) ? cps.slice(0, s.maxLength).join("") : v;
    });
  }
  if (s.format === "email") return fc.emailAddress({ size: "xsmall" });
  if (s.format === "uri") return fc.webUrl({ size: "xsmall" });
  if (s.format === "date") return fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === "date-time") return fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength }).map(clamp) },
    { weight: 2, arbitrary: nastyString.map(clamp) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ unit: "grapheme-ascii", minLength: Math.max(0, minLength - 1), maxLength: 5 }), nastyString).map(([a, b]) => clamp(a + b)) },
  );
}

function numberArb(s: Json, integer: boolean): fc.Arbitrary<number> {
  let min = s.minimum ?? (typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : undefined);
  let max = s.maximum ?? (typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    min = Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
    max = Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
    // Small values are the ones that hit rows; the whole range now and then.
    const small = fc.integer({ min: Math.max(min, -3), max: Math.min(max, Math.max(min, -3) + 40) });
    return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values that (mostly) conform to `schema`. */
export function validValue(schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = flatten(schema ?? {});
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (Array.isArray(alternatives) && alternatives.length) {
    const { oneOf: _o, anyOf: _a, ...base } = s;
    return fc.oneof(...alternatives.map((alt: Json) => validValue({ ...base, ...flatten(alt) }, depth + 1)));
  }
  const types = typesOf(s);
  if (!types.length) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  return fc.oneof(...types.map((type) => oneType(s, type, depth)));
}

function oneType(s: Json, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "string":
      return stringArb(s);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 4, minLength + (depth > 2 ? 1 : 4));
      const items = validValue(s.items ?? {}, depth + 1);
      return s.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
    }
    case "object": {
      const props: Json = s.properties ?? {};
      const required: string[] = (s.required ?? []).filter((k: string) => k in props);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, p] of Object.entries<Json>(props)) if (depth < 5 || required.includes(k)) model[k] = validValue(p, depth + 1);
      // Required names the properties do not describe (rare) get a string.
      for (const k of s.required ?? []) if (!(k in model)) model[k] = fc.string({ maxLength: 8 });
      return fc.record(model, { requiredKeys: [...new Set([...(s.required ?? [])])] });
    }
    default:
      return fc.constant(null);
  }
}

/** A value of another JSON type than any of `schema`'s (a wrong-type mutation; ajv's coercion may still take it). */
export function wrongType(schema: Json | undefined): fc.Arbitrary<unknown> {
  const types = typesOf(flatten(schema ?? {}));
  const candidates: unknown[] = [];
  if (!types.includes("object")) candidates.push({ a: 1 }, { $gt: "" });
  if (!types.includes("array")) candidates.push([1, 2], [[]]);
  if (!types.includes("string")) candidates.push("not-a-number", "ten", "'; DROP TABLE x; --");
  if (!types.includes("integer") && !types.includes("number")) candidates.push(12.5, 1e308);
  if (!types.includes("boolean")) candidates.push(true);
  if (types.includes("integer")) candidates.push(1.5, "1e3x");
  return fc.constantFrom(...(candidates.length ? candidates : [Symbol.for("never")]));
}

/** A string longer than `schema` allows (or very long when it sets no limit). */
export function oversizedString(schema: Json | undefined): fc.Arbitrary<string> {
  const max = flatten(schema ?? {}).maxLength;
  const unit = fc.constantFrom("a", "中", "😀", "<", "'");
  return typeof max === "number"
    ? fc.tuple(unit, fc.integer({ min: max + 1, max: max + 64 })).map(([u, n]) => u.repeat(n))
    : fc.tuple(unit, fc.integer({ min: 5_000, max: 60_000 })).map(([u, n]) => u.repeat(n));
}

/** An array longer than `schema` allows (or long), of conforming items when it can. */
export function oversizedArray(schema: Json | undefined): fc.Arbitrary<unknown[]> {
  const s = flatten(schema ?? {});
  const n = typeof s.maxItems === "number" ? s.maxItems + 1 : 2_000;
  return validValue(s.items ?? {}).map((item) => Array.from({ length: n }, (_, i) => (typeof item === "number" ? item + i : typeof item === "string" ? `${item}${i}` : item)));
}

/** Hostile scalars for any field: odd unicode, attack strings, huge numbers, bad ids. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.constantFrom(...ATTACK_STRINGS),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(...NUMBER_STRINGS),
  fc.constantFrom(...BAD_IDS),
);
