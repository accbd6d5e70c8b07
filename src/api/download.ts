// The export helper of spec 7.10: a GET through the portal client (so it carries the sid header
// and the rest of spec 7), read as a blob, named by the Content-Disposition header. A download
// that answers with a JSON error body rejects with that body's message (spec 8), which the
// client's error middleware has already shown (it reads any JSON answer, whatever parseAs says).
import type { ClientPathsWithMethod } from "openapi-fetch";
import { callFailure, recordedFailure } from "./errors";
import type { PortalClient } from "./client";

export interface Download {
  blob: Blob;
  fileName: string;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not percent-encoded after all: keep it as sent
  }
};

/**
 * The file name of a Content-Disposition header: RFC 5987/6266 `filename*=UTF-8''...` first
 * (it is the only form that carries non-ASCII names faithfully), then `filename="..."` or
 * `filename=...`, which some servers also percent-encode.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const [, charset, encoded] = extended;
    const raw = encoded.trim().replace(/^"(.*)"$/, "$1");
    if (/^utf-8$/i.test(charset.trim()) || charset.trim() === "") return decode(raw);
    // ISO-8859-1 is the only other charset RFC 5987 requires: bytes map one to one.
    return raw.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain[1].trim();
  return value === "" ? null : decode(value);
}

type GetPath = ClientPathsWithMethod<PortalClient, "get">;
type Query = Record<string, string | number | boolean | undefined>;

/** GETs a file as a blob with its name; rejects with an ApiError when the answer is an error. */
export async function fetchDownload(
  client: PortalClient,
  path: GetPath,
  query?: Query,
  fallbackName = "download",
): Promise<Download> {
  // The path is one of the contract's GET paths; its query is the caller's to get right, since
  // openapi-fetch cannot type params for a path chosen at run time.
  const result = await client.GET(path, { params: { query }, parseAs: "blob" } as never);
  const { response } = result;
  // A JSON error comes with HTTP 200 from some servers: the middleware recorded it all the same.
  if (recordedFailure(response) || result.error !== undefined || !response.ok) throw callFailure(result);
  const blob = result.data as unknown as Blob;
  return { blob, fileName: fileNameFromDisposition(response.headers.get("content-disposition")) ?? fallbackName };
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveDownload({ blob, fileName }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The export helper: download a file and save it under the server's name. */
export async function exportFile(client: PortalClient, path: GetPath, query?: Query, fallbackName?: string): Promise<void> {
  saveDownload(await fetchDownload(client, path, query, fallbackName));
}
