// HEIF/HEIC pictures become JPEG on upload (issue 21, defect 16). Spec 5 accepts heif and heic
// avatars, an iPhone's default format, but only Safari can show them: in every other browser a
// stored HEIC avatar was an empty grey circle. The server decodes it with libheif compiled to
// WebAssembly (no native library, Node 20), shrinks it and stores a JPEG instead.
//
// A 12-megapixel photo takes about a second and 200 MB to decode, so it runs in a worker thread
// (the event loop keeps serving) and one at a time per server (memory stays bounded under a burst);
// a conversion that takes too long is stopped. The size is checked from the header before any pixel
// is decoded.
import { Worker } from "node:worker_threads";
import { ApiError } from "../errors.ts";

const WORKER = new URL("./toJpeg.worker.mjs", import.meta.url);

/** 48 megapixels: an 8064 x 6048 phone photo. */
const MAX_PIXELS = 48_000_000;
/** Long enough for the largest photo on a loaded machine; a picture that takes longer is refused. */
const TIMEOUT_MS = 60_000;
const QUALITY = 88;

export interface Converted {
  jpeg: Buffer;
  width: number;
  height: number;
}

type Answer = { jpeg: Uint8Array; width: number; height: number } | { error: "unreadable" | "tooLarge" };

export const unreadableHeic = () =>
  new ApiError(
    415,
    415,
    "无法读取这张 HEIF/HEIC 图片，请转换为 JPG 或 PNG 后再上传",
    "This HEIF/HEIC picture could not be read. Please convert it to JPG or PNG and upload it again",
  );
const heicTooLarge = () =>
  new ApiError(415, 415, "这张 HEIF/HEIC 图片的像素过多（最多 4800 万像素）", "This HEIF/HEIC picture has too many pixels (at most 48 megapixels)");

function runWorker(bytes: Buffer, maxSide: number, maxPixels: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The decoder's own complaints about a broken file (it writes them to the console) are no log
    // lines of ours: its output is read and dropped.
    const worker = new Worker(WORKER, { workerData: { bytes, maxSide, maxPixels, quality: QUALITY }, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ error: "unreadable" });
    }, TIMEOUT_MS);
    worker.once("message", (answer: Answer) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve({ error: "unreadable" }); // ignored when an answer came first
    });
  });
}

/** One conversion at a time per server. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The picture as a JPEG whose longer side is at most `maxSide` pixels (never enlarged). 415 in both
 * languages when it cannot be read or has too many pixels.
 */
export function heicToJpeg(bytes: Buffer, maxSide: number, { maxPixels = MAX_PIXELS }: { maxPixels?: number } = {}): Promise<Converted> {
  const run = queue.then(async () => {
    const answer = await runWorker(bytes, maxSide, maxPixels).catch((): Answer => ({ error: "unreadable" }));
    if ("error" in answer) throw answer.error === "tooLarge" ? heicTooLarge() : unreadableHeic();
    return { jpeg: Buffer.from(answer.jpeg), width: answer.width, height: answer.height };
  });
  queue = run.catch(() => undefined);
  return run;
}
