// The server's handler modules match the contract's tags (issue 22 item 4): every module lives in
// handlers/<tag>/ and holds only operations of that tag (TagHandlers checks the same at typecheck
// time; this checks the files where they are), and the composed map serves every module's handlers.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { OPERATION_TAGS } from "../src/generated/operationTags.ts";
import { handlers } from "../src/handlers/index.ts";

const root = path.resolve(import.meta.dirname, "../src/handlers");
const tagOf = OPERATION_TAGS as Record<string, string>;
const folders = fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** Each module's exported handler maps: the exports whose keys are all operation ids. */
async function modules() {
  const found: { folder: string; file: string; operations: [string, unknown][] }[] = [];
  for (const folder of folders) {
    for (const file of fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith(".ts"))) {
      const mod = await import(pathToFileURL(path.join(root, folder, file)).href);
      const operations = Object.values(mod)
        .filter((v): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k in tagOf))
        .flatMap((map) => Object.entries(map));
      found.push({ folder, file, operations });
    }
  }
  return found;
}

describe("handler modules", () => {
  it("only the handler map and its types sit beside the tag folders, and every folder is a tag", () => {
    const loose = fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
    expect(loose.sort()).toEqual(["index.ts", "types.ts"]);
    const tags = new Set(Object.values(tagOf));
    expect(folders.filter((f) => !tags.has(f))).toEqual([]);
  });

  it("a module holds the operations of its folder's tag only", async () => {
    const strays = (await modules()).flatMap(({ folder, file, operations }) =>
      operations.filter(([id]) => tagOf[id] !== folder).map(([id]) => `${folder}/${file}: ${id} (${tagOf[id]})`),
    );
    expect(strays).toEqual([]);
  });

  it("the composed map is exactly the modules' handlers", async () => {
    const fromModules = new Map((await modules()).flatMap((m) => m.operations));
    expect([...fromModules.keys()].filter((id) => !(id in handlers))).toEqual([]);
    expect(Object.keys(handlers).filter((id) => !fromModules.has(id))).toEqual([]);
    for (const [id, handler] of fromModules) expect(handlers[id as keyof typeof handlers], id).toBe(handler);
  });
});
