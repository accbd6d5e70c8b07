// The calls of the policy screen (/knowledgeIndex, contract openapi/paths/policy.yaml) that are not
// refine's generic list/getById/create/delete/status: the folder tree, pictures, the Excel import
// and its template, and the pickers' lists. Through the portal client (session headers, spec 8).
import type { components } from "../../api/schema";
import type { ResourceName } from "../../dataProviders/resources";
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { callFailure, recordedFailure } from "../../api/errors";
import { fileNameFromDisposition, saveDownload } from "../../api/download";

export type BscFolder = components["schemas"]["BscFolder"];
export type BscPolicy = components["schemas"]["BscPolicy"];
export type BscPolicySummary = components["schemas"]["BscPolicySummary"];
export type BscPolicyInput = components["schemas"]["BscPolicyInput"];
export type ImportRowError = components["schemas"]["ImportRowError"];
export type Dept = components["schemas"]["SysDeptInfo"];
export type DeptUser = components["schemas"]["DeptUser"];
export type LabelBrief = components["schemas"]["BscLabelBrief"];

/** The data provider's resource of the policy list (marked x-resource in openapi/paths/policy.yaml). */
export const POLICY: ResourceName = "knowledgeIndex";

export const listFolders = (client: PortalClient) => unwrap(client.GET("/bscFolder"));
export const saveFolder = (client: PortalClient, body: components["schemas"]["BscFolderSave"]) => unwrap(client.POST("/bscFolder/saveFolder", { body }));
/**
 * Renames a folder from the version the tree was read with (issue 20). Silent: the dialog tells a
 * refusal as stale (409, code 4090) by its reload offer and any other reason by a toast.
 */
export const renameFolder = (client: PortalClient, folder: BscFolder, folderName: string) =>
  unwrap(
    client.POST("/bscFolder/saveFolder", {
      body: { id: folder.id, folderName, parentId: folder.parentId, sort: folder.sort, version: folder.version },
      headers: SILENT,
    }),
  );
export const deleteFolder = (client: PortalClient, id: number) => unwrap(client.DELETE("/bscFolder/deleteFolderById", { params: { query: { id } } }));
export const listLabels = (client: PortalClient) => unwrap(client.GET("/bscLabel"));
export const listDepts = (client: PortalClient) => unwrap(client.POST("/sysDeptInfo/list", { body: {} }));
export const listDeptUsers = (client: PortalClient, deptId: number) => unwrap(client.GET("/sysDeptInfo/getDeptUserList", { params: { query: { deptId } } }));

const formOf = (file: File, extra: Record<string, string> = {}) => () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append("file", file, file.name);
  return form;
};

/** A picture for the content (at most 50 MB); answers its API-relative address. */
export async function uploadPicture(client: PortalClient, file: File): Promise<{ id: number; fileUrl: string }> {
  return unwrap(client.POST("/file/uploadPicture", { body: { file: file as unknown as string }, bodySerializer: formOf(file) }));
}

/** An attachment (a general file, at most 30 MB). */
export async function uploadAttachment(client: PortalClient, file: File): Promise<{ id: number; fileUrl: string; fileName: string }> {
  return unwrap(client.POST("/fileInfoEx/uploadFile", { body: { file: file as unknown as string }, bodySerializer: formOf(file) }));
}

/** A stored file (a picture in the content) as an object URL: it is served only with the session headers. */
export async function storedFileUrl(client: PortalClient, id: number): Promise<string | null> {
  const res = await client.GET("/fileInfoEx/downloadFile", { params: { query: { id } }, parseAs: "blob", headers: SILENT });
  if (!res.response.ok || !(res.data instanceof Blob)) return null;
  return URL.createObjectURL(res.data);
}

export type ImportOutcome = { ok: true; importedCount: number } | { ok: false; message: string; rowErrors: ImportRowError[] };

/** All or nothing: the count, or nothing imported with every failing cell (or just the message). */
export async function importPolicies(client: PortalClient, folderId: number, file: File): Promise<ImportOutcome> {
  const res = await client.POST("/bscPolicy/importExcel", {
    body: { file: file as unknown as string, folderId },
    bodySerializer: formOf(file, { folderId: String(folderId) }),
    headers: SILENT,
  });
  if (res.data && res.data.code === 0) return { ok: true, importedCount: res.data.data.importedCount };
  const failure = callFailure(res);
  const rowErrors = (res.error as { rowErrors?: ImportRowError[] } | undefined)?.rowErrors ?? [];
  return { ok: false, message: failure.message, rowErrors };
}

export async function downloadTemplate(client: PortalClient): Promise<void> {
  const result = await client.GET("/bscPolicy/downLoadTemplateFile", { parseAs: "blob" });
  const { response } = result;
  if (recordedFailure(response) || result.error !== undefined || !response.ok) throw callFailure(result);
  saveDownload({
    blob: result.data as unknown as Blob,
    fileName: fileNameFromDisposition(response.headers.get("content-disposition")) ?? "policy-import-template.xlsx",
  });
}

/** Allowed status changes (the contract's PolicyStatusUpdate). */
export const NEXT_STATUS: Record<number, number[]> = { 0: [1], 1: [2, 3, 4], 2: [3, 4], 3: [0], 4: [0] };
export const STATUSES = [0, 1, 2, 3, 4] as const;
