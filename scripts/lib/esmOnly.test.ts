// @vitest-environment node
// The build-level guard of issue 18 (esmOnly.ts): an icon imported by its CommonJS root path is not
// a component in a production build; the alias makes it one, and the plugin refuses the build when
// a CommonJS copy of antd's family is bundled.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type InlineConfig, type Plugin, type Rollup } from "vite";
import { describe, expect, it } from "vitest";

import { antdIconAlias, esmOnly, isCommonJsCopy } from "./esmOnly";

const fixture = fileURLToPath(new URL("./fixtures/iconByCommonJsPath.ts", import.meta.url));

/** Builds the fixture as the app is built (production, ES module) and returns the bundle's code. */
async function buildFixture(plugins: Plugin[], alias: InlineConfig["resolve"] = {}): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    mode: "production",
    plugins,
    resolve: alias,
    build: {
      write: false,
      minify: false,
      lib: { entry: fixture, formats: ["es"], fileName: "fixture" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs[0].output.find((o): o is Rollup.OutputChunk => o.type === "chunk" && o.isEntry);
  return chunk!.code;
}

/** What the built fixture's default import is: the bundle (React in it) run in Node. */
async function builtKind(code: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "esm-only-"));
  try {
    const file = path.join(dir, "fixture.mjs");
    await writeFile(file, code);
    return ((await import(pathToFileURL(file).href)) as { kind: string }).kind;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("antd's family in the production build (issue 18)", () => {
  it("tells the CommonJS copies from the ES builds", () => {
    expect(isCommonJsCopy("/p/node_modules/@ant-design/icons/ExclamationCircleFilled.js")).toBe(true);
    expect(isCommonJsCopy("/p/node_modules/@ant-design/icons/lib/icons/ExclamationCircleFilled.js")).toBe(true);
    expect(isCommonJsCopy("/p/node_modules/antd/lib/button/index.js")).toBe(true);
    expect(isCommonJsCopy("/p/node_modules/rc-util/lib/warning.js")).toBe(true);
    expect(isCommonJsCopy("/p/node_modules/@rc-component/trigger/lib/index.js?commonjs-es-import")).toBe(true);
    expect(isCommonJsCopy("/p/node_modules/@ant-design/icons/es/icons/ExclamationCircleFilled.js")).toBe(false);
    expect(isCommonJsCopy("/p/node_modules/antd/es/button/index.js")).toBe(false);
    expect(isCommonJsCopy("/p/node_modules/qs/lib/index.js")).toBe(false); // not antd's family
    expect(isCommonJsCopy("/p/src/lib/thing.ts")).toBe(false);
  });

  it("a default import of the CommonJS root path is no component in the build; with the alias it is", async () => {
    expect(await builtKind(await buildFixture([]))).toBe("object");
    expect(await builtKind(await buildFixture([], { alias: [antdIconAlias] }))).toBe("component");
  }, 60_000);

  it("the build fails, naming the importer, while a CommonJS copy is bundled", async () => {
    await expect(buildFixture([esmOnly()])).rejects.toThrow(/CommonJS build of antd's family[\s\S]*ExclamationCircleFilled\.js \(imported by .*iconByCommonJsPath\.ts\)/);
    await expect(buildFixture([esmOnly()], { alias: [antdIconAlias] })).resolves.toContain("ExclamationCircleFilled");
  }, 60_000);
});
