#!/usr/bin/env node
// Generates src/api/schema.d.ts from the contract (openapi/portal.yaml) with openapi-typescript's
// Node API, so the web app's request and response types can only come from the document.
//
//   node scripts/gen-api.mjs           write src/api/schema.d.ts
//   node scripts/gen-api.mjs --check   regenerate in memory; exit 1 when the committed file differs
//
// The same function produces both outputs, so `--check` can never disagree with a fresh generation.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contractPath = path.join(root, "openapi", "portal.yaml");
const outputPath = path.join(root, "src", "api", "schema.d.ts");
const relative = (file) => path.relative(root, file);

async function generate() {
  // A file URL (not a string) makes openapi-typescript read the file and resolve its relative $refs;
  // a plain string would be taken as YAML text.
  const ast = await openapiTS(pathToFileURL(contractPath), { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

async function readCommitted() {
  try {
    return await readFile(outputPath, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}

async function main() {
  const check = process.argv.includes("--check");
  const generated = await generate();

  if (!check) {
    await writeFile(outputPath, generated, "utf8");
    console.log(`gen-api: wrote ${relative(outputPath)} from ${relative(contractPath)}`);
    return;
  }

  const committed = await readCommitted();
  if (committed === generated) {
    console.log(`gen-api: ${relative(outputPath)} is up to date with ${relative(contractPath)}`);
    return;
  }
  const why = committed === null ? "is missing" : "is stale: it differs from what the contract generates";
  console.error(`gen-api: ${relative(outputPath)} ${why}.\nRun \`npm run gen:api\` and commit the result.`);
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(`gen-api: could not generate types from ${relative(contractPath)}:\n${error?.message ?? error}`);
  process.exitCode = 1;
});
