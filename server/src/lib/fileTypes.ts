// What an upload really is, read from its bytes (spec 5 upload rules, spec 7.10). The name and the
// declared content type are never trusted for the type; a general file's extension only picks the
// flavour inside the family its bytes belong to (docx or xlsx inside the zip family) and must agree.

export interface Detected {
  /** The MIME type stored and served as Content-Type. */
  mime: string;
}

const startsWith = (b: Buffer, sig: number[] | string, at = 0) => {
  const bytes = typeof sig === "string" ? Buffer.from(sig, "latin1") : Buffer.from(sig);
  return b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};

const isPng = (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]);
const isGif = (b: Buffer) => startsWith(b, "GIF87a") || startsWith(b, "GIF89a");
const isPdf = (b: Buffer) => startsWith(b, "%PDF-");
/** Local file header or the end record of an empty archive. */
const isZip = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
/** OLE2 compound file (doc, xls, ppt). */
const isOle = (b: Buffer) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * HEIF/HEIC by the ISO-BMFF `ftyp` box at the start: its major brand and compatible brands.
 * HEVC brands make image/heic; a plain HEIF brand (mif1, msf1) makes image/heif, unless the major
 * brand says AVIF (which also lists mif1).
 */
export function heifType(b: Buffer): string | null {
  if (b.length < 16 || !startsWith(b, "ftyp", 4)) return null;
  const boxSize = b.readUInt32BE(0);
  if (boxSize < 16 || boxSize > 4096) return null;
  const end = Math.min(boxSize, b.length);
  const major = b.toString("latin1", 8, 12);
  const brands = [major];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(b.toString("latin1", i, i + 4));
  if (brands.some((x) => HEIC_BRANDS.has(x))) return "image/heic";
  if (!AVIF_BRANDS.has(major) && brands.some((x) => HEIF_BRANDS.has(x))) return "image/heif";
  return null;
}

/** An avatar: png, jpeg (jpg), heif or heic - nothing else. */
export function detectAvatar(b: Buffer): Detected | null {
  if (isPng(b)) return { mime: "image/png" };
  if (isJpeg(b)) return { mime: "image/jpeg" };
  const heif = heifType(b);
  return heif ? { mime: heif } : null;
}

const isWebp = (b: Buffer) => startsWith(b, "RIFF") && startsWith(b, "WEBP", 8);

/** A policy picture (uploadPicture): png, jpeg, gif, webp, heif or heic. */
export function detectPicture(b: Buffer): Detected | null {
  if (isGif(b)) return { mime: "image/gif" };
  if (isWebp(b)) return { mime: "image/webp" };
  return detectAvatar(b);
}

/** Valid UTF-8 (a BOM allowed) without NUL bytes: plain text or CSV. */
export function isText(b: Buffer): boolean {
  if (b.length === 0 || b.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const extensionOf = (fileName: string) => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return m ? m[1].toLowerCase() : "";
};

/** Each family of general files: the extensions it may carry and the type each one means. */
const FAMILIES: { test: (b: Buffer) => boolean; types: Record<string, string> }[] = [
  { test: isPdf, types: { pdf: "application/pdf" } },
  { test: isPng, types: { png: "image/png" } },
  { test: isJpeg, types: { jpg: "image/jpeg", jpeg: "image/jpeg" } },
  { test: isGif, types: { gif: "image/gif" } },
  {
    test: isZip,
    types: {
      zip: "application/zip",
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    },
  },
  { test: isOle, types: { doc: "application/msword", xls: "application/vnd.ms-excel", ppt: "application/vnd.ms-powerpoint" } },
  { test: isText, types: { txt: "text/plain; charset=utf-8", csv: "text/csv; charset=utf-8" } },
];

/** The media types (without parameters) a general file is stored, and so downloaded, as. */
export const GENERAL_FILE_TYPES: readonly string[] = [...new Set(FAMILIES.flatMap((family) => Object.values(family.types).map((type) => type.split(";")[0])))];

/**
 * A general file (pdf, doc, docx, xls, xlsx, ppt, pptx, txt, csv, zip, png, jpg, jpeg, gif): the
 * bytes decide the family, and the name's extension must be one of that family's.
 */
export function detectGeneralFile(b: Buffer, fileName: string): Detected | null {
  const ext = extensionOf(fileName);
  for (const family of FAMILIES) {
    if (!family.test(b)) continue;
    const mime = family.types[ext];
    return mime ? { mime } : null;
  }
  return null;
}

/** The name to keep: no folder part, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, fallback = "file"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return clean || fallback;
}

/** Content-Disposition attachment with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
