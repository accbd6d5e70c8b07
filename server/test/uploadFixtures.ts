import crypto from "node:crypto";
import type { TestApp } from "./helper.ts";

// Multipart bodies and sample bytes for the upload tests (a browser's FormData, by hand).

export interface Part {
  name: string;
  /** With a filename the part is a file part. */
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]) {
  const boundary = `----portalTest${crypto.randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    // Like a browser: the name in UTF-8, with `"` sent as %22 (WHATWG multipart/form-data encoding).
    const filename = p.filename?.replace(/"/g, "%22");
    const disposition = `form-data; name="${p.name}"${filename !== undefined ? `; filename="${filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head, "utf8"), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file part named `file` (or the given parts) to an upload operation. */
export function upload(t: TestApp, url: string, sid: string | undefined, file: Omit<Part, "name"> | Part[]) {
  const { payload, contentType } = multipart(Array.isArray(file) ? file : [{ name: "file", ...file }]);
  return t.app.inject({
    method: "POST",
    url: `/portal-api${url}`,
    payload,
    headers: { "content-type": contentType, ...(sid ? { sid } : {}) },
  });
}

/** `size` bytes starting with `head`, the rest random (so nothing is accidentally text). */
export const bytes = (head: number[] | string, size = 64) => {
  const h = typeof head === "string" ? Buffer.from(head, "latin1") : Buffer.from(head);
  return Buffer.concat([h, crypto.randomBytes(Math.max(0, size - h.length))]);
};

const ftyp = (major: string, compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, "latin1"));
  return [...box];
};

export const SAMPLES = {
  png: () => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  jpeg: () => bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  heic: () => bytes(ftyp("heic", ["mif1", "heic"])),
  heif: () => bytes(ftyp("mif1", ["mif1", "miaf"])),
  /** AVIF lists mif1 too; it is not HEIF. */
  avif: () => bytes(ftyp("avif", ["avif", "mif1", "miaf"])),
  gif: () => bytes("GIF89a"),
  pdf: () => bytes("%PDF-1.7\n"),
  zip: () => bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
  ole: () => bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  csv: () => Buffer.from("姓名,部门\n张伟,Cardiology\n", "utf8"),
};
