import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { loadContract, operations } from "../../src/contract.ts";

// Helpers of the id-swap tests (issue 8): a refusal is the status the contract declares for the
// operation, in the bilingual error envelope, and leaves nothing changed.

export type Refusal = "403 4003" | "404";

/** Every operation an id-swap case refused ("METHOD /path"), for the completeness check. */
export const exercised = new Set<string>();

type Json = Record<string, any>;

/** Follows local $refs of the bundled document. */
function deref(doc: Json, s: any): any {
  while (s && typeof s === "object" && typeof s.$ref === "string" && s.$ref.startsWith("#/"))
    s = s.$ref
      .slice(2)
      .split("/")
      .reduce((o: any, k: string) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  return s;
}

function mentionsUserId(doc: Json, schema: unknown, depth = 0): boolean {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 8) return false;
  if (s.properties && "userId" in s.properties) return true;
  return [s.items, ...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])].some((x) => mentionsUserId(doc, x, depth + 1));
}

/**
 * The operations every signed-in user may call (no x-permission) that take a userId, in the query
 * or the body: each must refuse someone else's (an administrator's operations are the matrix's).
 */
export async function userIdOperations(): Promise<string[]> {
  const doc = await loadContract();
  return operations(doc)
    .filter((o) => !o.op["x-permission"] && !(Array.isArray(o.op.security) && o.op.security.length === 0))
    .filter(
      (o) =>
        (o.op.parameters ?? []).some((p: unknown) => deref(doc, p)?.name === "userId") ||
        Object.values<Json>(deref(doc, o.op.requestBody)?.content ?? {}).some((c) => mentionsUserId(doc, c.schema)),
    )
    .map((o) => `${o.method} ${o.path}`);
}

/** The operation's declared responses, found by method and path. */
export async function declaredStatuses(method: string, path: string): Promise<string[]> {
  const op = operations(await loadContract()).find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`no operation ${method} ${path} in the contract`);
  return Object.keys(op.op.responses);
}

/** The answer is the refusal, which the contract declares for this operation. */
export async function expectRefused(res: LightMyRequestResponse, method: string, path: string, refusal: Refusal) {
  exercised.add(`${method} ${path}`);
  const status = refusal === "404" ? 404 : 403;
  expect(await declaredStatuses(method, path), `${method} ${path} declares ${status}`).toContain(String(status));
  const body = res.json();
  expect([res.statusCode, body.code], `${method} ${path}: ${res.body.slice(0, 300)}`).toEqual(refusal === "404" ? [404, 404] : [403, 4003]);
  expect(body.data).toBeNull();
  expect(typeof body.resultMessage).toBe("string");
  expect(typeof body.resultEnMessage).toBe("string");
}
