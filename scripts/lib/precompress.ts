// Issue 21 (delivery): the built app is precompressed once, at build time, so the server sends
// brotli or gzip without compressing anything per request (server/src/plugins/web.ts picks the
// variant by the request's Accept-Encoding). Brotli at its best quality (11) and gzip at level 9:
// slow, but paid once per build, never by a request on the server's two cores.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts (woff2 is brotli inside), archives already are. */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|htm|svg|json|webmanifest|map|txt|xml|ico|wasm)$/i;
/**
 * Smaller files are sent as they are: under about one TCP packet compression saves no round trip,
 * and the variants would only be more files to look up.
 */
export const MIN_BYTES = 1024;
/** The file suffix of each variant (what @fastify/static looks for next to the file). */
export const VARIANT_SUFFIX = { br: ".br", gzip: ".gz" } as const;

export interface PrecompressReport {
  /** Files given variants. */
  files: number;
  rawBytes: number;
  brBytes: number;
  gzipBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz`; a variant that would not be smaller than the file is not written (the server then sends the file). */
async function compressFile(file: string, report: PrecompressReport) {
  const raw = await readFile(file);
  const br = await brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = await gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < raw.length) await writeFile(file + VARIANT_SUFFIX.br, br);
  if (gz.length < raw.length) await writeFile(file + VARIANT_SUFFIX.gzip, gz);
  report.files++;
  report.rawBytes += raw.length;
  report.brBytes += Math.min(br.length, raw.length);
  report.gzipBytes += Math.min(gz.length, raw.length);
}

/** Precompresses every compressible file of at least MIN_BYTES under `dir` (the build's output). */
export async function precompressDir(dir: string): Promise<PrecompressReport> {
  const todo: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue; // also skips existing .br / .gz files
    if ((await stat(file)).size >= MIN_BYTES) todo.push(file);
  }
  const report: PrecompressReport = { files: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  // zlib's asynchronous calls run on libuv's thread pool (4 threads): a few files at a time keep
  // the cores busy without holding every file of the build in memory at once.
  const queue = [...todo];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await compressFile(file, report);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return report;
}

const KiB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Vite plugin: precompresses the output directory once the build has written it (public/ files included). */
export function precompress(): Plugin {
  let outDir = "";
  let log: (line: string) => void = () => undefined;
  return {
    name: "portal:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      log(`precompressed ${r.files} files: ${KiB(r.rawBytes)} → brotli ${KiB(r.brBytes)}, gzip ${KiB(r.gzipBytes)}`);
    },
  };
}
