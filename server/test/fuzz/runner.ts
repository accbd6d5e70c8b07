import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../helper.ts";
import { multipart } from "../uploadFixtures.ts";
import { answersEventStream, injectOverSocket } from "../support/sse.ts";
import { requestConforms, responseErrors } from "./oracle.ts";
import type { FuzzRequest } from "./requests.ts";
import type { FuzzOperation } from "./schema.ts";

// Sends generated requests through app.inject and judges the answers against the contract.

type Json = Record<string, any>;

/** Percent-encoding that survives lone surrogates (encoded as their WTF-8 bytes, as a hostile client might). */
export function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = "";
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      if (c >= 0xd800 && c <= 0xdfff) out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
      else out += encodeURIComponent(ch);
    }
    return out;
  }
}

export function urlOf(op: FuzzOperation, req: FuzzRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name) => encode(req.params[name] ?? ""));
  const qs = Object.entries(req.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(x)}`))
    .join("&");
  return `${op.prefix}${path}${qs ? `?${qs}` : ""}`;
}

/** Whether the server must refuse the request (and why), by construction or by the oracle. */
export function invalidity(op: FuzzOperation, req: FuzzRequest): string | null {
  if (req.forcedInvalid) return req.forcedInvalid;
  const b = req.body;
  let body: { type: string; present: boolean; value?: unknown };
  if (!b) body = { type: "application/json", present: false };
  else if (b.type === "json") body = { type: "application/json", present: true, value: b.value };
  else if (b.type === "rawJson") {
    let value: unknown;
    try {
      value = JSON.parse(b.payload);
    } catch {
      return "not JSON";
    }
    body = { type: "application/json", present: true, value };
  } else if (b.type === "form") body = { type: "application/x-www-form-urlencoded", present: true, value: b.value };
  else body = { type: "none", present: true };
  if (op.body && !b && op.bodyRequired) {
    const type = Object.keys(op.body)[0];
    if (type !== "application/json") return "body missing";
  }
  const v = requestConforms(op, req.query, req.params, body);
  return v.ok ? null : (v.why ?? "invalid");
}

let ipCounter = 0;
/** A client address per request, so the per-client rate limits (login, captcha, SSO) spread out. */
export const nextClientIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export function send(t: TestApp, op: FuzzOperation, req: FuzzRequest, sid: string | undefined): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = sid ? { sid } : {};
  let payload: string | Buffer | undefined;
  const b = req.body;
  if (b?.type === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(b.value) ?? "null";
  } else if (b?.type === "rawJson") {
    headers["content-type"] = "application/json";
    payload = b.payload;
  } else if (b?.type === "raw" || b?.type === "multipartRaw") {
    headers["content-type"] = b.contentType;
    payload = b.payload;
  } else if (b?.type === "form") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = Object.entries(b.value)
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join("&");
  } else if (b?.type === "multipart") {
    const m = multipart(b.parts);
    headers["content-type"] = m.contentType;
    payload = m.payload;
  }
  // An event stream never ends by itself, and app.inject waits for the end (support/sse.ts).
  if (answersEventStream(op.op)) return injectOverSocket(t.app, { method: op.method, url: urlOf(op, req), headers, payload });
  return t.app.inject({ method: op.method as any, url: urlOf(op, req), headers, payload, remoteAddress: nextClientIp() });
}

const JSON_TYPE = /^application\/(.+\+)?json$/;

/** What is wrong with an answer: undeclared status, schema mismatch, 5xx, a one-language error. */

/** Whether the request's body has a media type the operation does not declare. */
export function undeclaredMediaType(op: FuzzOperation, req: FuzzRequest): boolean {
  const b = req.body;
  if (!b || !op.body) return false;
  const type = b.type === "raw" || b.type === "multipartRaw" ? b.contentType.split(";")[0].trim().toLowerCase() : b.type === "multipart" ? "multipart/form-data" : b.type === "form" ? "application/x-www-form-urlencoded" : "application/json";
  return !(type in op.body);
}

/** Fastify's router (find-my-way) limit on a decoded path parameter. */
const MAX_PARAM_LENGTH = 100;

/**
 * Whether the router refuses the address before any route, hook or security runs: a path
 * parameter whose encoding is not valid UTF-8 (a lone surrogate), or one over the router's length
 * limit once decoded. No operation is known then, so no session can be asked for.
 */
export function unroutable(op: FuzzOperation, req: FuzzRequest): boolean {
  return [...op.path.matchAll(/\{([^}]+)\}/g)].some(([, name]) => {
    try {
      return decodeURIComponent(encode(req.params[name] ?? "")).length > MAX_PARAM_LENGTH;
    } catch {
      return true;
    }
  });
}

/** Requests without a session refused before authentication: an unreadable body, or an address the router refuses (see judge). */
export const refusedBeforeAuthentication = new Set<string>();

/** Bodies the server cannot parse (invalid by construction, whatever their schema). */
export const UNREADABLE = new Set(["broken JSON", "empty JSON body", "prototype pollution", "other media type", "xml", "broken form", "no boundary", "JSON to an upload", "not JSON"]);

export function judge(
  op: FuzzOperation,
  res: LightMyRequestResponse,
  expect: { invalid: string | null; anonymous?: boolean; undeclaredMediaType?: boolean; unreadableBody?: boolean; unroutable?: boolean },
): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status} (a 5xx)`);
  const declared: Json | undefined = op.op.responses?.[String(status)] ?? op.op.responses?.default;
  if (!declared) problems.push(`status ${status} is not declared for ${op.operationId} (declared: ${Object.keys(op.op.responses ?? {}).join(", ")})`);
  const type = String(res.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  let json: any;
  if (JSON_TYPE.test(type)) {
    try {
      json = res.json();
    } catch {
      problems.push(`content-type ${type} but the body is not JSON`);
    }
  }
  if (declared?.content) {
    const content: Json = declared.content;
    // The media type sent must be declared (or a range that holds it): octet-stream is no wildcard.
    const range = `${type.split("/")[0]}/*`;
    const media = content[type] ?? content[range] ?? content["*/*"];
    if (!media && !(status === 304 && !res.body)) problems.push(`content-type "${type}" is not declared for ${status} (declared: ${Object.keys(content).join(", ")})`);
    else if (media?.schema && json !== undefined) {
      const errors = responseErrors(media.schema, json);
      if (errors) problems.push(`body does not match the ${status} schema: ${errors}`);
    }
  }
  if (status >= 400) {
    if (!json || typeof json.resultMessage !== "string" || !json.resultMessage.trim() || typeof json.resultEnMessage !== "string" || !json.resultEnMessage.trim())
      problems.push(`a ${status} without both messages: ${res.body.slice(0, 300)}`);
  }
  if (expect.anonymous) {
    // A body the server cannot read at all (an undeclared media type, broken JSON or form) is
    // refused while it is parsed, before authentication (fastify's lifecycle: the media-type check
    // in onRequest, parsing, then preValidation); 400 or 415 is accepted for exactly those, and
    // counted. So is an address the router refuses (400) before it knows the operation. Anything
    // that parses - an invalid body included - must get 401.
    const unreadable =
      expect.undeclaredMediaType || (expect.unreadableBody && (status === 400 || status === 415)) || (expect.unroutable && status === 400 && json?.errors?.[0]?.field === "url");
    if (unreadable && status !== 401) refusedBeforeAuthentication.add(`${op.operationId}: ${status}`);
    else if (status !== 401 || json?.code !== 4004) problems.push(`without a session: expected 401 code 4004, got ${status} code ${json?.code}`);
  } else if (expect.invalid && (status < 400 || status >= 500)) problems.push(`an invalid request (${expect.invalid.slice(0, 300)}) was answered ${status}`);
  return problems;
}
