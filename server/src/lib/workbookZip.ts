import { Readable } from "node:stream";
import zlib from "node:zlib";
import { ApiError } from "./errors.ts";

// An .xlsx is a zip archive. Before any of it is parsed, its central directory is checked and every
// part is inflated once with a hard limit (zip bombs, ASVS 12.1.2); then only the parts an import
// reads are handed to exceljs's streaming reader, in the order it needs them (lib/sheetRows.ts).

const MB = 1024 * 1024;
export const WORKBOOK_LIMITS = {
  /** Parts in the archive (a workbook of a few sheets has a dozen or two). */
  entries: 500,
  /** Unpacked bytes of one part (a 5000-row import sheet is a few MB of XML). */
  entryBytes: 32 * MB,
  /** Unpacked bytes of all parts together. */
  totalBytes: 64 * MB,
  /** Unpacked : packed of a part over `ratioFrom` bytes (real sheets stay far below; deflate's maximum is about 1032). */
  ratio: 200,
  ratioFrom: 1 * MB,
};

export const workbookTooLarge = () =>
  new ApiError(
    413,
    413,
    `工作簿解压后过大或压缩比异常（疑似压缩炸弹），已拒绝：解压后不得超过${WORKBOOK_LIMITS.totalBytes / MB}MB，请使用下载的模板`,
    `The workbook is refused: it unpacks to too much data or is abnormally compressed (a possible zip bomb); at most ${WORKBOOK_LIMITS.totalBytes / MB} MB unpacked. Please use the downloaded template`,
  );

export const unreadableWorkbook = () => new ApiError(400, 400, "文件无法读取，请使用下载的模板", "The file cannot be read; please use the downloaded template");

/** One part of the archive, from its central directory entry. */
export interface ZipPart {
  name: string;
  method: number;
  flags: number;
  packed: number;
  unpacked: number;
  /** Offset of its local header. */
  local: number;
}

/** The central directory: 400 when it is not a readable zip (ZIP64 included), 413 over the limits. */
function centralDirectory(bytes: Buffer): ZipPart[] {
  const L = WORKBOOK_LIMITS;
  // End of central directory: 22 bytes plus a comment of at most 65535, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadableWorkbook();
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (bytes.readUInt16LE(eocd + 10) > L.entries) throw workbookTooLarge();
  if (cdOffset + cdSize > eocd) throw unreadableWorkbook(); // ZIP64 (0xFFFFFFFF) or damaged
  const parts: ZipPart[] = [];
  let total = 0;
  for (let p = cdOffset; p < cdOffset + cdSize; ) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) throw unreadableWorkbook();
    const nameLength = bytes.readUInt16LE(p + 28);
    const part: ZipPart = {
      name: bytes.toString("utf8", p + 46, p + 46 + nameLength),
      flags: bytes.readUInt16LE(p + 8),
      method: bytes.readUInt16LE(p + 10),
      packed: bytes.readUInt32LE(p + 20),
      unpacked: bytes.readUInt32LE(p + 24),
      local: bytes.readUInt32LE(p + 42),
    };
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    total += part.unpacked;
    if (parts.push(part) > L.entries || part.unpacked > L.entryBytes || total > L.totalBytes) throw workbookTooLarge();
    if (part.unpacked > L.ratioFrom && part.unpacked > L.ratio * Math.max(1, part.packed)) throw workbookTooLarge();
  }
  return parts;
}

/** Where a part's compressed data starts, from its local header (whose name and extra lengths may differ from the directory's). */
function dataStart(bytes: Buffer, part: ZipPart): number {
  if (part.local + 30 > bytes.length || bytes.readUInt32LE(part.local) !== 0x04034b50) throw unreadableWorkbook();
  const start = part.local + 30 + bytes.readUInt16LE(part.local + 26) + bytes.readUInt16LE(part.local + 28);
  if (start + part.packed > bytes.length) throw unreadableWorkbook();
  return start;
}

/**
 * Inflates a part and counts its bytes, never past its declared size (whatever the data says), and
 * never holding it: a lying header is caught where it matters, in the inflation.
 */
function checkInflation(data: Buffer, declared: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > declared) inflate.destroy(workbookTooLarge());
    });
    inflate.on("error", (e) => reject(e instanceof ApiError ? e : unreadableWorkbook()));
    inflate.on("end", () => (size === declared ? resolve() : reject(unreadableWorkbook())));
    inflate.end(data);
  });
}

/**
 * Refuses (413) an archive that unpacks to more than the limits, by its central directory and by
 * inflating each part with an output limit; 400 when it is not a readable zip. Answers its parts.
 * Call before anything parses the workbook.
 */
export async function assertSafeWorkbook(bytes: Buffer): Promise<ZipPart[]> {
  const parts = centralDirectory(bytes);
  for (const part of parts) {
    const start = dataStart(bytes, part);
    if (part.method === 0) {
      if (part.packed !== part.unpacked) throw workbookTooLarge();
      continue;
    }
    if (part.method !== 8) throw unreadableWorkbook();
    await checkInflation(bytes.subarray(start, start + part.packed), part.unpacked);
  }
  return parts;
}

/** How many bytes at the end of `b` start a UTF-8 character that continues in the next piece. */
function unfinishedTail(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? back : 0;
  }
  return 0;
}

/** A part's bytes, unpacked as a stream, in pieces that never split a UTF-8 character. */
async function* unpackedPieces(bytes: Buffer, part: ZipPart): AsyncGenerator<Buffer> {
  const start = dataStart(bytes, part);
  const data = bytes.subarray(start, start + part.packed);
  const source: AsyncIterable<Buffer> =
    part.method === 0
      ? (function* () {
          for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
        })() as unknown as AsyncIterable<Buffer>
      : zlib.createInflateRaw({ chunkSize: 64 * 1024 }).end(data);
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const piece = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const tail = unfinishedTail(piece);
    carry = piece.subarray(piece.length - tail);
    if (piece.length > tail) yield piece.subarray(0, piece.length - tail);
  }
  if (carry.length) yield carry;
}

/** The local header of a stored (uncompressed) record of `size` bytes named `name`. */
function storedHeader(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x800, 6); // UTF-8 name
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
}

/**
 * The parts `wanted` selects, in its order, as a zip stream of stored records for exceljs's
 * streaming reader (which reads local records one after another and stops at the end of the
 * stream), unpacked here as they are sent. Why each part is rewritten:
 * - order: exceljs's reader parses a sheet as it arrives only when the workbook's relations and
 *   shared strings came before it; otherwise it writes the sheet to a temporary file first;
 * - stored, in whole characters: exceljs decodes every piece of a part on its own (utils/parse-sax
 *   with a TextDecoder per chunk), so a Chinese character split between two pieces of inflated
 *   data became two U+FFFD. Pieces that end on a character boundary cannot split one;
 * - only these parts: a part an import never reads is never unpacked again.
 */
export function partsInOrder(bytes: Buffer, parts: ZipPart[], wanted: (name: string) => number | null): Readable {
  const chosen = parts
    .map((part, at) => ({ part, rank: wanted(part.name), at }))
    .filter((c): c is { part: ZipPart; rank: number; at: number } => c.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.at - b.at);
  return Readable.from(
    (async function* () {
      for (const { part } of chosen) {
        yield storedHeader(part.name, part.unpacked); // assertSafeWorkbook made sure of the size
        yield* unpackedPieces(bytes, part);
      }
    })(),
    { objectMode: false },
  );
}
