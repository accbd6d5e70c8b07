import { readFile } from "node:fs/promises";

export const API_PREFIX = "/portal-api";
/** The contract bundled into one object by `npm run gen:api` (scripts/gen-api.mjs); `check:api` keeps it current. */
const bundled = new URL("./generated/contract.json", import.meta.url);

type Json = Record<string, any>;
let cached: Promise<Json> | undefined;

/**
 * The contract, bundled from its files into one object (external refs become components). Read
 * from the generated bundle: bundling the YAML at start-up took about a second (issue 9).
 */
export function loadContract(): Promise<Json> {
  cached ??= readFile(bundled, "utf8").then((text) => JSON.parse(text) as Json);
  return cached;
}

/**
 * Splits the document into the API part (served under the prefix) and the root part (health).
 * Without `devOnly`, operations marked `x-dev-only` (the development IdP) are left out: no route.
 */
export function splitByPrefix(doc: Json, { devOnly = true }: { devOnly?: boolean } = {}): { api: Json; root: Json } {
  const api: Json = { ...doc, paths: {} };
  const rootDoc: Json = { ...doc, paths: {} };
  for (const [p, whole] of Object.entries<Json>(doc.paths ?? {})) {
    const item = devOnly ? whole : Object.fromEntries(Object.entries<Json>(whole).filter(([, op]) => !(op && typeof op === "object" && op["x-dev-only"])));
    if (!Object.values<Json>(item).some((op) => op && typeof op === "object" && op.operationId)) continue;
    (servedAtRoot(whole) ? rootDoc : api).paths[p] = item;
  }
  return { api, root: rootDoc };
}

/**
 * Whether a path is served at the root of the host rather than under the API prefix: its path item
 * declares the server `/` (the health probes; a generated client then calls them there too).
 */
export function servedAtRoot(item: Json): boolean {
  return Array.isArray(item?.servers) && item.servers.some((server: Json) => server?.url === "/");
}

/**
 * Every operation of the document: method, path, operationId, the operation object, and whether it
 * is served at the root (`servedAtRoot`) instead of under the API prefix.
 */
export function operations(doc: Json) {
  const out: { method: string; path: string; operationId: string; op: Json; root: boolean }[] = [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const m of ["get", "post", "put", "delete", "patch"])
      if (item[m]) out.push({ method: m.toUpperCase(), path: p, operationId: item[m].operationId, op: item[m], root: servedAtRoot(item) });
  return out;
}
