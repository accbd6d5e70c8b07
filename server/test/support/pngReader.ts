// An independent PNG reader for the captcha tests (not the server's encoder run backwards): it
// checks the signature and every chunk's CRC, and undoes all five row filters, so it accepts any
// valid 8-bit RGB or RGBA PNG and refuses anything else.
import zlib from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  /** Chunk types in file order. */
  chunks: string[];
  /** 3 bytes a pixel (alpha dropped), rows top down. */
  rgb: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG signature");
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (zlib.crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
    if (type === "IEND" && at !== png.length) throw new Error("bytes after IEND");
  }
  if (!header || chunks[0] !== "IHDR" || chunks.at(-1) !== "IEND") throw new Error("IHDR first and IEND last are required");
  const [width, height, depth, colourType, , , interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[10], header[11], header[12]];
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  const bpp = colourType === 6 ? 4 : 3;
  const stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  if (raw.length !== (stride + 1) * height) throw new Error(`image data is ${raw.length} bytes, expected ${(stride + 1) * height}`);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= bpp ? pixels[y * stride + i - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= bpp ? pixels[(y - 1) * stride + i - bpp] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`unknown filter ${filter} in row ${y}`);
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  const rgb = bpp === 3 ? pixels : pixels.filter((_, i) => i % 4 !== 3);
  return { width, height, chunks, rgb };
}

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
