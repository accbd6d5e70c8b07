// The import and template calls of the source-data screen (contract: openapi/paths/sourceData.yaml),
// through the portal client so they carry the session headers and spec 8's messages.
import type { components } from "../../api/schema";
import { callFailure, recordedFailure } from "../../api/errors";
import { fileNameFromDisposition, saveDownload } from "../../api/download";
import type { PortalClient } from "../../api/client";

export type SourceKind = components["schemas"]["SourceKind"];
export type ImportResult = components["schemas"]["SourceImportOk"]["data"];
export type RowError = components["schemas"]["SourceImportRowError"];

/** What an import came to: the counts, or nothing imported with every failing cell (or just the message). */
export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; message: string; rowErrors: RowError[] };

export async function importSource(client: PortalClient, kind: SourceKind, file: File): Promise<ImportOutcome> {
  const res = await client.POST("/sourceData/{kind}/import", {
    params: { path: { kind } },
    body: { file: file as unknown as string },
    bodySerializer: () => {
      const form = new FormData();
      form.append("file", file, file.name);
      return form;
    },
  });
  if (res.data && res.data.code === 0) return { ok: true, result: res.data.data };
  const failure = callFailure(res);
  const rowErrors = (res.error as { rowErrors?: RowError[] } | undefined)?.rowErrors ?? [];
  return { ok: false, message: failure.message, rowErrors };
}

export async function downloadTemplate(client: PortalClient, kind: SourceKind, format: "xlsx" | "csv"): Promise<void> {
  const result = await client.GET("/sourceData/{kind}/template", {
    params: { path: { kind }, query: { format } },
    parseAs: "blob",
  });
  const { response } = result;
  if (recordedFailure(response) || result.error !== undefined || !response.ok) throw callFailure(result);
  saveDownload({
    blob: result.data as unknown as Blob,
    fileName: fileNameFromDisposition(response.headers.get("content-disposition")) ?? `${kind}-import-template.${format}`,
  });
}
