// Finds import cycles among a folder's TypeScript modules (issue 22 item 4: the server had three).
// Type-only imports count too: they tie modules together as much as the reader is concerned.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const IMPORT = /^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gms;

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modulesUnder(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** The relative imports of each module under `dir` that resolve to a module under `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  const files = new Set(modulesUnder(dir));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps = [...readFileSync(file, "utf8").matchAll(IMPORT)]
      .map((m) => path.join(path.dirname(file), m[1]))
      .map((p) => (p.endsWith(".ts") ? p : `${p}.ts`))
      .filter((p) => files.has(p));
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** Every group of modules that import each other (strongly connected, more than one), sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) out.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}
