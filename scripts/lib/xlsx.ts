// Hand-made .xlsx files for the import tests and the import bench: one sheet whose XML is written
// here (inline strings, or shared strings on request), so a test can make exactly the sheet it
// means - a million empty rows, a cell in column 300, 30 MB of sheet XML - without a spreadsheet
// library building it in memory first. A plain zip: local records, central directory, end record.
import zlib from "node:zlib";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Column letters of a 1-based column number (1 = A, 27 = AA). */
export function columnName(n: number): string {
  let s = "";
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** One `<row>` of inline-string cells (empty cells left out), numbered `r`. */
export function rowXml(r: number, cells: (string | null | undefined)[]): string {
  const cs = cells
    .map((v, i) => (v ? `<c r="${columnName(i + 1)}${r}" t="inlineStr"><is><t xml:space="preserve">${xml(v)}</t></is></c>` : ""))
    .join("");
  return `<row r="${r}">${cs}</row>`;
}

/** The sheetData of rows given as cell arrays, row 1 first. */
export function rowsXml(rows: Iterable<(string | null | undefined)[]>): string {
  const out: string[] = [];
  let r = 0;
  for (const cells of rows) out.push(rowXml(++r, cells));
  return out.join("");
}

const crc32 = (b: Buffer): number => {
  const native = (zlib as unknown as { crc32?: (b: Buffer) => number }).crc32;
  if (native) return native(b);
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};

/** A zip of the given parts (deflated, level 1: fast for tens of MB). */
export function zip(parts: [name: string, content: Buffer | string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [nameText, content] of parts) {
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    const data = zlib.deflateRawSync(raw, { level: 1 });
    const name = Buffer.from(nameText, "utf8");
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A workbook of one sheet named `sheetName` whose sheetData is `sheetData` (see rowsXml), with a
 * shared-strings part when `sharedStrings` is given (cells refer to them with t="s").
 */
export function workbook(sheetData: string, { sharedStrings, sheetName = "Sheet1" }: { sharedStrings?: string[]; sheetName?: string } = {}): Buffer {
  const shared = sharedStrings
    ? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join("")}</sst>`
    : null;
  const parts: [string, string][] = [
    [
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${shared ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`,
    ],
    [
      "_rels/.rels",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${shared ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ""}</Relationships>`,
    ],
    [
      "xl/worksheets/sheet1.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ],
  ];
  // The sheet first and the shared strings after it, as Excel writes them: the order a reader must cope with.
  if (shared) parts.push(["xl/sharedStrings.xml", shared]);
  return zip(parts);
}
