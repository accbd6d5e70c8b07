#!/usr/bin/env node
// Generates from the contract (openapi/portal.yaml):
// - src/api/schema.d.ts with openapi-typescript's Node API, so the web app's request and response
//   types can only come from the document;
// - server/src/generated/contract.json, the document bundled into one object (Redocly), which the
//   server loads at start-up: bundling the YAML files there took about a second and 20 MB
//   (issue 9, start-up budget);
// - common/generated/resources.ts, the generic admin resources from the operations' x-resource marks
//   (issue 22): per resource and action the operation (the refine data provider's registry and the
//   server's resource binding), the resource names as a type, and each resource's menu url.
//
//   node scripts/gen-api.mjs           write both
//   node scripts/gen-api.mjs --check   regenerate in memory; exit 1 when a committed file differs
//
// The same functions produce both outputs, so `--check` can never disagree with a fresh generation.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { bundle, loadConfig } from "@redocly/openapi-core";
import { checkResourceMarks, operationsOfBundle, renderResourceModule } from "./lib/resourceMarks.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contractPath = path.join(root, "openapi", "portal.yaml");
const typesPath = path.join(root, "src", "api", "schema.d.ts");
const bundlePath = path.join(root, "server", "src", "generated", "contract.json");
const resourcesPath = path.join(root, "common", "generated", "resources.ts");
const relative = (file) => path.relative(root, file);

async function generateTypes() {
  // A file URL (not a string) makes openapi-typescript read the file and resolve its relative $refs;
  // a plain string would be taken as YAML text.
  const ast = await openapiTS(pathToFileURL(contractPath), { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

/** The document bundled into one object (external refs become components); errors refuse. */
async function bundleContract() {
  const config = await loadConfig({});
  const { bundle: doc, problems } = await bundle({ ref: contractPath, config });
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length) throw new Error(`The OpenAPI document has errors: ${errors.map((e) => e.message).join("; ")}`);
  return doc.parsed;
}

/** The resource table of the x-resource marks; a mark lint:api refuses refuses here too. */
function generateResources(doc) {
  const { problems, resources } = checkResourceMarks(operationsOfBundle(doc));
  if (problems.length) throw new Error(`The x-resource marks have errors (npm run lint:api):\n${problems.map((p) => `- ${p.message}`).join("\n")}`);
  return renderResourceModule(resources);
}

async function readCommitted(file) {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}

async function main() {
  const check = process.argv.includes("--check");
  const doc = await bundleContract();
  const outputs = [
    [typesPath, await generateTypes()],
    [bundlePath, `${JSON.stringify(doc, null, 1)}\n`],
    [resourcesPath, generateResources(doc)],
  ];

  if (!check) {
    for (const [file, generated] of outputs) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, generated, "utf8");
      console.log(`gen-api: wrote ${relative(file)} from ${relative(contractPath)}`);
    }
    return;
  }

  for (const [file, generated] of outputs) {
    const committed = await readCommitted(file);
    if (committed === generated) {
      console.log(`gen-api: ${relative(file)} is up to date with ${relative(contractPath)}`);
      continue;
    }
    const why = committed === null ? "is missing" : "is stale: it differs from what the contract generates";
    console.error(`gen-api: ${relative(file)} ${why}.\nRun \`npm run gen:api\` and commit the result.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`gen-api: could not generate types from ${relative(contractPath)}:\n${error?.message ?? error}`);
  process.exitCode = 1;
});
