// Runs in a worker thread (toJpeg.ts): decodes one HEIF/HEIC picture with libheif compiled to
// WebAssembly (heic-decode over libheif-js), shrinks it to fit `maxSide`, encodes a JPEG
// (jpeg-js). Plain JavaScript, so the worker starts under any loader (the server's tsx, the tests').
// Answers { jpeg, width, height } or { error: "unreadable" | "tooLarge" }.
import { parentPort, workerData } from "node:worker_threads";
import decode from "heic-decode";
import jpeg from "jpeg-js";

const { bytes, maxSide, maxPixels, quality } = workerData;

/** Area-average downscale of RGBA pixels so the longer side is at most maxSide (never up). */
function shrink({ width, height, data }) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale === 1) return { width, height, data };
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0, i = (sy * width + x0) * 4; sx < x1; sx++, i += 4) {
          r += data[i];
          g += data[i + 1];
          b += data[i + 2];
          a += data[i + 3];
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = a / n;
    }
  }
  return { width: w, height: h, data: out };
}

async function convert() {
  let images;
  try {
    images = await decode.all({ buffer: Buffer.from(bytes) });
  } catch {
    return { error: "unreadable" };
  }
  try {
    // The first top-level image, as heic-decode takes it: the photo, not a thumbnail or depth map.
    const [primary] = images;
    // Checked before any pixel is decoded: a few bytes may claim a picture of gigabytes.
    if (primary.width * primary.height > maxPixels) return { error: "tooLarge" };
    const picture = shrink(await primary.decode());
    const encoded = jpeg.encode(picture, quality).data;
    return { jpeg: encoded, width: picture.width, height: picture.height };
  } catch {
    return { error: "unreadable" };
  } finally {
    images.dispose();
  }
}

parentPort.postMessage(await convert());
